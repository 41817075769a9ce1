import { describe, expect, it } from 'vitest'
import { diffOpenApi } from './diffOpenApi.js'
import type { SpecChange } from './specChange.js'

// Tests edit deep into the document; `any` keeps each edit one readable line (as loadOpenRpc.test.ts does).
type Json = Record<string, any>

/** A small OpenAPI document: GET /portfolio with an `addresses` query parameter and a JSON body. */
function spec(edit: (doc: Json) => void = () => {}): Json {
  const doc: Json = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/portfolio': {
        get: {
          parameters: [{ $ref: '#/components/parameters/addresses' }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Portfolio' } } } },
            '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
      '/token-data': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } },
    },
    components: {
      parameters: { addresses: { name: 'addresses', in: 'query', required: false, schema: { type: 'string', maxLength: 900 } } },
      schemas: {
        Portfolio: { type: 'object', required: ['total'], properties: { total: { type: 'string' }, note: { type: 'string', nullable: true } } },
      },
    },
  }
  edit(doc)
  return doc
}

function kinds(changes: SpecChange[]): Array<[string, string[], string]> {
  return changes.map((c) => [c.kind, c.breaks, c.where])
}

const cases: Array<{ name: string; edit: (doc: Json) => void; expected: Array<[string, string[], string]>; pointers?: [string | null, string | null] }> = [
  {
    name: 'a path removed breaks clients',
    edit: (d) => delete d.paths['/token-data'],
    expected: [['operation-removed', ['client'], 'GET /token-data']],
    pointers: ['/paths/~1token-data/get', null],
  },
  {
    name: 'a parameter removed breaks clients',
    edit: (d) => delete d.paths['/portfolio'].get.parameters,
    expected: [['param-removed', ['client'], 'GET /portfolio']],
    pointers: ['/components/parameters/addresses', null],
  },
  {
    name: 'a parameter made required breaks clients',
    edit: (d) => (d.components.parameters.addresses.required = true),
    expected: [['param-required', ['client'], 'GET /portfolio']],
  },
  {
    name: 'a request parameter narrowed breaks clients',
    edit: (d) => (d.components.parameters.addresses.schema.maxLength = 100),
    expected: [['request-narrowed', ['client'], 'GET /portfolio']],
  },
  {
    name: 'a response body narrowed (a required field added) breaks servers',
    edit: (d) => d.components.schemas.Portfolio.required.push('note'),
    expected: [['response-narrowed', ['server'], 'GET /portfolio']],
    pointers: ['/components/schemas/Portfolio', '/components/schemas/Portfolio'],
  },
  {
    name: 'a response made non-nullable narrows it',
    edit: (d) => delete d.components.schemas.Portfolio.properties.note.nullable,
    expected: [['response-narrowed', ['server'], 'GET /portfolio']],
  },
  {
    name: 'a success response removed breaks both',
    edit: (d) => delete d.paths['/token-data'].get.responses['200'],
    expected: [['response-removed', ['client', 'server'], 'GET /token-data']],
  },
  {
    name: 'a renamed component that means the same is no change',
    edit: (d) => {
      d.components.schemas.Holdings = d.components.schemas.Portfolio
      delete d.components.schemas.Portfolio
      d.paths['/portfolio'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/Holdings'
    },
    expected: [],
  },
]

describe('diffOpenApi: one small spec pair per kind of change', () => {
  for (const c of cases) {
    it(c.name, () => {
      const changes = diffOpenApi(spec(), spec(c.edit))
      expect(kinds(changes)).toEqual(c.expected)
      if (c.pointers !== undefined) expect([changes[0]?.old, changes[0]?.new]).toEqual(c.pointers)
    })
  }
})
