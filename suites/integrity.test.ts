import fc from 'fast-check'
import { describe } from 'vitest'
import { checkChainLinks } from '../harness/chain/checkChainLinks.js'
import { computeBlockHash } from '../harness/chain/computeBlockHash.js'
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

async function blockAt(context: RunContext, n: number): Promise<{ exchange: Exchange; block: Block | null }> {
  const exchange = await context.http!.call('eth_getBlockByNumber', [toQuantity(n), false])
  const outcome = outcomeOf(exchange)
  return { exchange, block: outcome.kind === 'result' && outcome.value !== null && typeof outcome.value === 'object' ? (outcome.value as Block) : null }
}

describe('CHAIN-INTEGRITY: hashes, parent links and numbering', () => {
  check(
    { id: 'integrity.chain', requirement: 'CHAIN-INTEGRITY', level: 'MUST', title: 'block hash = keccak of the RLP header (of a known layout); parentHash links; numbers contiguous' },
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
          if (computed.hash === block.hash) continue
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
})
