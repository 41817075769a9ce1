import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { lintOpenRpc } from './lintOpenRpc.js'

// A real foreign OpenRPC 1.4 document with real problems (its README says where it comes from).
const EXECUTION_APIS = join(packageRoot, 'harness/lint/fixtures/execution-apis/openrpc.json')
const BUNDLED = join(packageRoot, 'openrpc.json')

type Json = Record<string, any>

/** A fresh copy of a document, changed by `change`. */
function variant(file: string, change: (document: Json) => void = () => {}): Json {
  const document = JSON.parse(readFileSync(file, 'utf8')) as Json
  change(document)
  return document
}

/** The problems of a document as lines `pointer: message`, sorted. */
async function problems(file: string, document: Json): Promise<string[]> {
  return (await lintOpenRpc(file, document)).map((issue) => `${issue.pointer}: ${issue.message}`).sort()
}

/** Problems counted by the method (or other top-level place) they are under. */
function byPlace(lines: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const line of lines) {
    const place = line.slice(0, line.indexOf(': ')).split('/').slice(0, 3).join('/')
    counts[place] = (counts[place] ?? 0) + 1
  }
  return counts
}

describe('lint of a real OpenRPC 1.4 document', () => {
  it('reports the examples its own schemas reject, and nothing about its version', async () => {
    const found = await problems(EXECUTION_APIS, variant(EXECUTION_APIS))
    expect(found.filter((line) => line.startsWith('/openrpc'))).toEqual([])
    // A transaction that fails the oneOf of transaction types is explained against the closest
    // type (spec/closestBranch.ts): the legacy one, which it lacks `type` for, not every type's members.
    expect(found).toHaveLength(53)
    expect(found.every((line) => /^\/methods\/\d+\/examples\/0\/(params|result)/.test(line))).toBe(true)
    expect(found).toContain("/methods/48/examples/0/result/value: must have required property 'oldestBlock'")
    expect(byPlace(found)).toEqual({
      '/methods/0': 4,
      '/methods/1': 1,
      '/methods/3': 1,
      '/methods/4': 1,
      '/methods/11': 1,
      '/methods/12': 1,
      '/methods/13': 1,
      '/methods/26': 2,
      '/methods/27': 1,
      '/methods/28': 1,
      '/methods/29': 1,
      '/methods/30': 2,
      '/methods/31': 1,
      '/methods/32': 2,
      '/methods/33': 1,
      '/methods/34': 1,
      '/methods/35': 2,
      '/methods/46': 1,
      '/methods/48': 2,
      '/methods/59': 1,
      '/methods/60': 1,
      '/methods/65': 2,
      '/methods/66': 2,
      '/methods/67': 2,
      '/methods/71': 1,
      '/methods/72': 1,
      '/methods/73': 1,
      '/methods/74': 1,
      '/methods/75': 1,
      '/methods/80': 1,
      '/methods/83': 8,
      '/methods/84': 4,
    })
  })

  it('with one $ref broken, reports that ref among all the other problems', async () => {
    const before = await problems(EXECUTION_APIS, variant(EXECUTION_APIS))
    const after = await problems(
      EXECUTION_APIS,
      variant(EXECUTION_APIS, (document) => {
        document['methods'][1].result.schema.$ref = '#/components/schemas/bytez'
      }),
    )
    expect(after.filter((line) => !before.includes(line))).toEqual([
      '/methods/1/result/schema/$ref: cannot resolve "#/components/schemas/bytez": nothing at /components/schemas/bytez; not checked because of it: the example at /methods/1/examples/0/result/value',
    ])
    expect(before.filter((line) => !after.includes(line))).toEqual([])
  })

  it('leaves out only the examples that need the broken ref, however deep it is, and names them', async () => {
    const before = await problems(EXECUTION_APIS, variant(EXECUTION_APIS))
    const after = await problems(
      EXECUTION_APIS,
      variant(EXECUTION_APIS, (document) => {
        document['components'].schemas.ForkchoiceUpdatedResponseV1.properties.payloadStatus.$ref = '#/components/schemas/RestrictedPayloadStatusV9'
      }),
    )
    expect(after.filter((line) => !before.includes(line))).toEqual([
      '/components/schemas/ForkchoiceUpdatedResponseV1/properties/payloadStatus/$ref: cannot resolve "#/components/schemas/RestrictedPayloadStatusV9": nothing at /components/schemas/RestrictedPayloadStatusV9; not checked because of it: 3 examples (/methods/11/examples/0/result/value, /methods/12/examples/0/result/value, /methods/13/examples/0/result/value)',
    ])
    // The three results that use it could not be checked; every other problem is still there.
    expect(before.filter((line) => !after.includes(line))).toEqual([
      '/methods/11/examples/0/result/value/payloadStatus/validationError: must be string',
      '/methods/12/examples/0/result/value/payloadStatus/validationError: must be string',
      '/methods/13/examples/0/result/value/payloadStatus/validationError: must be string',
    ])
  })

  it('says "unsupported version" once for a version it has no meta-schema for, and still reports the rest', async () => {
    const found = await problems(
      EXECUTION_APIS,
      variant(EXECUTION_APIS, (document) => {
        document['openrpc'] = '2.0.0'
        delete document['info'].version
      }),
    )
    expect(found.filter((line) => !/^\/methods\//.test(line))).toEqual([
      "/info: must have required property 'version'",
      '/openrpc: unsupported version "2.0.0" (lint knows OpenRPC 1.0–1.4: 1.0.0-rc0 to 1.3.2, and 1.4.x); the rest of the document is checked against the OpenRPC 1.4 meta-schema',
    ])
    expect(found).toHaveLength(55)
  })
})

describe('lint and the OpenRPC version', () => {
  it('takes every 1.4.x and every version the 1.3 meta-schema lists', async () => {
    for (const version of ['1.4.0', '1.4.1', '1.4.12', '1.3.2', '1.2.4', '1.0.0-rc0']) {
      expect(
        await problems(
          BUNDLED,
          variant(BUNDLED, (document) => void (document['openrpc'] = version)),
        ),
        version,
      ).toEqual([])
    }
  })

  it('a version of no known line is unsupported, not invalid; a version that is not a string is invalid', async () => {
    const unsupported = (version: string): string =>
      `/openrpc: unsupported version "${version}" (lint knows OpenRPC 1.0–1.4: 1.0.0-rc0 to 1.3.2, and 1.4.x); the rest of the document is checked against the OpenRPC 1.4 meta-schema`
    for (const version of ['2.0.0', '1.5.0', '1.3.9', '1.4', 'latest']) {
      expect(
        await problems(
          BUNDLED,
          variant(BUNDLED, (document) => void (document['openrpc'] = version)),
        ),
        version,
      ).toEqual([unsupported(version)])
    }
    expect(
      await problems(
        BUNDLED,
        variant(BUNDLED, (document) => void (document['openrpc'] = 1.4)),
      ),
    ).toEqual(['/openrpc: must be string'])
    expect(
      await problems(
        BUNDLED,
        variant(BUNDLED, (document) => void delete document['openrpc']),
      ),
    ).toEqual([": must have required property 'openrpc'"])
  })

  it('checks a 1.4 document against the meta-schema all the same', async () => {
    const found = await problems(
      BUNDLED,
      variant(BUNDLED, (document) => {
        document['openrpc'] = '1.4.1'
        document['methods'][0].paramStructure = 'by-order'
      }),
    )
    expect(found).toEqual(['/methods/0/paramStructure: must be one of ["by-position","by-name","either"]'])
  })
})

describe('lint with a $ref that does not resolve', () => {
  it('goes on with the meta-schema, the extensions and every example that does not need it', async () => {
    const found = await problems(
      BUNDLED,
      variant(BUNDLED, (document) => {
        document['methods'][1].result.schema = { $ref: '#/components/schemas/rollupInf' }
        document['methods'][2].examples[0].result.value.l1GasPrice = 1234
        document['methods'][7]['x-transports'] = ['udp']
        delete document['info'].title
      }),
    )
    expect(found).toEqual([
      "/info: must have required property 'title'",
      '/methods/1/result/schema/$ref: cannot resolve "#/components/schemas/rollupInf": nothing at /components/schemas/rollupInf; not checked because of it: the example at /methods/1/examples/0/result/value',
      '/methods/2/examples/0/result/value/l1GasPrice: must be string',
      '/methods/7/x-transports: x-transports must be a non-empty array of "http" and/or "ws"',
    ])
  })

  it('a method, a pairing, a param or an example that is itself a broken ref: what it holds is named as not checked', async () => {
    const found = await problems(
      BUNDLED,
      variant(BUNDLED, (document) => {
        document['methods'][2] = { $ref: '#/components/methods/gasPrices' }
        document['methods'][1].examples[0] = { $ref: '#/components/examplePairings/verifier' }
        document['methods'][0].params[0] = { $ref: '#/components/contentDescriptors/fromBlock' }
        document['methods'][0].examples[0].params[1] = { $ref: '#/components/examples/toBlock' }
      }),
    )
    expect(found).toEqual([
      '/methods/0/examples/0/params/1/$ref: cannot resolve "#/components/examples/toBlock": nothing at /components/examples/toBlock; not checked because of it: the example at /methods/0/examples/0/params/1',
      '/methods/0/params/0/$ref: cannot resolve "#/components/contentDescriptors/fromBlock": nothing at /components/contentDescriptors/fromBlock; not checked because of it: 2 examples (/methods/0/examples/0/params/0/value, /methods/0/examples/1/params/0/value)',
      '/methods/1/examples/0/$ref: cannot resolve "#/components/examplePairings/verifier": nothing at /components/examplePairings/verifier; not checked because of it: the examples under /methods/1/examples/0',
      '/methods/2/$ref: cannot resolve "#/components/methods/gasPrices": nothing at /components/methods/gasPrices; not checked because of it: the examples under /methods/2',
    ])
  })

  it('a param descriptor that is a broken ref: whether a pairing without that param has every required one is not checked', async () => {
    const found = await problems(
      BUNDLED,
      variant(BUNDLED, (document) => {
        document['methods'][0].params[2] = { $ref: '#/components/contentDescriptors/fullTx' }
        document['methods'][0].examples[0].params.pop()
      }),
    )
    expect(found).toEqual([
      '/methods/0/params/2/$ref: cannot resolve "#/components/contentDescriptors/fullTx": nothing at /components/contentDescriptors/fullTx; not checked because of it: the example at /methods/0/examples/1/params/2/value; whether /methods/0/examples/0/params has every required param',
    ])
  })

  it('a broken ref nothing depends on is the problem alone; a remote ref is one too', async () => {
    const found = await problems(
      BUNDLED,
      variant(BUNDLED, (document) => {
        document['components'].schemas.unused = { type: 'object', properties: { a: { $ref: '#/components/schemas/nothing' }, b: { $ref: 'other.json#/x' } } }
      }),
    )
    expect(found).toEqual([
      '/components/schemas/unused/properties/a/$ref: cannot resolve "#/components/schemas/nothing": nothing at /components/schemas/nothing',
      '/components/schemas/unused/properties/b/$ref: cannot resolve "other.json#/x": only references into the same document ("#/...") are supported',
    ])
  })
})
