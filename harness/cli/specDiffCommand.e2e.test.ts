import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SpecDiff } from '../specDiff/specDiff.js'
import { runCli } from '../../test/support/runCli.js'

const root = new URL('../../', import.meta.url).pathname
const OPENRPC = join(root, 'openrpc.json')
const OPENAPI = join(root, 'openapi.yaml')

describe('l2conf spec-diff', () => {
  let raised: string
  let removed: string
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'l2conf-spec-diff-e2e-'))
    const doc = JSON.parse(await readFile(OPENRPC, 'utf8')) as { info: { 'x-limits': Record<string, number> }; methods: Array<{ name?: string }> }
    // A raised limit breaks servers only; a removed method breaks clients only.
    doc.info['x-limits'].maxBlockRange = 5000
    raised = join(dir, 'raised.json')
    await writeFile(raised, JSON.stringify(doc, null, 2))
    doc.info['x-limits'].maxBlockRange = 1000
    doc.methods = doc.methods.filter((m) => m.name !== 'eth_syncing')
    removed = join(dir, 'removed.json')
    await writeFile(removed, JSON.stringify(doc, null, 2))
  })

  it('exits 0 for the bundled specs against themselves', async () => {
    for (const file of [OPENRPC, OPENAPI]) {
      const run = await runCli(['spec-diff', file, file])
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/No change\./)
    }
  })

  it('exits 1 on a breaking change and names it with pointers into both files', async () => {
    const run = await runCli(['spec-diff', OPENRPC, removed])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('[breaks clients] eth_syncing: method eth_syncing removed')
    expect(run.stdout).toMatch(/old: .*openrpc\.json#\/methods\/\d+\n\s+new: \(absent\)/)
  })

  it('fails only on the kind --fail-on names', async () => {
    expect((await runCli(['spec-diff', OPENRPC, raised, '--fail-on', 'client'])).code).toBe(0)
    expect((await runCli(['spec-diff', OPENRPC, raised, '--fail-on', 'server'])).code).toBe(1)
    expect((await runCli(['spec-diff', OPENRPC, removed, '--fail-on', 'server'])).code).toBe(0)
  })

  it('writes JSON and Markdown', async () => {
    const json = await runCli(['spec-diff', OPENRPC, raised, '--format', 'json'])
    const diff = JSON.parse(json.stdout) as SpecDiff
    expect(diff.changes).toEqual([
      expect.objectContaining({ kind: 'limit-raised', breaks: ['server'], old: '/info/x-limits/maxBlockRange', new: '/info/x-limits/maxBlockRange' }),
    ])
    const markdown = await runCli(['spec-diff', OPENRPC, removed, '--format', 'markdown'])
    expect(markdown.stdout).toMatch(/^### Spec diff \(openrpc\)/)
    expect(markdown.stdout).toMatch(/\| breaks clients \| `eth_syncing` \| method eth_syncing removed/)
  })

  it('exits 2 for bad usage and for a spec it cannot read', async () => {
    expect((await runCli(['spec-diff', OPENRPC])).code).toBe(2)
    expect((await runCli(['spec-diff', OPENRPC, OPENRPC, '--fail-on', 'nobody'])).code).toBe(2)
    const missing = await runCli(['spec-diff', OPENRPC, join(root, 'no-such.json')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/no such file/)
    expect((await runCli(['spec-diff', OPENRPC, OPENAPI])).code).toBe(2)
  })

  it('prints its help with examples', async () => {
    const run = await runCli(['spec-diff', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Examples:\n {2}l2conf spec-diff /)
  })
})
