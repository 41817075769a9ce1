import { addressOf, signLegacyTransaction } from '../../../harness/transactions/signLegacyTransaction.js'
import type { MutantDefinition, MutantHooks, RpcCall } from '../mutant.js'
import { hasResult, isObject, resultAnswer } from '../rpcMessage.js'

/** Development keys of the test mnemonic (accounts 3 and 4: no lane of the mutant run sends from them); funded by the reference at genesis. */
const DEV_KEY_3 = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'
const DEV_KEY_4 = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'
/** An arbitrary key that no list of development accounts holds: its account has no funds. */
const UNLISTED_KEY = '0x5f1c3bd1ad3d0d6c5cb9e66a04a8f5e2b1b1f6f0e3b2e7b8a36c4a0c2d9e8f71'

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

interface KeystoreOptions {
  /** eth_accounts lists the held address (a node that shows its keystore). */
  list?: boolean
  /** Signs and sends, then answers the blocked-method error anyway (a node whose block list sits after its signer). */
  deny?: boolean
}

const senderOf = (call: RpcCall): string | null => {
  const tx = call.params[0]
  return isObject(tx) && typeof tx.from === 'string' ? tx.from.toLowerCase() : null
}

/**
 * A node with a keystore: eth_sendTransaction from the one address it holds a key for is signed (at
 * the network's gas price, whatever the request says, as a wallet fills it in) and sent on as
 * eth_sendRawTransaction; every other sender gets the reference's blocked-method error. The nonce,
 * chain id and gas price are learned from the answers the proxy forwards (the suite reads the
 * sender's pending nonce just before its call), as a node knows its own chain.
 */
function keystore(key: string, options: KeystoreOptions = {}): () => MutantHooks {
  return () => {
    const held = addressOf(key).toLowerCase()
    let nonce = 0n
    let chainId = 901n
    let gasPrice = 1_000_000_000n
    const learn = (value: unknown, set: (v: bigint) => void): void => {
      if (typeof value === 'string' && QUANTITY.test(value)) set(BigInt(value))
    }
    return {
      request(call) {
        if (options.list === true && call.method === 'eth_accounts' && call.params.length === 0) return { answer: resultAnswer(call.id, [addressOf(key)]) }
        if (call.method !== 'eth_sendTransaction' || senderOf(call) !== held) return undefined
        const tx = call.params[0] as Record<string, unknown>
        const signed = signLegacyTransaction(
          {
            chainId,
            nonce: nonce++,
            gasPrice,
            gasLimit: typeof tx.gas === 'string' && QUANTITY.test(tx.gas) ? BigInt(tx.gas) : 21_000n,
            ...(typeof tx.to === 'string' ? { to: tx.to } : {}),
            value: typeof tx.value === 'string' && QUANTITY.test(tx.value) ? BigInt(tx.value) : 0n,
            ...(typeof tx.data === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(tx.data) ? { data: tx.data } : {}),
          },
          key,
        )
        return { forward: { jsonrpc: '2.0', id: call.id ?? null, method: 'eth_sendRawTransaction', params: [signed.raw] } }
      },
      response(call, response) {
        const result = hasResult(response) ? response.result : undefined
        if (call.method === 'eth_chainId') learn(result, (v) => (chainId = v))
        if (call.method === 'eth_gasPrice') learn(result, (v) => (gasPrice = v))
        if (call.method === 'eth_getTransactionCount' && call.params[1] === 'pending' && String(call.params[0]).toLowerCase() === held)
          learn(result, (v) => (nonce = v))
        if (options.deny === true && call.method === 'eth_sendTransaction' && senderOf(call) === held) {
          return {
            jsonrpc: '2.0',
            id: call.id ?? null,
            error: { code: -32601, message: 'eth_sendTransaction is blocked', data: { blocked: true, alternative: 'eth_sendRawTransaction' } },
          }
        }
        return response
      },
    }
  }
}

/** Nodes that would sign eth_sendTransaction for a key they hold (BLOCKED-SENDTX): caught only by trying every sender they might hold. */
export const keystoreMutants: MutantDefinition[] = [
  {
    name: 'blocked-sendtx-signs-for-dev-key',
    requirement: 'BLOCKED-SENDTX',
    description:
      "eth_sendTransaction is refused for the spec example's sender, but signed and mined for a well-known development account the node holds (one eth_accounts does not list)",
    create: keystore(DEV_KEY_3),
  },
  {
    name: 'blocked-sendtx-signs-then-denies',
    requirement: 'BLOCKED-SENDTX',
    description:
      'eth_sendTransaction from a development account the node holds is signed and mined, and then answered with the blocked-method error: only the chain shows it',
    create: keystore(DEV_KEY_4, { deny: true }),
  },
  {
    name: 'blocked-sendtx-signs-listed-account',
    requirement: 'BLOCKED-SENDTX',
    // eth_accounts listing the held account is EXPOSURE's MUST too: the same keystore, shown.
    alsoBreaks: ['EXPOSURE'],
    description:
      'eth_accounts lists an account no list of development keys knows, and eth_sendTransaction from it is signed and weighed (refused for its funds)',
    create: keystore(UNLISTED_KEY, { list: true }),
  },
]
