import { boundedText } from '../checks/boundedJson.js'
import { checkTransactionPlacement } from '../checks/checkTransactionPlacement.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import { defineSuite } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import type { Exchange } from '../transport/exchange.js'
import { chainHead } from './chainHead.js'
import { newestBlockWithTransactions } from './newestBlockWithTransactions.js'
import { checkSameAtLatest, checkSameByHash, LATEST_ATTEMPTS, PLACED_TRANSACTIONS } from '../requirements/RPC-STANDARD.js'
import { whenDescribed } from '../../suites/support/whenDescribed.js'

type Json = Record<string, unknown>

async function answer(context: RunContext, method: string, params: unknown[]): Promise<{ exchange: Exchange; value: unknown; error: boolean }> {
  const exchange = await context.http!.call(method, params)
  const outcome = outcomeOf(exchange)
  return { exchange, value: outcome.kind === 'result' ? outcome.value : undefined, error: outcome.kind !== 'result' }
}

/**
 * What read-only calls can prove of a real chain that fixed answers cannot fake: the methods that
 * show the same transaction, balance or nonce agree with each other and with the block that holds it.
 */
export default defineSuite('agreement', (declare, scope) => {
  // RPC-STANDARD: the methods agree about the same chain (a spec that does not describe them declares neither check)
  whenDescribed(declare, scope, ['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getTransactionByHash', 'eth_getTransactionReceipt'])(
    {
      id: 'standard.transaction-placement',
      requirement: 'RPC-STANDARD',
      title: 'eth_getTransactionByHash and eth_getTransactionReceipt agree with the block that holds the transaction',
    },
    {},
    async (probe, context) => {
      const newest = await newestBlockWithTransactions(context)
      if (newest.head === null) return probe.add([newest.finding])
      const { head, block } = newest
      if (block === null) return probe.inconclusive('no block near the head holds a transaction to look up')
      const txs = block.transactions as Json[]
      for (const [index, inBlock] of txs.slice(0, PLACED_TRANSACTIONS).entries()) {
        const [byHash, receipt] = await Promise.all([
          answer(context, 'eth_getTransactionByHash', [inBlock.hash]),
          answer(context, 'eth_getTransactionReceipt', [inBlock.hash]),
        ])
        if (byHash.error || receipt.error) {
          probe.fail(
            `transaction ${boundedText(inBlock.hash, 70)} of block ${boundedText(block.number, 40)} is not answered by ${byHash.error ? 'eth_getTransactionByHash' : 'eth_getTransactionReceipt'}`,
            byHash.error ? byHash.exchange : receipt.exchange,
          )
          continue
        }
        probe.add(checkTransactionPlacement({ block, index, inBlock }, byHash, receipt))
      }
    },
  )

  whenDescribed(declare, scope, ['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getBalance', 'eth_getTransactionCount'])(
    {
      id: 'standard.state-agreement',
      requirement: 'RPC-STANDARD',
      title: 'a balance and a nonce at a block are the same by number, by hash (EIP-1898) and as "latest" while that block is the head',
    },
    {},
    async (probe, context) => {
      const newest = await newestBlockWithTransactions(context)
      if (newest.head === null) return probe.add([newest.finding])
      const { head, block } = newest
      const headBlock = await answer(context, 'eth_getBlockByNumber', [`0x${head.toString(16)}`, false])
      const at = (headBlock.value ?? null) as Json | null
      if (at === null || typeof at !== 'object' || typeof at.hash !== 'string' || typeof at.number !== 'string')
        return probe.fail(`eth_getBlockByNumber answered no head block ${head}`, headBlock.exchange)
      // An account with history when there is one (a sender near the head), else the head's miner.
      const sender = block === null ? undefined : (block.transactions as Json[])[0]?.from
      const address = typeof sender === 'string' ? sender : at.miner
      if (typeof address !== 'string') return probe.inconclusive('no account to read: no transaction near the head and no miner in the head block')
      let byHashRefused = false
      let latestComparisons = 0
      for (const method of ['eth_getBalance', 'eth_getTransactionCount']) {
        const byNumber = await answer(context, method, [address, at.number])
        if (byNumber.error) {
          probe.fail(`${method} [${address}, ${at.number}] answered no result for the head block`, byNumber.exchange)
          continue
        }
        const byHash = await answer(context, method, [address, { blockHash: at.hash }])
        if (byHash.error) byHashRefused = true
        else probe.add(checkSameByHash({ method, address, block: { number: at.number, hash: at.hash } }, byNumber.value, byHash))
        // "latest" names a block only while the head stays put: read the head before and after, and
        // compare with that block by number; a few tries, so a chain sealing every second still compares.
        let compared = false
        for (let attempt = 0; attempt < LATEST_ATTEMPTS && !compared; attempt++) {
          const before = await chainHead(context)
          const latest = await answer(context, method, [address, 'latest'])
          if (before === null || latest.error || (await chainHead(context)) !== before) continue
          const same = before === head ? byNumber : await answer(context, method, [address, `0x${before.toString(16)}`])
          if (same.error) continue
          compared = true
          latestComparisons += 1
          probe.add(checkSameAtLatest({ method, address }, before, same.value, latest))
        }
      }
      if (byHashRefused) probe.note('the block-hash form of the block param (EIP-1898) is refused, so only numbers and tags were compared')
      if (latestComparisons === 0 && probe.findings.length === 0) probe.inconclusive('the head moved during every comparison with "latest"')
    },
    // Reads of one block by number, by hash and as the head, again while the head moves.
    { chain: 17 },
  )
})
