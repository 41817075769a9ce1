import { checkResult } from '../harness/checks/outcomeFindings.js'
import { rangeFormCases, type RangeFormCase } from '../harness/checks/rangeBoundForms.js'
import { checkSameAsEquivalent, checkTaggedRange, type BlockWindow } from '../harness/checks/rangeFormFindings.js'
import { checkSealKnown } from '../harness/checks/sealFindings.js'
import { rangeBlocks } from '../harness/checks/rangeFindings.js'
import { validated } from '../harness/checks/validated.js'
import type { Validate } from '../harness/spec/validationIssue.js'
import { toQuantity } from '../harness/generate/toQuantity.js'
import { defineSuite } from '../harness/run/registry.js'
import type { RunContext } from '../harness/run/runContext.js'
import type { Exchange } from '../harness/transport/exchange.js'
import { chainHead, readHead } from '../harness/scenarios/chainHead.js'
import { specMaxBlockRange } from '../harness/scenarios/specMaxBlockRange.js'
import { rangeBlockValidator } from '../harness/scenarios/resultSchemas.js'
import { specName } from '../harness/run/undeclared.js'
import { whenDescribed } from './support/whenDescribed.js'

const METHOD = 'eth_getBlockRange'
/** Tries of a case whose tags name the head before the head is left to move: a chain sealing every second still gets one still moment. */
const HEAD_TRIES = 4

const label = (params: readonly unknown[]): string => `${METHOD} ${JSON.stringify(params)}`
const anyShape: Validate = () => []

/** Whether a hex range answered blocks that all hold the shape of section 2.1 (the yardstick the tag forms are held to). */
function hexRangeShapeHolds(exchange: Exchange, validate: Validate): boolean {
  const read = rangeBlocks(exchange, METHOD)
  return 'blocks' in read && read.blocks.every((block) => validated(validate, block).length === 0)
}

/** Calls eth_getBlockRange once per distinct params (a case and its equivalent often share a range). */
function memoCalls(context: RunContext): (params: unknown[]) => Promise<Exchange> {
  const calls = new Map<string, Promise<Exchange>>()
  return (params) => {
    const key = JSON.stringify(params)
    let call = calls.get(key)
    if (call === undefined) {
      call = context.http!.call(METHOD, params)
      calls.set(key, call)
    }
    return call
  }
}

export default defineSuite('blockParams', (declare, scope) => {
  // A spec that does not describe a method declares none of the checks that call it.
  const check = whenDescribed(declare, scope, [METHOD])

  // RANGE-TAGS: every form of the block parameter, at start and end, in every combination
  check(
    {
      id: 'range.tags.forms',
      requirement: 'RANGE-TAGS',
      title:
        'earliest, latest, pending, hex and plain integers, at start and end in every combination, give the blocks of the equivalent hex range, in its order',
    },
    {},
    async (probe, context) => {
      const maxBlockRange = specMaxBlockRange(context.openrpc) ?? Number.MAX_SAFE_INTEGER
      // Cases are judged once the head stood still around them (those without a head tag at once).
      let waiting: Set<string> | null = null
      for (let attempt = 0; attempt < HEAD_TRIES && (waiting === null || waiting.size > 0); attempt++) {
        const read = await readHead(context, 'so no range can be chosen')
        if ('finding' in read) return probe.add([read.finding])
        const before = read.head
        const cases: RangeFormCase[] = rangeFormCases(before, maxBlockRange).filter((c) => waiting === null || waiting.has(c.name))
        waiting ??= new Set(cases.map((c) => c.name))
        const call = memoCalls(context)
        const answered = await Promise.all(
          cases.map(async (c) => {
            const params = [c.start.param, c.end.param, false]
            const equivalent = [...c.equivalent, false]
            return { c, params, equivalent, got: await call(params), reference: await call(equivalent) }
          }),
        )
        const after = await chainHead(context)
        for (const { c, params, equivalent, got, reference } of answered) {
          if (c.followsHead && after !== before) continue
          waiting.delete(c.name)
          const judged = checkSameAsEquivalent(label(params), got, label(equivalent), reference, [c.start.block, c.end.block])
          if ('undecided' in judged) probe.inconclusive(judged.undecided)
          else probe.add(judged.findings)
        }
      }
      if (waiting !== null && waiting.size > 0) probe.inconclusive(`the head moved during each of ${HEAD_TRIES} tries of ${[...waiting].join(', ')}`)
    },
    // Cases judged once the head stood still around them: some asked again.
    { chain: 14 },
  )

  check(
    {
      id: 'range.tags.shape',
      requirement: 'RANGE-TAGS',
      title: 'the block a tag resolves to is a whole range block (section 2.1, nothing null): one per number, ascending, pending included',
    },
    {},
    async (probe, context) => {
      const validate = rangeBlockValidator(context.openrpc)
      if (validate === undefined) return probe.inconclusive(`${specName(context)} gives ${METHOD}'s result no items schema to judge its blocks by`)
      const read = await readHead(context, 'so no range can be chosen')
      if ('finding' in read) return probe.add([read.finding])
      const before = read.head
      const below = Math.max(0, before - 2)
      // Each tag alone and inside a range, with hashes and with full transactions; the head may move meanwhile.
      const calls: Array<{ params: unknown[]; first: (head: BlockWindow) => BlockWindow; last: (head: BlockWindow) => BlockWindow }> = []
      const atHead = (head: BlockWindow): BlockWindow => head
      const at = (n: number) => (): BlockWindow => [n, n]
      for (const full of [false, true]) {
        calls.push({ params: ['earliest', 'earliest', full], first: at(0), last: at(0) })
        calls.push({ params: ['earliest', toQuantity(Math.min(before, 2)), full], first: at(0), last: at(Math.min(before, 2)) })
        for (const tag of ['latest', 'pending']) {
          calls.push({ params: [tag, tag, full], first: atHead, last: atHead })
          calls.push({ params: [toQuantity(below), tag, full], first: at(below), last: atHead })
        }
      }
      calls.push({ params: ['latest', 'pending', false], first: atHead, last: atHead })
      calls.push({ params: ['pending', 'latest', false], first: atHead, last: atHead })
      // The same blocks as a hex range: where those already miss a field of 2.1, it is RANGE-SHAPE's finding, not the tags'.
      const [exchanges, hexShape] = await Promise.all([
        Promise.all(calls.map((c) => context.http!.call(METHOD, c.params))),
        Promise.all(
          [false, true].map(async (full) => hexRangeShapeHolds(await context.http!.call(METHOD, [toQuantity(below), toQuantity(before), full]), validate)),
        ),
      ])
      const after = (await chainHead(context)) ?? before
      const head: BlockWindow = [before, Math.max(before, after)]
      if (hexShape.includes(false))
        probe.note(
          "the same blocks asked for as a hex range already lack fields of section 2.1 (RANGE-SHAPE): the tags are judged on their blocks' numbers only",
        )
      calls.forEach((c, i) =>
        probe.add(
          checkTaggedRange(label(c.params), exchanges[i]!, c.first(head), c.last(head), hexShape[c.params[2] === true ? 1 : 0] === true ? validate : anyShape),
        ),
      )
    },
  )

  // RPC-STANDARD: the pending block of the standard methods
  whenDescribed(declare, scope, ['eth_getBlockByNumber'])(
    {
      id: 'standard.pending-block',
      requirement: 'RPC-STANDARD',
      title:
        'eth_getBlockByNumber("pending") is a valid block whose unknown seal (number, hash, nonce, miner, mixHash) may be null; "latest" and numbered blocks leave none null',
    },
    {},
    async (probe, context) => {
      const method = context.openrpc.method('eth_getBlockByNumber')!
      const head = await chainHead(context)
      const asked: unknown[][] = [['pending', false], ['pending', true], ['latest', false], ...(head === null ? [] : [[toQuantity(head), false]])]
      const exchanges = await Promise.all(asked.map((params) => context.http!.call(method.name, params)))
      asked.forEach((params, i) => {
        const what = `${method.name}(${params.map((p) => JSON.stringify(p)).join(', ')})`
        const { findings, value } = checkResult(exchanges[i]!, method.result.validate, what)
        probe.add(findings)
        if (params[0] === 'pending') return
        // null is "no such block": never right for the head, which the schema's null branch would let pass.
        if (value === null)
          probe.fail(
            `${what} answered null, though ${params[0] === 'latest' ? 'the latest block' : 'that block (the head)'} exists`,
            exchanges[i],
            '/result',
            'wrong-value',
          )
        probe.add(checkSealKnown(what, exchanges[i]!, value))
      })
    },
  )
})
