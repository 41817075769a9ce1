import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { restCases } from './restCases.js'

const root = new URL('../../', import.meta.url).pathname

describe('restCases of the bundled openapi.yaml', () => {
  it('asks every path, the schema example and the same generated queries for the same seed', async () => {
    const openapi = await loadOpenApi(join(root, 'openapi.yaml'))
    const options = { seed: 4, runs: 3, selected: () => true }
    const cases = restCases(openapi, options)
    expect(
      cases
        .filter((c) => c.source === 'rest')
        .map((c) => c.method)
        .sort(),
    ).toEqual(
      openapi.operations
        .filter((o) => o.method === 'get')
        .map((o) => o.path)
        .sort(),
    )
    expect(cases).toContainEqual(
      expect.objectContaining({
        method: '/portfolio',
        source: 'example',
        query: { addresses: '0x7ea5000000000000000000000000000000000001,0x7ea5000000000000000000000000000000000005' },
      }),
    )
    expect(cases.filter((c) => c.method === '/portfolio' && c.source === 'generated-invalid')).toHaveLength(3)
    expect(restCases(openapi, options)).toEqual(cases)
    expect(restCases(openapi, { ...options, selected: (p) => p === '/token-data' }).every((c) => c.method === '/token-data')).toBe(true)
  })
})
