import fc from 'fast-check'
import { deriveSeed } from '../harness/generate/seededRun.js'
import { defineSuite } from '../harness/run/registry.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import {
  blockOf,
  checkBlockAnswered,
  checkBlockHash,
  checkLinks,
  checkRoots,
  LINKED_BLOCKS,
  MIN_SAMPLED_ROOTS,
  MIN_SAMPLED_RUNS,
  NEWEST_ROOTS,
} from '../harness/requirements/CHAIN-INTEGRITY.js'
import { readHead } from '../harness/scenarios/chainHead.js'
import { whenDescribed } from './support/whenDescribed.js'

async function blockAt(context: RunContext, n: number, full = false): Promise<{ exchange: Exchange; block: Record<string, unknown> | null }> {
  const exchange = await context.http!.call('eth_getBlockByNumber', [toQuantity(n), full])
  return { exchange, block: blockOf(exchange) }
}

export default defineSuite('integrity', (declare, scope) => {
  // The blocks are read with the standard methods: a spec that does not describe them declares no check.
  const check = whenDescribed(declare, scope, ['eth_blockNumber', 'eth_getBlockByNumber'])
  // CHAIN-INTEGRITY: hashes, parent links and numbering
  check(
    {
      id: 'integrity.chain',
      requirement: 'CHAIN-INTEGRITY',
      title: 'block hash = keccak of the RLP header (of a known layout); parentHash links; numbers contiguous; timestamps never go backwards',
    },
    {},
    async (probe, context) => {
      const read = await readHead(context)
      if ('finding' in read) return probe.add([read.finding])
      const head = read.head
      // The first blocks, the newest ones, and a seeded sample in between: contiguous runs for the links.
      const seed = deriveSeed(context.config.seed, 'integrity.chain')
      const span = LINKED_BLOCKS - 1
      const starts = [
        0,
        Math.max(0, head - span),
        ...fc.sample(fc.integer({ min: 0, max: Math.max(0, head - 4) }), { seed, numRuns: Math.max(MIN_SAMPLED_RUNS, Math.ceil(context.config.runs / 5)) }),
      ]
      const layouts = new Set<string>()
      for (const start of starts) {
        const numbers = Array.from({ length: Math.min(start + span, head) - start + 1 }, (_, i) => start + i)
        const fetched = await Promise.all(numbers.map((n) => blockAt(context, n)))
        for (const { exchange, block } of fetched) {
          probe.add(checkBlockAnswered(exchange, block))
          if (block === null) continue
          const judged = checkBlockHash(exchange, block)
          if (judged.layout !== undefined) layouts.add(judged.layout)
          probe.add(judged.findings)
        }
        probe.add(
          checkLinks(
            fetched.flatMap((f) => (f.block === null ? [] : [f.block])),
            fetched[0]?.exchange,
          ),
        )
      }
      probe.note(`header layouts seen: ${[...layouts].join(', ') || 'none'}`)
    },
  )
  check(
    {
      id: 'integrity.roots',
      requirement: 'CHAIN-INTEGRITY',
      title: "an empty block's transactionsRoot and receiptsRoot are the empty-trie root; a block's transactionsRoot is the root of its transactions",
    },
    {},
    async (probe, context) => {
      const read = await readHead(context)
      if ('finding' in read) return probe.add([read.finding])
      const head = read.head
      const seed = deriveSeed(context.config.seed, 'integrity.roots')
      const sampled = fc.sample(fc.integer({ min: 0, max: head }), { seed, numRuns: Math.max(MIN_SAMPLED_ROOTS, Math.ceil(context.config.runs / 5)) })
      // The genesis block always (every node holds it; whether a sample reaches it must not depend on how
      // far the head has moved when the check runs), the newest blocks, and a seeded sample.
      const numbers = [...new Set([0, ...Array.from({ length: Math.min(head + 1, NEWEST_ROOTS) }, (_, i) => head - i), ...sampled])].sort((a, b) => a - b)
      let verified = 0
      const unknown: string[] = []
      for (const n of numbers) {
        const { exchange, block } = await blockAt(context, n, true)
        probe.add(checkBlockAnswered(exchange, block))
        if (block === null) continue
        const judged = await checkRoots(exchange, n, block)
        probe.add(judged.findings)
        if (judged.unknown !== undefined) unknown.push(judged.unknown)
        else if (Array.isArray(block.transactions)) verified += 1
      }
      if (unknown.length > 0)
        probe.note(`roots not recomputed: ${unknown.slice(0, 2).join('; ')}${unknown.length > 2 ? `; and ${unknown.length - 2} more` : ''}`)
      if (verified === 0 && unknown.length > 0) probe.inconclusive(`no sampled block's transactions could be rebuilt (${unknown[0]})`)
      else probe.note(`${verified} block(s) of ${numbers.length} had their transactionsRoot recomputed`)
    },
  )
})
