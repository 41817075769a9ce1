import { HarnessError } from '../errors/harnessError.js'
import type { ResolvedServers, SpecServers } from './resolveServers.js'

/** The addresses of a run's target. */
export interface TargetAddresses {
  rpc: string | null
  ws: string | null
  rest: string | null
}

const KIND = { rpc: 'JSON-RPC', ws: 'WebSocket', rest: 'REST' } as const

/**
 * Combines the addresses given as flags (--rpc, --ws, --rest) with those the chosen --server
 * entries give (resolveServers; ARCHITECTURE.md CLI contract). Each address comes from one place: a flag
 * and a server giving the same one is a usage error, never a silent choice; and the node's JSON-RPC
 * address is needed either way. Throws HarnessError L2CONF_ERR_USAGE (exit 2).
 * @example targetFromServers({ rpc: 'http://127.0.0.1:8545', ws: null, rest: null }, resolveServers(['Development'], vars, specs), specs)
 */
export function targetFromServers(flags: TargetAddresses, resolved: ResolvedServers, specs: SpecServers): TargetAddresses {
  const target: TargetAddresses = { ...flags }
  for (const address of resolved.addresses) {
    const kind = address.flag.slice(2) as keyof TargetAddresses
    if (flags[kind] !== null) {
      throw new HarnessError('L2CONF_ERR_USAGE', `${address.flag} and --server ${address.server} both give the ${KIND[kind]} address: give one of them`, {
        server: address.server,
      })
    }
    target[kind] = address.url
  }
  if (target.rpc === null) {
    const nodeServers = specs.openrpc.filter((server) => /^(https?:|\{)/i.test(server.url)).map((server) => server.name)
    throw new HarnessError(
      'L2CONF_ERR_USAGE',
      `the node's JSON-RPC address is needed too: add --rpc URL${nodeServers.length === 0 ? '' : ` or --server ${nodeServers.join(' / ')} (openrpc.json)`}`,
    )
  }
  return target
}
