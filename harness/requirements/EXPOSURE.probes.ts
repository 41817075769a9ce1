/**
 * What a probe's answer can reveal (EXPOSURE): `lists` a call whose result lists accounts the node
 * holds keys for, `signs` one whose result is a signature made with such a key (both the interface
 * document's own reason for blocking eth_getAccounts: "nodes expose no internal wallets", a MUST),
 * `reachable` one whose mere answer shows a namespace a public endpoint has no use for (a SHOULD),
 * `modules` the node's own list of its namespaces (a fact, never judged).
 */
export type ProbeReveals = 'lists' | 'signs' | 'reachable' | 'modules'

/** One fixed probe of EXPOSURE: a harmless call, and what its answer would reveal. */
export interface ExposureProbe {
  method: string
  params: readonly unknown[]
  /** The surface it belongs to, as the report names it ('personal', 'admin', 'debug', 'miner', 'txpool', 'wallet', 'eth', 'rpc'). */
  namespace: string
  reveals: ProbeReveals
  /**
   * Whether an answer that lists nothing (a result or an error other than "no such method") still
   * shows its namespace reachable (SHOULD). eth_accounts is a standard method: `[]` is the right answer.
   */
  namespaceCounts: boolean
}

/**
 * An address no node can hold the key of: its key is unknown (0x…dEaD, the conventional burn
 * address). eth_sign and eth_signTransaction are asked only for it, so no answer can be a signature a
 * real account made; a node that returns one signs for what it cannot hold, and an "unknown account"
 * error shows the wallet surface is there.
 */
export const UNHOLDABLE_ADDRESS = '0x000000000000000000000000000000000000dEaD'

/** A transaction hash no chain holds: debug_traceTransaction of it looks it up and traces nothing. */
export const ABSENT_TRANSACTION = `0x${'00'.repeat(32)}`

/**
 * A method no node serves: its answer is how this node says "no such method", against which every
 * probe's error is read (a node that answers every unknown method with one code, whatever it is).
 */
export const CONTROL_METHOD = 'l2conf_noSuchMethod'

/**
 * The probes, a fixed list in code and never taken from the spec under test: a spec declaring
 * personal_sign does not make the suite call it. Each is read-only and costs the node no real work:
 * nothing unlocks an account, signs with a real key, starts or stops anything, adds a peer, writes a
 * file or traces a block. txpool_content (the whole pool) is left for txpool_status (two counts), and
 * the debug namespace is asked for one header and for the trace of a transaction that does not exist.
 */
export const EXPOSURE_PROBES: readonly ExposureProbe[] = [
  { method: 'rpc_modules', params: [], namespace: 'rpc', reveals: 'modules', namespaceCounts: false },
  { method: 'eth_accounts', params: [], namespace: 'eth', reveals: 'lists', namespaceCounts: false },
  { method: 'personal_listAccounts', params: [], namespace: 'personal', reveals: 'lists', namespaceCounts: true },
  { method: 'personal_listWallets', params: [], namespace: 'personal', reveals: 'lists', namespaceCounts: true },
  { method: 'eth_sign', params: [UNHOLDABLE_ADDRESS, '0x00'], namespace: 'wallet', reveals: 'signs', namespaceCounts: true },
  {
    method: 'eth_signTransaction',
    params: [{ from: UNHOLDABLE_ADDRESS, to: UNHOLDABLE_ADDRESS, value: '0x0', gas: '0x5208', gasPrice: '0x0', nonce: '0x0' }],
    namespace: 'wallet',
    reveals: 'signs',
    namespaceCounts: true,
  },
  { method: 'admin_nodeInfo', params: [], namespace: 'admin', reveals: 'reachable', namespaceCounts: true },
  { method: 'admin_peers', params: [], namespace: 'admin', reveals: 'reachable', namespaceCounts: true },
  { method: 'txpool_status', params: [], namespace: 'txpool', reveals: 'reachable', namespaceCounts: true },
  // The miner namespace's one read-only member (geth 1.9, as the layer-2 nodes fork it); the others start, stop or set.
  { method: 'miner_getHashrate', params: [], namespace: 'miner', reveals: 'reachable', namespaceCounts: true },
  { method: 'debug_getRawHeader', params: ['latest'], namespace: 'debug', reveals: 'reachable', namespaceCounts: true },
  { method: 'debug_traceTransaction', params: [ABSENT_TRANSACTION], namespace: 'debug', reveals: 'reachable', namespaceCounts: true },
]

/** The probes whose answer can break the MUST (an account listed, a signature returned). */
export const WALLET_PROBES: readonly ExposureProbe[] = EXPOSURE_PROBES.filter((probe) => probe.reveals === 'lists' || probe.reveals === 'signs')
