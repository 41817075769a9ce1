import { anvilBinary } from './anvilBinary.js'
import { type NodeHandle, startNodeProcess } from './startNodeProcess.js'

/** A running Anvil: a real third-party Ethereum node for tests (standard methods, no rollup methods). */
export type AnvilHandle = NodeHandle

/**
 * Starts Anvil (its binary, from the platform package: see anvilBinary) on
 * 127.0.0.1 with a free port and resolves once it listens (tests only). `args` go to anvil, e.g.
 * ['--block-time', '1'] or ['--hardfork', 'berlin']; rejects when it does not come up within `timeoutMs`.
 * @example const anvil = await startAnvil(); ...; await anvil.stop()
 */
export function startAnvil(args: readonly string[] = [], timeoutMs = 30_000): Promise<AnvilHandle> {
  return startNodeProcess({
    name: 'anvil',
    command: anvilBinary(),
    args: ['--host', '127.0.0.1', '--port', '0', ...args],
    listening: /Listening on (\S+:\d+)/,
    timeoutMs,
  })
}
