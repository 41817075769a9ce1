import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { judgeFixtureFile } from '../transcript/checkFixtures.js'
import { readTranscriptFiles } from '../transcript/readTranscript.js'
import { createDocumentValidators } from './documentValidators.js'
import { loadOpenRpc, type OpenRpcSpec } from './loadOpenRpc.js'

const root = new URL('../../', import.meta.url).pathname
// The execution-apis document and a fixture geth recorded against it (fixtures/execution-apis/README.md).
const EXECUTION_APIS = join(root, 'harness/lint/fixtures/execution-apis/openrpc.json')
const FIXTURES = join(root, 'harness/spec/fixtures/execution-apis')

/** A document whose schema `s` is `union` of `branches`, with the components they name. */
function validate(union: 'oneOf' | 'anyOf', branches: unknown[], value: unknown): Array<{ pointer: string; message: string }> {
  const document = {
    s: { [union]: branches },
    components: {
      Reverted: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { const: 3 }, message: { type: 'string', pattern: '^execution reverted' } },
      },
      OutOfGas: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { const: -32015 }, message: { type: 'string', pattern: '^vm execution error' } },
      },
      Block: {
        type: 'object',
        required: ['hash', 'number'],
        properties: { hash: { type: 'string', pattern: '^0x[0-9a-f]{64}$' }, number: { type: 'string' } },
      },
    },
  }
  return createDocumentValidators(document, 'test.json').at('/s')(value)
}

const ref = (name: string): { $ref: string } => ({ $ref: `#/components/${name}` })

describe('a failed oneOf/anyOf is explained against the branch the value is closest to', () => {
  it('the branch whose one-value member (a const code) the value matches, wherever it stands', () => {
    const outOfGas = { code: -32015, message: 'out of gas' }
    const only = [{ pointer: '/message', message: 'must match pattern "^vm execution error"' }]
    expect(validate('oneOf', [ref('Reverted'), ref('OutOfGas')], outOfGas)).toEqual(only)
    expect(validate('anyOf', [ref('OutOfGas'), ref('Reverted')], outOfGas)).toEqual(only)
    expect(validate('oneOf', [ref('Reverted'), ref('OutOfGas')], { code: 3, message: 7 })).toEqual([{ pointer: '/message', message: 'must be string' }])
  })

  it('else the branch of the value’s type with the fewest errors; a branch of another type is never the one meant', () => {
    const block = { hash: '0x12', number: '0x1' }
    expect(validate('oneOf', [{ type: 'null' }, ref('Block')], block)).toEqual([{ pointer: '/hash', message: 'must match pattern "^0x[0-9a-f]{64}$"' }])
    expect(validate('oneOf', [ref('Block'), { type: 'object', required: ['hash'] }, { type: 'null' }], {})).toEqual([
      { pointer: '', message: "must have required property 'hash'" },
    ])
  })

  it('says every alternative when none stands out', () => {
    const quantityOrTag = [
      { type: 'string', pattern: '^0x(0|[1-9a-f][0-9a-f]*)$' },
      { type: 'string', enum: ['latest', 'earliest'] },
    ]
    expect(validate('oneOf', quantityOrTag, '0x01')).toEqual([
      { pointer: '', message: 'must match pattern "^0x(0|[1-9a-f][0-9a-f]*)$", or must be one of ["latest","earliest"]' },
    ])
  })
})

describe("geth's eth_simulateV1 out-of-gas fixture against the execution-apis document", () => {
  let spec: OpenRpcSpec
  beforeAll(async () => {
    spec = await loadOpenRpc(EXECUTION_APIS, { compile: 'on-first-use' })
  })

  it('is held to the branch of code -32015: only its message pattern fails', () => {
    const [file] = readTranscriptFiles(join(FIXTURES, 'eth_simulateV1'))
    const { result } = judgeFixtureFile(file!, 'eth_simulateV1/ethSimulate-run-out-of-gas-in-block-38015', spec, false)
    expect(result.status).toBe('failed')
    expect(result.message).toBe(
      'line 2: eth_simulateV1: result/1/calls/1/error/message must match pattern "^vm execution error.*" (at /result/1/calls/1/error/message)',
    )
  })
})
