import { describe, expect, it } from 'vitest'
import { specKind } from './specKind.js'

describe('specKind', () => {
  it('goes by content first, then by extension', () => {
    expect(specKind('spec.yaml', { openrpc: '1.3.2' })).toBe('openrpc')
    expect(specKind('spec.json', { openapi: '3.0.3' })).toBe('openapi')
    expect(specKind('spec.json', {})).toBe('openrpc')
    expect(specKind('spec.yml', {})).toBe('openapi')
  })
})
