import { describe, expect, it } from 'vitest'
import { schemaDomain } from './schemaDomain.js'
import { sharedPatterns } from './sharedPatterns.js'

describe('schemaDomain()', () => {
  it('recognises the shared patterns, whatever the name', () => {
    expect(schemaDomain({ type: 'string', pattern: sharedPatterns.quantity, title: 'anything' }, undefined)).toBe('quantity')
    expect(schemaDomain({ pattern: sharedPatterns.hash32 }, 'blockHash', true)).toBe('hash32')
  })

  it('uses the name or title only without a pattern, and never in strict mode', () => {
    expect(schemaDomain({ type: 'string' }, 'address')).toBe('address')
    expect(schemaDomain({ type: 'string', title: 'Quantity' }, undefined)).toBe('quantity')
    expect(schemaDomain({ type: 'string' }, 'address', true)).toBeUndefined()
    expect(schemaDomain({ type: 'string', pattern: '^0x[0-9a-f]{16}$' }, 'quantity')).toBeUndefined()
  })

  it('leaves schemas with other constraints to the generic derivation', () => {
    expect(schemaDomain({ type: 'string', pattern: sharedPatterns.data, maxLength: 10 }, undefined)).toBeUndefined()
    expect(schemaDomain({ type: 'integer' }, 'quantity')).toBeUndefined()
  })
})
