import { RLP } from '@ethereumjs/rlp'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { hexOf, hexToBytes } from '../chain/hexBytes.js'
import { EMPTY_TRIE_ROOT } from '../chain/transactionsRoot.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson, boundedText } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { describeError } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'

/** keccak256 of no bytes: the code hash of an account without code. */
export const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
const ZERO_HASH = `0x${'0'.repeat(64)}`

/** What an eth_getProof call asked: the account, the storage slots, the block (its label and its state root as its header says). */
export interface ProofAsked {
  address: string
  slots: readonly string[]
  block: string
  stateRoot: string
  /** An error answer is inconclusive (a past block whose state the node keeps no more), not a failure. */
  past: boolean
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const HASH = /^0x[0-9a-fA-F]{64}$/

const quantity = (value: unknown): bigint | null => (typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : null)
const bytesOf = (value: unknown): Uint8Array | null => (typeof value === 'string' && HEX_BYTES.test(value) ? hexToBytes(value) : null)
const word = (slot: bigint): Uint8Array => hexToBytes(`0x${slot.toString(16).padStart(64, '0')}`)
const asInteger = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(hexOf(bytes)))

/** The nodes of a proof as bytes, or null when it is not an array of hex strings. */
function nodesOf(proof: unknown): Uint8Array[] | null {
  if (!Array.isArray(proof) || proof.length > 256) return null
  const nodes = proof.map(bytesOf)
  return nodes.every((node): node is Uint8Array => node !== null) ? nodes : null
}

/**
 * What a proof proves for `key` (hashed, as the state and storage tries key their entries) from
 * `root`: the value, null for a proof that the key is absent, or why it proves nothing from that root
 * (its first node is another root's, or its nodes do not lead to the key).
 */
async function proven(nodes: Uint8Array[], key: Uint8Array, root: string): Promise<{ value: Uint8Array | null } | { wrong: string }> {
  if (nodes.length === 0) return root === EMPTY_TRIE_ROOT ? { value: null } : { wrong: `it holds no node, but the root ${root} is not the empty trie's` }
  const first = hexOf(keccak_256(nodes[0]!))
  if (first !== root) return { wrong: `its first node hashes to ${first}, not to the root ${root}: it proves another root` }
  // The empty trie's one node (the RLP of no bytes, 0x80): every key is absent from it.
  if (root === EMPTY_TRIE_ROOT && nodes.length === 1) return { value: null }
  // The trie library is loaded when a proof is first checked (the requirements table imports this module).
  const { verifyMerkleProof } = await import('@ethereumjs/mpt')
  try {
    return { value: await verifyMerkleProof(key, nodes, { useKeyHashing: true, root: hexToBytes(root) }) }
  } catch (error) {
    return { wrong: `its nodes do not lead from the root to the key (${boundedText(error instanceof Error ? error.message : error, 100)})` }
  }
}

/**
 * An eth_getProof answer (EIP-1186) proves what it states at the block asked: its account proof leads
 * from that block's stateRoot to the account (or to its absence) and the leaf holds exactly the
 * nonce, balance, storageHash and codeHash stated; each storage proof leads from that storageHash to
 * the slot and holds the value stated (absent: zero). A proof from another root (the latest state's,
 * for a past block) proves nothing about the block asked. An error answer for a past block is
 * inconclusive (its state may be kept no more), for the head a failure.
 * @example await checkProof(exchange, { address, slots: ['0x0'], block: 'block 41', stateRoot: block.stateRoot, past: true })
 */
export async function checkProof(exchange: Exchange, asked: ProofAsked): Promise<Finding[]> {
  const what = `eth_getProof of ${asked.address} at ${asked.block}`
  const outcome = outcomeOf(exchange)
  if (outcome.kind === 'broken') return [{ kind: 'no-answer', message: `${what}: ${outcome.reason}`, exchange }]
  if (outcome.kind === 'error') {
    return [
      {
        kind: asked.past ? 'inconclusive' : 'unexpected-error',
        message: `${what} answered ${describeError(outcome)}${asked.past ? ': no state to prove at that block' : ', expected an account proof'}`,
        exchange,
      },
    ]
  }
  const answer = outcome.value
  const shape = (message: string, pointer: string): Finding[] => [
    { kind: 'schema-violation', message: `${what}: ${message}`, exchange, pointer: `/result${pointer}` },
  ]
  if (!isObject(answer)) return shape(`answered ${boundedJson(answer, 80)}, not an account proof`, '')
  const nonce = quantity(answer.nonce)
  const balance = quantity(answer.balance)
  const storageHash = typeof answer.storageHash === 'string' && HASH.test(answer.storageHash) ? answer.storageHash.toLowerCase() : null
  const codeHash = typeof answer.codeHash === 'string' && HASH.test(answer.codeHash) ? answer.codeHash.toLowerCase() : null
  const accountNodes = nodesOf(answer.accountProof)
  if (nonce === null || balance === null || storageHash === null || codeHash === null)
    return shape('nonce, balance, storageHash and codeHash are not all hex (quantities and 32-byte hashes)', '')
  if (accountNodes === null) return shape('accountProof is not an array of hex-encoded trie nodes', '/accountProof')
  const address = bytesOf(asked.address)
  const root = asked.stateRoot.toLowerCase()
  if (address === null || !HASH.test(root)) return []
  const findings: Finding[] = []
  const fail = (message: string, pointer: string, expected?: unknown, got?: unknown): void => {
    findings.push({
      kind: 'wrong-value',
      message: `${what}: ${message}`,
      exchange,
      pointer: `/result${pointer}`,
      ...(expected === undefined ? {} : { expected }),
      ...(got === undefined ? {} : { got }),
    })
  }
  const account = await proven(accountNodes, address, root)
  if ('wrong' in account) {
    fail(`the account proof does not prove the account from the block's stateRoot ${root}: ${account.wrong}`, '/accountProof')
    return findings
  }
  if (account.value === null) {
    // No account: nothing in it. (geth states a zero codeHash for one; the empty trie and code are the others' spelling.)
    if (nonce !== 0n || balance !== 0n) fail(`the proof shows no such account, but the answer states nonce ${nonce} and balance ${balance}`, '/balance')
    if (storageHash !== EMPTY_TRIE_ROOT && storageHash !== ZERO_HASH)
      fail(`the proof shows no such account, but the answer states storageHash ${storageHash}`, '/storageHash', EMPTY_TRIE_ROOT, storageHash)
    if (codeHash !== EMPTY_CODE_HASH && codeHash !== ZERO_HASH)
      fail(`the proof shows no such account, but the answer states codeHash ${codeHash}`, '/codeHash', EMPTY_CODE_HASH, codeHash)
  } else {
    let leaf: unknown
    try {
      leaf = RLP.decode(account.value)
    } catch {
      leaf = null
    }
    if (!Array.isArray(leaf) || leaf.length !== 4 || !leaf.every((item) => item instanceof Uint8Array)) {
      fail('the account proof leads to a leaf that is not an account (RLP of nonce, balance, storage root, code hash)', '/accountProof')
    } else {
      const [provenNonce, provenBalance, provenStorage, provenCode] = leaf as Uint8Array[]
      const stated: Array<[string, unknown, unknown, boolean]> = [
        ['nonce', asInteger(provenNonce!), nonce, asInteger(provenNonce!) === nonce],
        ['balance', asInteger(provenBalance!), balance, asInteger(provenBalance!) === balance],
        ['storageHash', hexOf(provenStorage!), storageHash, hexOf(provenStorage!) === storageHash],
        ['codeHash', hexOf(provenCode!), codeHash, hexOf(provenCode!) === codeHash],
      ]
      for (const [member, inProof, inAnswer, same] of stated) {
        if (!same)
          fail(
            `the proof holds ${member} ${String(inProof)}, the answer states ${String(inAnswer)}`,
            `/${member}`,
            typeof inProof === 'bigint' ? `0x${inProof.toString(16)}` : inProof,
            answer[member],
          )
      }
    }
  }
  if (!Array.isArray(answer.storageProof)) return [...findings, ...shape('storageProof is not an array', '/storageProof')]
  for (const [index, slot] of asked.slots.entries()) {
    const asKey = quantity(slot)
    const entry = answer.storageProof.find((item) => isObject(item) && quantity(item.key) === asKey)
    if (asKey === null) continue
    if (!isObject(entry)) {
      findings.push(...shape(`storageProof holds no entry for the slot ${slot} asked`, '/storageProof'))
      continue
    }
    const at = answer.storageProof.indexOf(entry)
    const value = quantity(entry.value)
    const nodes = nodesOf(entry.proof)
    if (value === null || nodes === null) {
      findings.push(...shape(`storageProof entry ${at} (slot ${slot}) has no hex value and proof`, `/storageProof/${at}`))
      continue
    }
    const stored = await proven(nodes, word(asKey), storageHash)
    if ('wrong' in stored) {
      fail(
        `the storage proof of slot ${slot} (asked ${index + 1}) does not prove it from the storageHash ${storageHash}: ${stored.wrong}`,
        `/storageProof/${at}/proof`,
      )
      continue
    }
    let inProof = 0n
    if (stored.value !== null) {
      try {
        const decoded = RLP.decode(stored.value)
        inProof = decoded instanceof Uint8Array ? asInteger(decoded) : -1n
      } catch {
        inProof = -1n
      }
    }
    if (inProof !== value)
      fail(
        `the storage proof of slot ${slot} holds ${inProof < 0n ? 'no word' : inProof}, the answer states ${value}`,
        `/storageProof/${at}/value`,
        inProof < 0n ? undefined : `0x${inProof.toString(16)}`,
        entry.value,
      )
  }
  return findings
}
