import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { specDiffMarkdown, specDiffText } from './formatSpecDiff.js'
import { specDiffFiles } from './specDiff.js'

const root = new URL('../../', import.meta.url).pathname

// Tests edit deep into the document; `any` keeps each edit one readable line (as loadOpenRpc.test.ts does).
type Json = Record<string, any>

describe('specDiffFiles', () => {
  it('finds no change between each bundled spec and itself', async () => {
    for (const file of ['openrpc.json', 'openapi.yaml']) {
      const diff = await specDiffFiles(join(root, file), join(root, file))
      expect(diff.changes, file).toEqual([])
    }
  })

  it('finds a lowered limit in a copy of the bundled openrpc.json, with pointers into both files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-spec-diff-'))
    const doc = JSON.parse(await readFile(join(root, 'openrpc.json'), 'utf8')) as { info: { 'x-limits': Record<string, unknown> } }
    doc.info['x-limits'].maxBlockRange = 100
    const next = join(dir, 'openrpc.next.json')
    await writeFile(next, JSON.stringify(doc))
    const diff = await specDiffFiles(join(root, 'openrpc.json'), next)
    expect(diff.changes.map((c) => c.kind)).toEqual(['limit-lowered'])
    expect(diff.summary).toEqual({ client: 1, server: 1, compatible: 0 })
    expect(specDiffText(diff)).toContain(`${next}#/info/x-limits/maxBlockRange`)
    expect(specDiffMarkdown(diff)).toMatch(/\| breaks clients and servers \| `info` \| limit maxBlockRange lowered from 1000 to 100/)
  })

  it('finds no change when every component of the bundled openrpc.json is renamed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-spec-diff-'))
    const text = await readFile(join(root, 'openrpc.json'), 'utf8')
    const doc = JSON.parse(text) as { components: Record<string, Record<string, unknown>> }
    let renamed = text
    for (const [section, members] of Object.entries(doc.components)) {
      for (const name of Object.keys(members)) {
        renamed = renamed.replaceAll(`"#/components/${section}/${name}"`, `"#/components/${section}/renamed_${name}"`)
      }
    }
    const next = JSON.parse(renamed) as typeof doc
    for (const section of Object.keys(next.components)) {
      next.components[section] = Object.fromEntries(Object.entries(next.components[section] ?? {}).map(([name, value]) => [`renamed_${name}`, value]))
    }
    const file = join(dir, 'openrpc.renamed.json')
    await writeFile(file, JSON.stringify(next))
    expect(renamed).not.toEqual(text)
    // Every $ref of the renamed copy names something (the loader refuses a dangling one), so the comparison is not vacuous.
    await expect(loadOpenRpc(file)).resolves.toMatchObject({ methods: expect.arrayContaining([expect.objectContaining({ name: 'eth_getBlockRange' })]) })
    expect((await specDiffFiles(join(root, 'openrpc.json'), file)).changes).toEqual([])
  })

  // Edits of the bundled openrpc.json, each alone: narrowing and widening go to opposite sides, by
  // whether the schema is what clients send (params) or what nodes send (results).
  const edits: Array<{ name: string; edit: (doc: Json) => void; kind: string; breaks: string[]; methods: string[] }> = [
    {
      name: 'a param pattern narrowed breaks clients',
      edit: (d) => (d.components.schemas.storageSlot.pattern = '^0x[0-9a-f]{1,32}$'),
      kind: 'request-narrowed',
      breaks: ['client'],
      methods: ['eth_getStorageAt'],
    },
    {
      name: 'a param enum widened breaks servers',
      edit: (d) => d.components.schemas.blockTag.enum.push('committed'),
      kind: 'request-widened',
      breaks: ['server'],
      methods: ['eth_getBlockRange'],
    },
    {
      name: 'a result pattern widened breaks clients',
      edit: (d) => (d.components.schemas.bytes8.pattern = '^0x[0-9a-f]{1,16}$'),
      kind: 'response-widened',
      breaks: ['client'],
      methods: ['eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockRange'],
    },
    {
      name: 'a result pattern narrowed breaks servers',
      edit: (d) => (d.components.schemas.bytes8.pattern = '^0x0{16}$'),
      kind: 'response-narrowed',
      breaks: ['server'],
      methods: ['eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockRange'],
    },
    {
      name: 'a result widened with anyOf breaks clients',
      edit: (d) =>
        (d.methods.find((m: Json) => m.name === 'rollup_gasPrices').result.schema = { anyOf: [{ $ref: '#/components/schemas/gasPrices' }, { type: 'null' }] }),
      kind: 'response-widened',
      breaks: ['client'],
      methods: ['rollup_gasPrices'],
    },
  ]
  for (const e of edits) {
    it(`in a copy of the bundled openrpc.json, ${e.name}`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'l2conf-spec-diff-'))
      const doc = JSON.parse(await readFile(join(root, 'openrpc.json'), 'utf8')) as Json
      e.edit(doc)
      const next = join(dir, 'openrpc.next.json')
      await writeFile(next, JSON.stringify(doc))
      const diff = await specDiffFiles(join(root, 'openrpc.json'), next)
      expect(diff.changes.map((c) => [c.kind, c.breaks])).toEqual(diff.changes.map(() => [e.kind, e.breaks]))
      expect(diff.changes.map((c) => c.where)).toEqual(expect.arrayContaining(e.methods))
    })
  }

  it('refuses to compare an OpenRPC document with an OpenAPI one', async () => {
    const refused = await specDiffFiles(join(root, 'openrpc.json'), join(root, 'openapi.yaml')).catch((error: unknown) => error)
    expect(isHarnessError(refused, 'L2CONF_ERR_USAGE')).toBe(true)
  })
})
