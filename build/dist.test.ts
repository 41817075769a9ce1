import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildDist, REFERENCE_BUNDLE, isStale, isWholeBuild, sourceFiles, STAMP } from './dist.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** A package tree in miniature: a harness module importing JSON and a sibling, a unit test, a suite, an asset. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'l2conf-build-'))
  roots.push(root)
  const files: Record<string, string> = {
    'package.json': '{"name":"fixture","version":"1.2.3","type":"module"}',
    'harness/version.ts':
      "import pkg from '../package.json' with { type: 'json' }\nimport { twice } from './twice.js'\nexport const version: string = `${pkg.version} ${twice(2)}`\n",
    'harness/twice.ts': 'export const twice = (n: number): number => n * 2\n',
    'harness/twice.test.ts': "import { it } from 'vitest'\nit('is left out of dist/', () => {})\n",
    'harness/report.schema.json': '{"type":"object"}',
    'suites/shape.ts': "import { version } from '../harness/version.js'\nexport const seen = version\n",
    'suites/conformance.test.ts': "import { it } from 'vitest'\nit('is left out of dist/: a registrar for vitest', () => {})\n",
    'harness/fixtures/answer.json': '{"recorded":true}',
    'reference-impl/main.ts': "import { shared } from '../common/shared.js'\nexport const main = shared\n",
    'common/shared.ts': 'export const shared = 1\n',
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  return root
}

/** Moves every time of `file` an hour back, so a build made now is newer. */
/**
 * Every file and folder of the fixture, to age before a build: one written in the millisecond the
 * build starts would leave it stale (the stamp's start is a whole millisecond, a file's time is finer).
 */
const EVERY_FIXTURE_FILE = [
  'package.json',
  'harness/version.ts',
  'harness/twice.ts',
  'harness/twice.test.ts',
  'harness/report.schema.json',
  'suites/shape.ts',
  'suites/conformance.test.ts',
  'harness/fixtures/answer.json',
  'harness/fixtures',
  'reference-impl/main.ts',
  'common/shared.ts',
  'harness',
  'suites',
  'reference-impl',
  'common',
]

function age(root: string, file: string): void {
  const past = new Date(Date.now() - 3_600_000)
  utimesSync(join(root, file), past, past)
}

describe('the build (dist/)', () => {
  it('compiles the suites and the harness but not their tests, and copies the assets but not the test fixtures', () => {
    const { code, assets } = sourceFiles(fixture())
    expect(code.sort()).toEqual(['common/shared.ts', 'harness/twice.ts', 'harness/version.ts', 'reference-impl/main.ts', 'suites/shape.ts'])
    expect(assets).toEqual(['harness/report.schema.json'])
  })

  it('inlines JSON imports, keeps every other import, and runs from dist/', async () => {
    const root = fixture()
    await buildDist(root)
    const compiled = readFileSync(join(root, 'dist', 'harness', 'version.js'), 'utf8')
    expect(compiled).toContain('"1.2.3"')
    expect(compiled).toMatch(/from "\.\/twice\.js"/)
    expect(existsSync(join(root, 'dist', 'harness', 'twice.test.js'))).toBe(false)
    expect(existsSync(join(root, 'dist', 'harness', 'report.schema.json'))).toBe(true)
    const module = (await import(join(root, 'dist', 'harness', 'version.js'))) as { version: string }
    expect(module.version).toBe('1.2.3 4')
  })

  it('bundles the reference with what it imports into one module, one folder under reference-impl/', async () => {
    const root = fixture()
    await buildDist(root)
    const bundle = join(root, 'dist', REFERENCE_BUNDLE)
    expect(REFERENCE_BUNDLE).toBe(join('reference-impl', 'bundle', 'main.js'))
    // common/shared.ts is inside it, not imported.
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/from ["'].*shared/)
    const module = (await import(bundle)) as { main: number }
    expect(module.main).toBe(1)
  })

  it('is stale with no build, fresh after one, stale again once a source changes or disappears', async () => {
    const root = fixture()
    for (const file of EVERY_FIXTURE_FILE) age(root, file)
    expect(isStale(root)).toBe(true)
    await buildDist(root)
    expect(isStale(root)).toBe(false)
    writeFileSync(join(root, 'harness', 'twice.ts'), 'export const twice = (n: number): number => n + n\n')
    expect(isStale(root)).toBe(true)
    // The next build's stamp starts in a later millisecond than the change (see EVERY_FIXTURE_FILE).
    await new Promise((resolve) => setTimeout(resolve, 5))
    await buildDist(root)
    expect(isStale(root)).toBe(false)
    rmSync(join(root, 'harness', 'twice.test.ts'))
    expect(isStale(root)).toBe(true)
  })

  it('is a whole build only when fresh and built with the declarations (npm pack keeps such a dist/)', async () => {
    const root = fixture()
    for (const file of EVERY_FIXTURE_FILE) age(root, file)
    await buildDist(root)
    expect(isStale(root)).toBe(false)
    expect(isWholeBuild(root)).toBe(false)
    const stamp = join(root, 'dist', STAMP)
    writeFileSync(stamp, JSON.stringify({ ...JSON.parse(readFileSync(stamp, 'utf8')), declarations: true }))
    expect(isWholeBuild(root)).toBe(true)
    writeFileSync(join(root, 'harness', 'twice.ts'), 'export const twice = (n: number): number => n * 2\n')
    expect(isWholeBuild(root)).toBe(false)
  })
})
