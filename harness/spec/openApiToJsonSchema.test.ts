import { describe, expect, it } from 'vitest'
import { convertSchema, openApiToJsonSchema, schemaPlaces } from './openApiToJsonSchema.js'

describe('openApiToJsonSchema', () => {
  it('rewrites the OAS 3.0 keywords JSON Schema does not have', () => {
    expect(convertSchema({ type: 'string', nullable: true, enum: ['a'], example: 'a', 'x-note': 1 })).toEqual({ type: ['string', 'null'], enum: ['a', null] })
    expect(convertSchema({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 9,
    })
    expect(convertSchema({ nullable: true, allOf: [{ $ref: '#/x' }] })).toEqual({ anyOf: [{ type: 'null' }, { allOf: [{ $ref: '#/x' }] }] })
    expect(convertSchema({ type: 'object', properties: { a: { type: 'integer', nullable: true } }, items: { xml: {}, type: 'string' } })).toEqual({
      type: 'object',
      properties: { a: { type: ['integer', 'null'] } },
      items: { type: 'string' },
    })
  })

  it('finds the schemas of a document and converts them in place, leaving the rest alone', () => {
    const document = {
      openapi: '3.0.3',
      paths: {
        '/a': {
          parameters: [{ name: 'p', in: 'query', schema: { type: 'string', example: 'x' } }],
          get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'integer', nullable: true }, example: 1 } } } } },
        },
      },
      components: { schemas: { S: { type: 'string', example: 's' } }, headers: { H: { schema: { type: 'string' } } } },
    }
    expect(schemaPlaces(document)).toEqual([
      '/components/schemas/S',
      '/components/headers/H/schema',
      '/paths/~1a/parameters/0/schema',
      '/paths/~1a/get/responses/200/content/application~1json/schema',
    ])
    const converted = openApiToJsonSchema(document) as typeof document
    expect(converted.paths['/a'].get.responses['200'].content['application/json']).toEqual({ schema: { type: ['integer', 'null'] }, example: 1 })
    expect(converted.components.schemas.S).toEqual({ type: 'string' })
    expect(document.components.schemas.S).toEqual({ type: 'string', example: 's' })
  })
})
