import fc from 'fast-check'
import { describe } from 'vitest'
import { checkChainLinks } from '../harness/chain/checkChainLinks.js'
import { computeBlockHash } from '../harness/chain/computeBlockHash.js'
import { EMPTY_TRIE_ROOT, transactionsRoot } from '../harness/chain/transactionsRoot.js'
import { unknownBlockFields } from '../harness/chain/unknownBlockFields.js'
import { boundedText } from '../harness/checks/boundedJson.js'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { check } from '../harness/run/check.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { outcomeOf } from '../harness/checks/outcomeOf.js'
import { chainHead } from './support/chainHead.js'
import { toQuantity } from '../harness/generate/toQuantity.js'

type Block = Record<string, unknown>

async function blockAt(context: RunContext, n: number, full = false): Promise<{ exchange: Exchange; block: Block | null }> {
  const exchange = await context.http!.call('eth_getBlockByNumber', [toQuantity(n), full])
  const outcome = outcomeOf(exchange)
  return { exchange, block: outcome.kind === 'result' && outcome.value !== null && typeof outcome.value === 'object' ? (outcome.value as Block) : null }
}

describe('CHAIN-INTEGRITY: hashes, parent links and numbering', () => {
  check(
    { id: 'integrity.chain', requirement: 'CHAIN-INTEGRITY', title: 'block hash = keccak of the RLP header (of a known layout); parentHash links; numbers contiguous; timestamps never go backwards' },
    {},
    async (probe, context) => {
      const head = await chainHead(context)
      if (head === null) return probe.fail('eth_blockNumber did not answer a block number')
      // The first blocks, the newest ones, and a seeded sample in between: contiguous runs for the links.
      const seed = deriveSeed(context.config.seed, 'integrity.chain')
      const starts = [0, Math.max(0, head - 11), ...fc.sample(fc.integer({ min: 0, max: Math.max(0, head - 4) }), { seed, numRuns: Math.max(2, Math.ceil(context.config.runs / 5)) })]
      const layouts = new Set<string>()
      for (const start of starts) {
        const numbers = Array.from({ length: Math.min(start + 11, head) - start + 1 }, (_, i) => start + i)
        const fetched = await Promise.all(numbers.map((n) => blockAt(context, n)))
        for (const { exchange, block } of fetched) {
          if (block === null) {
            probe.fail(`eth_getBlockByNumber ${boundedText((exchange.request as { params?: unknown[] }).params?.[0], 40)} answered no block below the head`, exchange)
            continue
          }
          const name = boundedText(block.number, 40)
          const computed = computeBlockHash(block)
          if ('error' in computed) {
            probe.fail(`block ${name}: the header cannot be rebuilt: ${computed.error}`, exchange)
            continue
          }
          layouts.add(computed.layout)
          if (typeof block.hash === 'string' && computed.hash === block.hash.toLowerCase()) continue
          // A node that adds header fields of its own hashes them too: the suite cannot rebuild such a
          // header, so a mismatch there proves nothing either way (never a silent pass, never a false alarm).
          const unknown = unknownBlockFields(block)
          if (unknown.length > 0) {
            probe.inconclusive(`block ${name} carries fields the suite does not know (${unknown.join(', ')}); its hash is not keccak of the ${computed.layout} header without them, and may be with them`)
            continue
          }
          probe.fail(`block ${name}: hash is ${boundedText(block.hash, 70)}, but keccak of its RLP header (${computed.layout} layout) is ${computed.hash}`, exchange, '/result/hash')
        }
        for (const problem of checkChainLinks(fetched.flatMap((f) => (f.block === null ? [] : [f.block])))) {
          probe.fail(problem.message, fetched[0]?.exchange)
        }
      }
      probe.note(`header layouts seen: ${[...layouts].join(', ') || 'none'}`)
    },
  )
  check(
    { id: 'integrity.roots', requirement: 'CHAIN-INTEGRITY', title: "an empty block's transactionsRoot and receiptsRoot are the empty-trie root; a block's transactionsRoot is the root of its transactions" },
    {},
    async (probe, context) => {
      const head = await chainHead(context)
      if (head === null) return probe.fail('eth_blockNumber did not answer a block number')
      const seed = deriveSeed(context.config.seed, 'integrity.roots')
      const sampled = fc.sample(fc.integer({ min: 0, max: head }), { seed, numRuns: Math.max(4, Math.ceil(context.config.runs / 5)) })
      const numbers = [...new Set([...Array.from({ length: Math.min(head + 1, 8) }, (_, i) => head - i), ...sampled])].sort((a, b) => a - b)
      let verified = 0
      const unknown: string[] = []
      for (const n of numbers) {
        const { exchange, block } = await blockAt(context, n, true)
        if (block === null) {
          probe.fail(`eth_getBlockByNumber ${toQuantity(n)} answered no block below the head`, exchange)
          continue
        }
        const txs = block.transactions
        if (!Array.isArray(txs)) {
          probe.fail(`block ${n}: transactions is ${boundedText(txs, 60)}, not an array`, exchange, '/result/transactions')
          continue
        }
        if (txs.length === 0 && (typeof block.receiptsRoot !== 'string' || block.receiptsRoot.toLowerCase() !== EMPTY_TRIE_ROOT)) {
          probe.fail(`block ${n} holds no transaction, but its receiptsRoot is ${boundedText(block.receiptsRoot, 70)}, not the empty-trie root ${EMPTY_TRIE_ROOT}`, exchange, '/result/receiptsRoot')
        }
        const computed = await transactionsRoot(txs)
        if ('unknown' in computed) {
          unknown.push(`block ${n}: ${computed.unknown}`)
          continue
        }
        verified += 1
        if (typeof block.transactionsRoot !== 'string' || block.transactionsRoot.toLowerCase() !== computed.root) {
          probe.fail(`block ${n}: transactionsRoot is ${boundedText(block.transactionsRoot, 70)}, but the root of its ${txs.length} transaction(s) is ${computed.root}`, exchange, '/result/transactionsRoot')
        }
      }
      if (unknown.length > 0) probe.note(`roots not recomputed: ${unknown.slice(0, 2).join('; ')}${unknown.length > 2 ? `; and ${unknown.length - 2} more` : ''}`)
      if (verified === 0 && unknown.length > 0) probe.inconclusive(`no sampled block's transactions could be rebuilt (${unknown[0]})`)
      else probe.note(`${verified} block(s) of ${numbers.length} had their transactionsRoot recomputed`)
    },
  )
})
