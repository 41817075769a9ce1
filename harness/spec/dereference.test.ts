import { describe, expect, it } from 'vitest'
import { HarnessError } from '../errors/harnessError.js'
import { dereference } from './dereference.js'

describe('dereference', () => {
  it('replaces references with their targets, one shared object per target, keeping sibling members', () => {
    const document = {
      a: { $ref: '#/components/quantity' },
      b: { $ref: '#/components/quantity', description: 'the b one' },
      components: { quantity: { type: 'string', description: 'hex' } },
    }
    const result = dereference(document, 'spec.json') as Record<string, Record<string, unknown>>
    expect(result['a']).toEqual({ type: 'string', description: 'hex' })
    expect(result['a']).toBe(result['components']?.['quantity'])
    expect(result['b']).toEqual({ type: 'string', description: 'the b one' })
    expect(document.a).toEqual({ $ref: '#/components/quantity' })
  })

  it('leaves a recursive reference as it is, so the result stays a finite tree', () => {
    const document = { node: { type: 'object', properties: { next: { $ref: '#/node' } } } }
    const result = dereference(document, 'spec.json')
    expect(JSON.parse(JSON.stringify(result))).toEqual(document)
  })

  it('a reference to nothing, or to another file, is an error naming its place', () => {
    const thrown = (document: unknown): HarnessError => {
      try {
        dereference(document, 'spec.json')
      } catch (error) {
        return error as HarnessError
      }
      throw new Error('no error')
    }
    expect(thrown({ a: [{ $ref: '#/nothing' }] }).details).toEqual({ file: 'spec.json', pointer: '/a/0/$ref' })
    expect(thrown({ a: { $ref: 'other.json#/x' } }).message).toBe('spec.json#/a/$ref: only local references ("#/...") are supported, not "other.json#/x"')
  })
})
