import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { isHarnessError } from '../errors/harnessError.js'
import { arbitraryLawViolations } from './arbitraryLaws.js'
import { fromSchema, invalidParamValues } from './fromSchema.js'

// The bundled specs, loaded the way a run loads them: params dereferenced, validators compiled once.
const root = (name: string): string => fileURLToPath(new URL(`../../${name}`, import.meta.url))
const openrpc = await loadOpenRpc(root('openrpc.json'))
const openapi = await loadOpenApi(root('openapi.yaml'))
const components = (openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}

const rpcParams = openrpc.methods.flatMap((method) => method.params.map((param, i) => ({ id: `${method.name} param ${i} (${param.name})`, ...param })))
const restParams = openapi.operations.flatMap((op) =>
  op.parameters.map((param) => ({ id: `${op.method.toUpperCase()} ${op.path} ${param.in} ${param.name}`, ...param })),
)

describe('fromSchema() on every param of openrpc.json and openapi.yaml', () => {
  it('finds params to derive from', () => {
    expect(rpcParams.length).toBeGreaterThanOrEqual(20)
    expect(openrpc.methods.map((m) => m.name)).toContain('eth_getBlockRange')
  })

  describe.each([...rpcParams, ...restParams])('$id', ({ schema, validate }) => {
    it('valid: every value passes the spec validator (and the laws hold)', () => {
      const issues = (v: unknown): string => JSON.stringify(validate(v))
      expect(
        arbitraryLawViolations(
          () => fromSchema(schema, { mode: 'valid', components }),
          (v) => validate(v).length === 0,
          { numRuns: 30 },
        ).map((line) => `${line} ${issues(line)}`),
      ).toEqual([])
    })

    it('invalid: no value passes the spec validator, none is null (and the laws hold)', () => {
      expect(invalidParamValues(schema, { components })).not.toBeNull()
      expect(
        arbitraryLawViolations(
          () => fromSchema(schema, { mode: 'invalid', components }),
          (v) => v !== null && validate(v).length > 0,
          { numRuns: 30 },
        ),
      ).toEqual([])
    })
  })
})

describe('fromSchema() on every component schema of openrpc.json (results too: blocks, transactions, receipts)', () => {
  const names = Object.keys(components)

  it.each(names)('%s: valid values validate, invalid ones do not', (name) => {
    const { schema, validate } = openrpc.schema(name)
    if (name === 'never') {
      // `not: {}` admits no value: a spec error to derive from, not a hang.
      expect(() => fromSchema(schema, { mode: 'valid', components })).toThrow(expect.objectContaining({ code: 'L2CONF_ERR_SPEC' }))
    } else {
      expect(
        arbitraryLawViolations(
          () => fromSchema(schema, { mode: 'valid', components }),
          (v) => validate(v).length === 0,
          { numRuns: 15, seeds: [1, 2] },
        ),
      ).toEqual([])
    }
    expect(
      arbitraryLawViolations(
        () => fromSchema(schema, { mode: 'invalid', components }),
        (v) => v !== null && validate(v).length > 0,
        { numRuns: 15, seeds: [1, 2] },
      ),
    ).toEqual([])
  })

  it('throws spec errors as HarnessError values', () => {
    let caught: unknown
    try {
      fromSchema(openrpc.schema('never').schema, { mode: 'valid', components })
    } catch (error) {
      caught = error
    }
    expect(isHarnessError(caught, 'L2CONF_ERR_SPEC')).toBe(true)
  })
})
