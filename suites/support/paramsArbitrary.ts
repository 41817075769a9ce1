import fc from 'fast-check'
import { fromSchema } from '../../harness/generate/fromSchema.js'
import type { MethodSpec } from '../../harness/spec/loadOpenRpc.js'

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
