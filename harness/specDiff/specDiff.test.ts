import { writeFile, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { specDiffMarkdown, specDiffText } from './formatSpecDiff.js'
import { specDiffFiles } from './specDiff.js'

const root = new URL('../../', import.meta.url).pathname

describe('specDiffFiles', () => {
  it('finds no change between each bundled spec and itself', async () => {
    for (const file of ['openrpc.json', 'openapi.yaml']) {
      const diff = await specDiffFiles(join(root, file), join(root, file))
      expect(diff.changes, file).toEqual([])
    }
  })

  it('finds a lowered limit in a copy of the bundled openrpc.json, with pointers into both files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-spec-diff-'))
    const doc = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(join(root, 'openrpc.json'), 'utf8'))) as { info: { 'x-limits': Record<string, unknown> } }
    doc.info['x-limits'].maxBlockRange = 100
    const next = join(dir, 'openrpc.next.json')
    await writeFile(next, JSON.stringify(doc))
    const diff = await specDiffFiles(join(root, 'openrpc.json'), next)
    expect(diff.changes.map((c) => c.kind)).toEqual(['limit-lowered'])
    expect(diff.summary).toEqual({ client: 1, server: 1, compatible: 0 })
    expect(specDiffText(diff)).toContain(`${next}#/info/x-limits/maxBlockRange`)
    expect(specDiffMarkdown(diff)).toMatch(/\| breaks clients and servers \| `info` \| limit maxBlockRange lowered from 1000 to 100/)
  })

  it('refuses to compare an OpenRPC document with an OpenAPI one', async () => {
    const refused = await specDiffFiles(join(root, 'openrpc.json'), join(root, 'openapi.yaml')).catch((error: unknown) => error)
    expect(isHarnessError(refused, 'L2CONF_ERR_USAGE')).toBe(true)
  })
})
