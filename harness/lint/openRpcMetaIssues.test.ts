import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { metaSchema13, metaSchema14, openRpcMetaIssues, widened13 } from './openRpcMetaIssues.js'

const require = createRequire(import.meta.url)

/** A schema without its words (descriptions, titles): what validation depends on. */
function structure(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(structure)
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'description' && key !== 'title')
      .map(([key, value]) => [key, structure(value)]),
  )
}

/** The places where two schemas differ, each as `pointer: left => right`. */
function differences(left: unknown, right: unknown, pointer = ''): string[] {
  if (JSON.stringify(left) === JSON.stringify(right)) return []
  const objects = typeof left === 'object' && left !== null && !Array.isArray(left) && typeof right === 'object' && right !== null && !Array.isArray(right)
  if (!objects) return [`${pointer}: ${JSON.stringify(left)?.slice(0, 40)} => ${JSON.stringify(right)}`]
  const keys = new Set([...Object.keys(left), ...Object.keys(right)])
  return [...keys].flatMap((key) => differences((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], `${pointer}/${key}`))
}

describe('the OpenRPC meta-schemas lint uses', () => {
  it('1.4 is the published 1.4 meta-schema, which takes the 1.4 line by pattern', () => {
    const published = require('@open-rpc/spec/1_4/schema.json') as { properties: { openrpc: unknown } }
    expect(metaSchema14()).toBe(published)
    expect(published.properties.openrpc).toMatchObject({ type: 'string', pattern: '^1\\.4\\.\\d+$' })
  })

  it('the stand-in for 1.4 (the 1.3 meta-schema widened) differs from the published one only in the version and three types it keeps', () => {
    const published = require('@open-rpc/spec/1_4/schema.json') as object
    expect(differences(structure(widened13()), structure(published))).toEqual([
      '/definitions/infoObject/type: "object" => undefined',
      '/definitions/linkObject/type: "object" => undefined',
      '/definitions/linkObject/properties/name/type: "string" => undefined',
    ])
    expect((metaSchema13().properties['openrpc'] as { enum: string[] }).enum).toContain('1.3.2')
  })

  it('validates each version against its own meta-schema', () => {
    const document = (openrpc: unknown): object => ({ openrpc, info: { title: 't', version: '1' }, methods: [] })
    expect(openRpcMetaIssues(document('1.4.1'))).toEqual([])
    expect(openRpcMetaIssues(document('1.3.2'))).toEqual([])
    expect(openRpcMetaIssues(document('1.0.0-rc1'))).toEqual([])
    expect(openRpcMetaIssues(document('1.4.x'))).toEqual([
      {
        pointer: '/openrpc',
        message:
          'unsupported version "1.4.x" (lint knows OpenRPC 1.0–1.4: 1.0.0-rc0 to 1.3.2, and 1.4.x); the rest of the document is checked against the OpenRPC 1.4 meta-schema',
      },
    ])
    expect(openRpcMetaIssues({ ...document('9'), methods: 'none' })).toEqual([
      {
        pointer: '/openrpc',
        message:
          'unsupported version "9" (lint knows OpenRPC 1.0–1.4: 1.0.0-rc0 to 1.3.2, and 1.4.x); the rest of the document is checked against the OpenRPC 1.4 meta-schema',
      },
      { pointer: '/methods', message: 'must be array' },
    ])
  })
})
