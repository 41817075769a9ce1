import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, type NodeHandle, startNodeProcess } from './startNodeProcess.js'

/** Hardhat's first development key (the "test test ... junk" mnemonic, as Anvil's): publicly known, test use only. */
export const HARDHAT_DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** The folder of the Hardhat config `hardhat node` runs with (Hardhat runs only inside a project that installs it). */
const projectDir = fileURLToPath(new URL('./hardhat/', import.meta.url))

/** Hardhat's command-line entry, from the `hardhat` devDependency. */
function hardhatCli(): string {
  const manifest = createRequire(import.meta.url).resolve('hardhat/package.json')
  return join(dirname(manifest), 'internal', 'cli', 'bootstrap.js')
}

/**
 * Starts the Hardhat 2 network (`hardhat node`, a real third-party Ethereum node, from npm) on
 * 127.0.0.1 with a free port and a block a second (test/nodes/hardhat/hardhat.config.cjs), and
 * resolves once it listens (tests only).
 * @example const hardhat = await startHardhat(); ...; await hardhat.stop()
 */
export async function startHardhat(timeoutMs = 90_000): Promise<NodeHandle> {
  const port = await freePort()
  return startNodeProcess({
    name: 'hardhat',
    command: process.execPath,
    args: [hardhatCli(), 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    cwd: projectDir,
    // No telemetry question, no colours.
    env: { CI: '1', HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', FORCE_COLOR: '0' },
    listening: /JSON-RPC server at http:\/\/(\S+:\d+)\//,
    timeoutMs,
  })
}
