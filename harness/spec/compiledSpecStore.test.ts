import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { prepareRun } from '../run/prepareRun.js'
import { parseRunArgs, type RunConfig } from '../run/runConfig.js'
import { compiledBefore, rememberCompiled } from './compiledSpecStore.js'

const packageRoot = fileURLToPath(new URL('../../', import.meta.url))
const bundledOpenRpc = join(packageRoot, 'openrpc.json')

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'l2conf-compiled-specs-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function config(openrpc: string): RunConfig {
  return parseRunArgs(['--rpc', 'http://127.0.0.1:1'], { openrpc, openapi: join(packageRoot, 'openapi.yaml'), env: {} }) as RunConfig
}

/** openrpc.json with one change, under a name of its own (random bytes make it a spec no run has seen). */
async function variant(name: string, change: (document: Record<string, any>) => void): Promise<string> {
  const document = JSON.parse(await readFile(bundledOpenRpc, 'utf8')) as Record<string, any>
  document['info']['x-test-nonce'] = randomBytes(8).toString('hex')
  change(document)
  const file = join(dir, name)
  await writeFile(file, JSON.stringify(document, null, 2))
  return file
}

describe('compiledSpecStore', () => {
  test('a spec remembered under its hash is found by that hash only', () => {
    const sha256 = randomBytes(32).toString('hex')
    expect(compiledBefore(sha256)).toBe(false)
    rememberCompiled(sha256)
    expect(compiledBefore(sha256)).toBe(true)
    expect(compiledBefore(randomBytes(32).toString('hex'))).toBe(false)
  })

  test('a name that is not a sha256 is never remembered', () => {
    rememberCompiled('../escape')
    expect(compiledBefore('../escape')).toBe(false)
  })

  test('prepareRun remembers a spec that compiled, and refuses one that does not compile on every run', async () => {
    const good = await variant('good.json', () => undefined)
    const first = await prepareRun(config(good), packageRoot)
    expect(compiledBefore(first.specs.openrpc.sha256)).toBe(true)
    const second = await prepareRun(config(good), packageRoot)
    expect(second.specs.openrpc).toEqual(first.specs.openrpc)

    const bad = await variant('bad-schema.json', (document) => {
      document['components'].schemas.quantity.pattern = '(('
    })
    for (let run = 0; run < 2; run++) {
      const error = await prepareRun(config(bad), packageRoot).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(isHarnessError(error) && error.code).toBe('L2CONF_ERR_SPEC')
      expect((error as Error).message).toContain('the schema does not compile')
    }
  })
})
