import fc from 'fast-check'
import { deriveSeed } from '../generate/seededRun.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { generatesParams, mutatesState } from '../scenarios/methodKinds.js'
import { paramsArbitrary, refusedParams } from '../scenarios/paramsArbitrary.js'
import type { DiffCase } from './diffCase.js'

const MOVING_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])

/**
 * Pins the block tags that follow each node's own head (`latest`, `pending`, ...) to `height`, a
 * height both targets hold, so a state read compares the same block on both (the diff's moving-head
 * rule). Reaches top-level params and the `fromBlock`/`toBlock` of a filter object.
 */
export function pinMovingTags(params: unknown[], height: number): unknown[] {
  const pin = (value: unknown): unknown => (typeof value === 'string' && MOVING_TAGS.has(value) ? toQuantity(height) : value)
  return params.map((param) => {
    if (param !== null && typeof param === 'object' && !Array.isArray(param) && ('fromBlock' in param || 'toBlock' in param)) {
      const filter = { ...(param as Record<string, unknown>) }
      if ('fromBlock' in filter) filter.fromBlock = pin(filter.fromBlock)
      if ('toBlock' in filter) filter.toBlock = pin(filter.toBlock)
      return filter
    }
    return pin(param)
  })
}

/**
 * The requests openrpc.json itself yields for a diff (issue: "the spec's examples; generated params
 * (valid and invalid)"): every example pairing of every selected method, then `runs` valid and
 * `runs` invalid param lists from the spec's schemas (paramsArbitrary), seeded per method from
 * `seed` so the same seed asks the same questions; over each transport the method is served on
 * (`x-transports`), WebSocket only when both targets have one. The spec's markers are obeyed: a
 * method that changes state (`x-mutates-state`, or any method not known to be a read when the spec
 * does not say: harness/scenarios/methodKinds.ts) only ever gets params the spec refuses, so comparing
 * two deployments never spends their funds (a node with unlocked keys would execute
 * eth_sendTransaction) nor moves their heads (engine_forkchoiceUpdated); `x-generated-params: false`
 * (unbounded work) gets its examples only.
 * Moving tags are pinned to `commonHeight` (not in the refused params of a method that changes state).
 */
export function specCases(
  spec: OpenRpcSpec,
  options: { seed: number; runs: number; commonHeight: number; selected: (method: string) => boolean; ws: boolean },
): DiffCase[] {
  const components = (spec.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}
  const cases: DiffCase[] = []
  for (const method of spec.methods) {
    if (!options.selected(method.name)) continue
    const over = method.transports.filter((t) => t === 'http' || options.ws)
    const mine: DiffCase[] = []
    const changesState = mutatesState(spec, method)
    if (!changesState) {
      for (const example of method.examples)
        mine.push({ transport: 'http', method: method.name, params: example.params, source: 'example', label: `example '${example.name}'` })
      if (generatesParams(spec, method)) {
        const valid = fc.sample(paramsArbitrary(method, 'valid', components), {
          seed: deriveSeed(options.seed, `diff.${method.name}.valid`),
          numRuns: options.runs,
        })
        valid.forEach((params, i) => mine.push({ transport: 'http', method: method.name, params, source: 'generated-valid', label: `valid params #${i + 1}` }))
      }
    }
    const invalidSeed = deriveSeed(options.seed, `diff.${method.name}.invalid`)
    const invalid = changesState
      ? refusedParams(method, components, invalidSeed, options.runs)
      : fc.sample(paramsArbitrary(method, 'invalid', components), { seed: invalidSeed, numRuns: options.runs })
    invalid.forEach((params, i) =>
      mine.push({ transport: 'http', method: method.name, params, source: 'generated-invalid', label: `invalid params #${i + 1}` }),
    )
    for (const transport of over) {
      // Refused params stay exactly as checked: pinning a tag could make one of them valid.
      for (const c of mine) cases.push({ ...c, transport, params: changesState ? c.params : pinMovingTags(c.params, options.commonHeight) })
    }
  }
  return cases
}
