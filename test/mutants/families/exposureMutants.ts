import type { MutantDefinition, RpcCall } from '../mutant.js'
import { resultAnswer } from '../rpcMessage.js'

/** The account such a node holds (the first development account of the test mnemonic). */
const HELD = '0xf39Fd6e51aad88F6F4ce6aB8827279cfffb92266'
/** A signature's shape (65 bytes: r, s, v): what a node that signs returns, made up. */
const SIGNATURE = `0x${'5a'.repeat(64)}1b`

/** Answers `method` here with `result` wherever `where` holds, instead of the reference's -32601. */
function exposes(method: string, where: (call: RpcCall) => boolean, result: unknown): MutantDefinition['create'] {
  return () => ({
    request: (call) => (call.method === method && where(call) ? { answer: resultAnswer(call.id, result) } : undefined),
  })
}

const everywhere = (): boolean => true

/**
 * Nodes that expose a wallet, admin, debug or txpool surface a public endpoint must not (EXPOSURE):
 * one method each, one only over WebSocket, one only inside a batch (the bypasses the blocked
 * methods are probed for too). Each answers what the real method answers, made up.
 */
export const exposureMutants: MutantDefinition[] = [
  {
    name: 'exposure-personal-lists-account',
    requirement: 'EXPOSURE',
    description: 'personal_listAccounts answers the account the node holds a key for (a node started with a keystore and its personal API on)',
    create: exposes('personal_listAccounts', everywhere, [HELD]),
  },
  {
    name: 'exposure-admin-node-info',
    requirement: 'EXPOSURE',
    description: "admin_nodeInfo answers the node's identity, enode and ports (the admin API left on the public port)",
    create: exposes('admin_nodeInfo', everywhere, {
      id: '5a'.repeat(32),
      name: 'l2geth/v0.5.31-stable/linux-amd64/go1.20',
      enode: `enode://${'ab'.repeat(64)}@127.0.0.1:30303`,
      ip: '127.0.0.1',
      ports: { discovery: 30303, listener: 30303 },
      listenAddr: '[::]:30303',
      protocols: {},
    }),
  },
  {
    name: 'exposure-eth-sign',
    requirement: 'EXPOSURE',
    description: 'eth_sign answers a signature, for any address (a signer behind the node that signs what it is asked)',
    create: exposes('eth_sign', everywhere, SIGNATURE),
  },
  {
    name: 'exposure-debug-raw-header',
    requirement: 'EXPOSURE',
    description: "debug_getRawHeader answers the head's RLP header (the debug API left on the public port)",
    create: exposes('debug_getRawHeader', everywhere, `0xf90211a0${'11'.repeat(32)}`),
  },
  {
    name: 'exposure-txpool-over-ws',
    requirement: 'EXPOSURE',
    description: 'txpool_status answers over WebSocket only (the WebSocket endpoint opens more namespaces than HTTP)',
    create: exposes('txpool_status', (call) => call.transport === 'ws', { pending: '0x0', queued: '0x0' }),
  },
  {
    name: 'exposure-sign-in-batch',
    requirement: 'EXPOSURE',
    description: 'eth_signTransaction is refused alone but answers a signed transaction inside a batch (the method filter looks at single requests only)',
    create: exposes('eth_signTransaction', (call) => call.inBatch, {
      raw: `0xf86c808504a817c800825208${'de'.repeat(20)}80801ba0${'01'.repeat(32)}a0${'02'.repeat(32)}`,
      tx: {},
    }),
  },
]
