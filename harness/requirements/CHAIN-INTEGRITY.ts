import { checkChainLinks } from '../chain/checkChainLinks.js'
import { computeBlockHash } from '../chain/computeBlockHash.js'
import { EMPTY_TRIE_ROOT, transactionsRoot } from '../chain/transactionsRoot.js'
import { unknownBlockFields } from '../chain/unknownBlockFields.js'
import { boundedText } from '../checks/boundedJson.js'
import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import fc from 'fast-check'
import { deriveSeed } from '../generate/seededRun.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { CheckDefinition } from '../run/registry.js'
import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import { batchedCalls } from '../transport/batchedCalls.js'
import { readHead } from '../scenarios/chainHead.js'
import { noteUnbatched } from '../scenarios/noteUnbatched.js'

/** CHAIN-INTEGRITY: the blocks a node serves form a chain whose hashes and roots can be recomputed. */
export const row = requirement({
  id: 'CHAIN-INTEGRITY',
  level: 'MUST',
  text: 'block hash = keccak of the RLP header (inconclusive when the block adds fields of no known layout); parentHash links; numbers contiguous; roots and timestamps consistent',
  section: '2.1',
})

/** How many consecutive blocks each run of integrity.chain reads: enough links to see a break, few enough to stay quick. */
export const LINKED_BLOCKS = 12
/** Runs of linked blocks from seeded starts besides the first and the newest: at least this many, else a fifth of --runs. */
export const MIN_SAMPLED_RUNS = 2
/** integrity.roots recomputes the newest blocks (this many) and seeded others (at least MIN_SAMPLED_ROOTS, else a fifth of --runs). */
export const NEWEST_ROOTS = 8
export const MIN_SAMPLED_ROOTS = 4

type Block = Record<string, unknown>

/** The block an eth_getBlockByNumber exchange answered, or null (an error, null, not an object). */
export function blockOf(exchange: Exchange): Block | null {
  const outcome = outcomeOf(exchange)
  return outcome.kind === 'result' && outcome.value !== null && typeof outcome.value === 'object' && !Array.isArray(outcome.value)
    ? (outcome.value as Block)
    : null
}

/** A block below the head was answered: a finding (with the exchange) when it was not. */
export function checkBlockAnswered(exchange: Exchange, block: Block | null): Finding[] {
  if (block !== null) return []
  const number = (exchange.request as { params?: unknown[] } | null)?.params?.[0]
  return [
    {
      kind: outcomeOf(exchange).kind === 'broken' ? 'no-answer' : 'wrong-value',
      message: `eth_getBlockByNumber ${boundedText(number, 40)} answered no block below the head`,
      exchange,
    },
  ]
}

/**
 * The block's hash is keccak256 of its RLP header, in the layout its fields show. A block carrying
 * fields the suite does not know (which a node may hash too) whose hash does not match is inconclusive,
 * never a silent pass, never a false alarm. `layout` names the layout used, when the header could be built.
 */
export function checkBlockHash(exchange: Exchange, block: Block): { findings: Finding[]; layout?: string } {
  const name = boundedText(block.number, 40)
  const computed = computeBlockHash(block)
  if ('error' in computed)
    return { findings: [{ kind: 'schema-violation', message: `block ${name}: the header cannot be rebuilt: ${computed.error}`, exchange }] }
  if (typeof block.hash === 'string' && computed.hash === block.hash.toLowerCase()) return { findings: [], layout: computed.layout }
  const unknown = unknownBlockFields(block)
  if (unknown.length > 0) {
    return {
      findings: [
        {
          kind: 'inconclusive',
          message: `block ${name} carries fields the suite does not know (${unknown.join(', ')}); its hash is not keccak of the ${computed.layout} header without them, and may be with them`,
          exchange,
        },
      ],
      layout: computed.layout,
    }
  }
  return {
    findings: [
      {
        kind: 'wrong-value',
        message: `block ${name}: hash is ${boundedText(block.hash, 70)}, but keccak of its RLP header (${computed.layout} layout) is ${computed.hash}`,
        exchange,
        pointer: '/result/hash',
        expected: computed.hash,
        got: block.hash,
      },
    ],
    layout: computed.layout,
  }
}

/** Consecutive blocks link: parentHash names the block before, numbers are contiguous, timestamps never go backwards. */
export function checkLinks(blocks: readonly Block[], evidence: Exchange | undefined): Finding[] {
  return checkChainLinks(blocks).map((problem) => {
    const finding: Finding = { kind: 'wrong-value', message: problem.message }
    if (evidence !== undefined) finding.exchange = evidence
    return finding
  })
}

/**
 * A block's roots (fetched with full transactions): an empty block's receiptsRoot is the empty-trie
 * root; the transactionsRoot is the root of its transactions, when the suite can rebuild them
 * (`unknown` says why it could not, and nothing is judged of that root).
 */
export async function checkRoots(exchange: Exchange, n: number, block: Block): Promise<{ findings: Finding[]; unknown?: string }> {
  const txs = block.transactions
  if (!Array.isArray(txs))
    return {
      findings: [
        { kind: 'schema-violation', message: `block ${n}: transactions is ${boundedText(txs, 60)}, not an array`, exchange, pointer: '/result/transactions' },
      ],
    }
  const findings: Finding[] = []
  if (txs.length === 0 && (typeof block.receiptsRoot !== 'string' || block.receiptsRoot.toLowerCase() !== EMPTY_TRIE_ROOT)) {
    findings.push({
      kind: 'wrong-value',
      message: `block ${n} holds no transaction, but its receiptsRoot is ${boundedText(block.receiptsRoot, 70)}, not the empty-trie root ${EMPTY_TRIE_ROOT}`,
      exchange,
      pointer: '/result/receiptsRoot',
      expected: EMPTY_TRIE_ROOT,
      got: block.receiptsRoot,
    })
  }
  const computed = await transactionsRoot(txs)
  if ('unknown' in computed) return { findings, unknown: `block ${n}: ${computed.unknown}` }
  if (typeof block.transactionsRoot !== 'string' || block.transactionsRoot.toLowerCase() !== computed.root) {
    findings.push({
      kind: 'wrong-value',
      message: `block ${n}: transactionsRoot is ${boundedText(block.transactionsRoot, 70)}, but the root of its ${txs.length} transaction(s) is ${computed.root}`,
      exchange,
      pointer: '/result/transactionsRoot',
      expected: computed.root,
      got: block.transactionsRoot,
    })
  }
  return { findings }
}

/**
 * Blocks by number (with their transactions' hashes), each with the block object it answered,
 * if any: independent reads of sealed blocks, in one batch (batchedCalls: a block the batch leaves
 * unanswered is asked alone, and the probe notes it once).
 */
async function blocksAt(
  probe: Probe,
  context: RunContext,
  numbers: readonly number[],
): Promise<Array<{ exchange: Exchange; block: Record<string, unknown> | null }>> {
  const { exchanges, unbatched } = await batchedCalls(
    context.http!,
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [toQuantity(n), false] })),
  )
  noteUnbatched(probe, 'the blocks', numbers.length, unbatched)
  return exchanges.map((exchange) => ({ exchange, block: blockOf(exchange) }))
}

/** CHAIN-INTEGRITY's checks: hashes, parent links and numbering, and the roots of the transactions (the blocks are read with the standard methods: a spec that does not describe them declares neither). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'integrity.chain',
      title: 'block hash = keccak of the RLP header (of a known layout); parentHash links; numbers contiguous; timestamps never go backwards',
      calls: ['eth_blockNumber', 'eth_getBlockByNumber'],
      run: async (probe, context) => {
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
        // Each run is one batch; the runs are independent, so they are read side by side and judged in order.
        const runs = await Promise.all(
          starts.map((start) =>
            blocksAt(
              probe,
              context,
              Array.from({ length: Math.min(start + span, head) - start + 1 }, (_, i) => start + i),
            ),
          ),
        )
        for (const fetched of runs) {
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
    },
    {
      id: 'integrity.roots',
      title: "an empty block's transactionsRoot and receiptsRoot are the empty-trie root; a block's transactionsRoot is the root of its transactions",
      calls: ['eth_blockNumber', 'eth_getBlockByNumber'],
      run: async (probe, context) => {
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
        // One call a block, side by side, never a batch: a node may serve a batch from another path than a
        // lone call (a stale cache of the full view), and this check judges what a lone call answers.
        const fetched = await Promise.all(
          numbers.map(async (n) => {
            const exchange = await context.http!.call('eth_getBlockByNumber', [toQuantity(n), true])
            return { exchange, block: blockOf(exchange) }
          }),
        )
        for (const [i, { exchange, block }] of fetched.entries()) {
          const n = numbers[i]!
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
    },
  ]
}
