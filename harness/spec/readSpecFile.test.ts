import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { readSpecFile } from './readSpecFile.js'

describe('readSpecFile', () => {
  test('a YAML text read twice gives the same value, each reader a copy of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-spec-'))
    const file = join(dir, 'api.yaml')
    writeFileSync(file, 'openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses: { "200": { description: ok } }\n')
    const first = await readSpecFile(file)
    ;(first.value as { paths: Record<string, unknown> }).paths['/changed'] = {}
    const second = await readSpecFile(file)
    expect(second.sha256).toBe(first.sha256)
    expect(second.value).toEqual({ openapi: '3.0.3', paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } })
  })

  test('another text at the same path is parsed anew', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-spec-'))
    const file = join(dir, 'api.yaml')
    writeFileSync(file, 'openapi: 3.0.3\n')
    await readSpecFile(file)
    writeFileSync(file, 'openapi: 3.1.0\n')
    expect((await readSpecFile(file)).value).toEqual({ openapi: '3.1.0' })
  })
})
