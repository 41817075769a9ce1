import fc from 'fast-check'
import { fromSchema } from '../generate/fromSchema.js'
import type { MethodSpec } from '../spec/loadOpenRpc.js'
import { refusedBySpec } from './methodKinds.js'

/**
 * Positional params for `method` derived from its param schemas: `valid` gives params the spec allows
 * (optional trailing params sometimes left out); `invalid` makes exactly one param invalid (or, for a
 * method without params, sends one param too many).
 */
export function paramsArbitrary(method: MethodSpec, mode: 'valid' | 'invalid', components: Record<string, unknown>): fc.Arbitrary<unknown[]> {
  const valid = method.params.map((p) => fromSchema(p.schema, { mode: 'valid', components }))
  const required = method.params.filter((p) => p.required).length
  if (mode === 'valid') {
    return fc.tuple(...valid).chain((values) => fc.integer({ min: required, max: values.length }).map((n) => values.slice(0, n)))
  }
  if (method.params.length === 0) return fc.constant(['0x1'])
  return fc.integer({ min: 0, max: method.params.length - 1 }).chain((index) => {
    const param = method.params[index]
    if (param === undefined) return fc.constant([])
    const invalid = fromSchema(param.schema, { mode: 'invalid', components })
    return fc.tuple(fc.tuple(...valid), invalid).map(([values, bad]) => {
      const params = values.slice(0, Math.max(required, index + 1))
      params[index] = bad
      return params
    })
  })
}

/** How many generated invalid param lists are tried for each one kept, when some are not refused (refusedParams). */
const TRIES_PER_REFUSED = 8

/**
 * `count` generated param lists the spec refuses (refusedBySpec), seeded by `seed`: what a method that
 * changes state is sent in a read-only run. A generated invalid list the spec would still accept (a
 * param whose schema allows anything) is dropped, and so is a method without params, whose only
 * refusal is a param too many, which a lenient node may ignore and then execute the call. The lists
 * are those `fc.sample` gives the same seed, in order, less the ones dropped (more are drawn, up to
 * TRIES_PER_REFUSED per list, only when some are dropped: drawing large params is slow): fewer than
 * `count`, or none, when the spec's schemas leave too little to refuse.
 */
export function refusedParams(method: MethodSpec, components: Record<string, unknown>, seed: number, count: number): unknown[][] {
  if (method.params.length === 0 || count <= 0) return []
  const arbitrary = paramsArbitrary(method, 'invalid', components)
  const first = fc.sample(arbitrary, { seed, numRuns: count })
  if (first.every((params) => refusedBySpec(method, params))) return first
  // fc.sample of more runs begins with the same lists: the first ones are drawn again, then more.
  return fc
    .sample(arbitrary, { seed, numRuns: count * TRIES_PER_REFUSED })
    .filter((params) => refusedBySpec(method, params))
    .slice(0, count)
}
