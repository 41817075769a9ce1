import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { freePort, type NodeHandle, startNodeProcess } from './startNodeProcess.js'

/** Ganache's first --wallet.deterministic key (mnemonic "myth like bonus scare ..."): publicly known, test use only. */
export const GANACHE_DEV_KEY = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d'

/** Ganache's command-line entry, from the `ganache` devDependency. */
function ganacheCli(): string {
  const manifest = createRequire(import.meta.url).resolve('ganache/package.json')
  return join(dirname(manifest), 'dist', 'node', 'cli.js')
}

/**
 * Starts Ganache 7 (a real third-party Ethereum node, from npm) on 127.0.0.1 with a free port, its
 * deterministic accounts and a block a second (so subscriptions have heads to notify), and resolves
 * once it listens (tests only). `args` go to ganache.
 * @example const ganache = await startGanache(); ...; await ganache.stop()
 */
export async function startGanache(args: readonly string[] = [], timeoutMs = 60_000): Promise<NodeHandle> {
  const port = await freePort()
  return startNodeProcess({
    name: 'ganache',
    command: process.execPath,
    args: [
      ganacheCli(),
      '--server.host',
      '127.0.0.1',
      '--server.port',
      String(port),
      '--wallet.deterministic',
      '--miner.blockTime',
      '1',
      '--logging.quiet',
      ...args,
    ],
    listening: /RPC Listening on (\S+:\d+)/,
    timeoutMs,
  })
}
