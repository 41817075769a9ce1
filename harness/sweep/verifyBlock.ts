import { computeBlockHash } from '../chain/computeBlockHash.js'
import { encodedTransaction } from '../chain/transactionsRoot.js'
import { unknownBlockFields } from '../chain/unknownBlockFields.js'
import { boundedJson } from '../checks/boundedJson.js'
import type { Exchange } from '../transport/exchange.js'
import { rpcOutcome } from '../transport/jsonRpcResponse.js'
import { encodedReceipt } from './encodedReceipt.js'
import { bloomHex, logsBloom } from './logsBloom.js'
import { orderedTrieRoot } from './orderedTrieRoot.js'
import type { SweepCheck, SweepFinding, Unjudged } from './sweepFinding.js'

type Json = Record<string, unknown>

/** One block as a sweep read it from one node: the block with full transactions, and each transaction's receipt. */
export interface BlockRead {
  height: number
  block: Exchange
  /** One exchange per transaction of the block, in order (missing when the block could not be read). */
  receipts: Exchange[]
}

export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The object an exchange answered, or null (an error, null, another JSON type, no answer). */
export function objectOf(exchange: Exchange): Json | null {
  const outcome = rpcOutcome(exchange)
  return outcome.kind === 'result' && isObject(outcome.value) ? outcome.value : null
}

/** How an answer that holds no object reads in a finding. */
export function answerWords(exchange: Exchange): string {
  const outcome = rpcOutcome(exchange)
  if (outcome.kind === 'result') return `answered ${boundedJson(outcome.value, 60)}`
  if (outcome.kind === 'error') return `answered error ${boundedJson(outcome.code, 12)}: ${boundedJson(outcome.message, 100)}`
  return outcome.reason
}

const same = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase()
const asNumber = (value: unknown): number | null => (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? Number.parseInt(value, 16) : null)
const asBig = (value: unknown): bigint | null => (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : null)

/**
 * Verifies one block against itself and its receipts (the sweep's one-node rules, SweepCheck): the
 * hash recomputed from the header; transactionsRoot, receiptsRoot and logsBloom recomputed from the
 * transactions, receipts and logs; every transaction and receipt naming its block and index;
 * cumulative gas adding up to the block's gasUsed; log indexes running from 0 across the block. At
 * most one finding per rule, the first problem. What cannot be decided (a typed transaction without
 * its raw bytes) is counted in `unjudged`, never passed. Never throws.
 */
export function verifyBlock(read: BlockRead, side: 'A' | 'B' | undefined, unjudged: Unjudged): SweepFinding[] {
  const findings: SweepFinding[] = []
  const n = read.height
  const found = (check: SweepCheck, method: string, message: string, exchanges: Exchange[], more: Partial<SweepFinding> = {}): void => {
    if (findings.some((f) => f.check === check)) return
    findings.push({ check, method, field: check, block: n, message: `block ${n}: ${message}`, exchanges, ...(side === undefined ? {} : { side }), ...more })
  }
  const skip = (reason: string): void => {
    unjudged.set(reason, (unjudged.get(reason) ?? 0) + 1)
  }
  const block = objectOf(read.block)
  if (block === null) {
    found('block', 'eth_getBlockByNumber', `eth_getBlockByNumber ${answerWords(read.block)}, no block`, [read.block])
    return findings
  }
  if (asNumber(block.number) !== n)
    found('block', 'eth_getBlockByNumber', `asked for block ${n}, got number ${boundedJson(block.number, 30)}`, [read.block], {
      pointer: '/number',
      got: block.number,
    })

  const computed = computeBlockHash(block)
  if ('error' in computed) found('hash', 'eth_getBlockByNumber', `the header cannot be rebuilt: ${computed.error}`, [read.block])
  else if (!same(block.hash, computed.hash)) {
    const unknown = unknownBlockFields(block)
    if (unknown.length > 0)
      skip(`blocks carry fields the suite does not know (${unknown.join(', ')}) and hash to another value than their ${computed.layout} header without them`)
    else
      found(
        'hash',
        'eth_getBlockByNumber',
        `hash is ${boundedJson(block.hash, 70)}, keccak of its ${computed.layout} header is ${computed.hash}`,
        [read.block],
        {
          pointer: '/hash',
          expected: computed.hash,
          got: block.hash,
        },
      )
  }

  const txs = block.transactions
  if (!Array.isArray(txs)) {
    found('transactions', 'eth_getBlockByNumber', `transactions is ${boundedJson(txs, 40)}, not an array`, [read.block], { pointer: '/transactions' })
    return findings
  }
  const encodedTxs: Uint8Array[] = []
  for (const [i, tx] of txs.entries()) {
    const encoded = encodedTransaction(tx, i)
    if (typeof encoded === 'string') {
      skip(
        /typed/.test(encoded)
          ? 'typed transactions without rawTransaction are not rebuilt, so their transactionsRoot is not recomputed'
          : encoded.replace(/^transaction \d+/, 'a transaction'),
      )
      break
    }
    encodedTxs.push(encoded)
  }
  if (encodedTxs.length === txs.length) {
    const root = orderedTrieRoot(encodedTxs)
    if (!same(block.transactionsRoot, root))
      found(
        'transactionsRoot',
        'eth_getBlockByNumber',
        `transactionsRoot is ${boundedJson(block.transactionsRoot, 70)}, the root of its ${txs.length} transaction(s) is ${root}`,
        [read.block],
        {
          pointer: '/transactionsRoot',
          expected: root,
          got: block.transactionsRoot,
        },
      )
  }
  for (const [i, tx] of txs.entries()) {
    if (!isObject(tx)) {
      found('transactions', 'eth_getBlockByNumber', `transaction ${i} is ${boundedJson(tx, 40)}, not a transaction object`, [read.block], {
        pointer: `/transactions/${i}`,
      })
      break
    }
    const wrong = !same(tx.blockHash, block.hash)
      ? 'blockHash'
      : asNumber(tx.blockNumber) !== n
        ? 'blockNumber'
        : asNumber(tx.transactionIndex) !== i
          ? 'transactionIndex'
          : null
    if (wrong !== null) {
      const expected = wrong === 'blockHash' ? block.hash : wrong === 'blockNumber' ? block.number : `0x${i.toString(16)}`
      found(
        'transactions',
        'eth_getBlockByNumber',
        `transaction ${i} has ${wrong} ${boundedJson(tx[wrong], 70)}, its place says ${boundedJson(expected, 70)}`,
        [read.block],
        {
          pointer: `/transactions/${i}/${wrong}`,
          expected,
          got: tx[wrong],
        },
      )
    }
  }

  // Receipts: each names its transaction and block; gas adds up; logs index across the block.
  const bloom = new Uint8Array(256)
  const encodedReceipts: Uint8Array[] = []
  let receiptsWhole = true
  let cumulative = 0n
  let logIndex = 0
  for (const [i, tx] of txs.entries()) {
    const exchange = read.receipts[i]
    const receipt = exchange === undefined ? null : objectOf(exchange)
    if (exchange === undefined || receipt === null) {
      receiptsWhole = false
      found(
        'receipts',
        'eth_getTransactionReceipt',
        `transaction ${i}'s receipt: ${exchange === undefined ? 'not asked' : answerWords(exchange)}`,
        exchange === undefined ? [read.block] : [exchange],
      )
      continue
    }
    const txObject = isObject(tx) ? tx : {}
    const wrong = !same(receipt.transactionHash, txObject.hash)
      ? 'transactionHash'
      : !same(receipt.blockHash, block.hash)
        ? 'blockHash'
        : asNumber(receipt.blockNumber) !== n
          ? 'blockNumber'
          : asNumber(receipt.transactionIndex) !== i
            ? 'transactionIndex'
            : null
    if (wrong !== null) {
      const expected = { transactionHash: txObject.hash, blockHash: block.hash, blockNumber: block.number, transactionIndex: `0x${i.toString(16)}` }[wrong]
      found(
        'receipts',
        'eth_getTransactionReceipt',
        `transaction ${i}'s receipt has ${wrong} ${boundedJson(receipt[wrong], 70)}, its transaction says ${boundedJson(expected, 70)}`,
        [exchange],
        {
          pointer: `/${wrong}`,
          expected,
          got: receipt[wrong],
        },
      )
    }
    const gasUsed = asBig(receipt.gasUsed)
    const cumulativeGas = asBig(receipt.cumulativeGasUsed)
    if (gasUsed !== null && cumulativeGas !== null && cumulativeGas !== cumulative + gasUsed)
      found(
        'receipts',
        'eth_getTransactionReceipt',
        `transaction ${i}'s receipt has cumulativeGasUsed ${cumulativeGas}, the receipts before it used ${cumulative} and it ${gasUsed}`,
        [exchange],
        {
          pointer: '/cumulativeGasUsed',
          expected: `0x${(cumulative + gasUsed).toString(16)}`,
          got: receipt.cumulativeGasUsed,
        },
      )
    cumulative = cumulativeGas ?? cumulative + (gasUsed ?? 0n)
    const logs = Array.isArray(receipt.logs) ? receipt.logs : []
    for (const [j, log] of logs.entries()) {
      const l = isObject(log) ? log : {}
      const wrongLog =
        asNumber(l.logIndex) !== logIndex
          ? 'logIndex'
          : !same(l.blockHash, block.hash)
            ? 'blockHash'
            : asNumber(l.blockNumber) !== n
              ? 'blockNumber'
              : !same(l.transactionHash, txObject.hash)
                ? 'transactionHash'
                : asNumber(l.transactionIndex) !== i
                  ? 'transactionIndex'
                  : null
      if (wrongLog !== null) {
        const expected = {
          logIndex: `0x${logIndex.toString(16)}`,
          blockHash: block.hash,
          blockNumber: block.number,
          transactionHash: txObject.hash,
          transactionIndex: `0x${i.toString(16)}`,
        }[wrongLog]
        found(
          'logs',
          'eth_getTransactionReceipt',
          `log ${j} of transaction ${i}'s receipt has ${wrongLog} ${boundedJson(l[wrongLog], 70)}, its place says ${boundedJson(expected, 70)}`,
          [exchange],
          {
            pointer: `/logs/${j}/${wrongLog}`,
            expected,
            got: l[wrongLog],
          },
        )
      }
      logIndex++
    }
    const own = logsBloom(logs)
    if ('unknown' in own) {
      receiptsWhole = false
      skip(`a receipt's logs cannot be read for its bloom (${own.unknown.replace(/^log \d+/, 'a log')})`)
      continue
    }
    if (typeof receipt.logsBloom === 'string' && !same(receipt.logsBloom, bloomHex(own.bloom)))
      found(
        'logsBloom',
        'eth_getTransactionReceipt',
        `transaction ${i}'s receipt has a logsBloom that is not the bloom of its ${logs.length} log(s)`,
        [exchange],
        {
          pointer: '/logsBloom',
          expected: bloomHex(own.bloom),
          got: receipt.logsBloom,
        },
      )
    for (let k = 0; k < 256; k++) bloom[k] = (bloom[k] as number) | (own.bloom[k] as number)
    const encoded = encodedReceipt(receipt, own.bloom)
    if (typeof encoded === 'string') {
      receiptsWhole = false
      skip(`receipts not encoded: ${encoded}`)
      continue
    }
    encodedReceipts.push(encoded)
  }
  if (receiptsWhole) {
    const gasUsed = asBig(block.gasUsed)
    if (gasUsed !== null && txs.length > 0 && cumulative !== gasUsed)
      found(
        'receipts',
        'eth_getTransactionReceipt',
        `the last receipt's cumulativeGasUsed is ${cumulative}, the block's gasUsed ${gasUsed}`,
        read.receipts.slice(-1),
        {
          pointer: '/cumulativeGasUsed',
          expected: block.gasUsed,
          got: `0x${cumulative.toString(16)}`,
        },
      )
    const root = orderedTrieRoot(encodedReceipts)
    if (!same(block.receiptsRoot, root))
      found(
        'receiptsRoot',
        'eth_getBlockByNumber',
        `receiptsRoot is ${boundedJson(block.receiptsRoot, 70)}, the root of its ${encodedReceipts.length} receipt(s) is ${root}`,
        [read.block, ...read.receipts.slice(0, 3)],
        {
          pointer: '/receiptsRoot',
          expected: root,
          got: block.receiptsRoot,
        },
      )
    if (!same(block.logsBloom, bloomHex(bloom)))
      found('logsBloom', 'eth_getBlockByNumber', `logsBloom is not the bloom of its receipts' ${logIndex} log(s)`, [read.block], {
        pointer: '/logsBloom',
        expected: bloomHex(bloom),
        got: block.logsBloom,
      })
  }
  return findings
}
