import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/** The harness folder: the library whose modules must not import each other in a circle. */
const HARNESS = dirname(fileURLToPath(import.meta.url))

/** Every source file of the harness (tests left out: nothing imports them). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** Relative imports of a file (static, type-only, re-exports and dynamic imports alike), resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  )
  return specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
}

/** The import cycles among `files`, each as the list of files around it (a small DFS over the graph). */
function cyclesOf(files: readonly string[], root = HARNESS): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target.startsWith(root))]))
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (file: string): void => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(root, f)))
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of files) if (!state.has(file)) visit(file)
  return cycles
}

/** The imports among `files` that land in `folder`, as "file -> import" (relative to `root`). */
function importsInto(files: readonly string[], folder: string, root = HARNESS): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(`${folder}/`))
      .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
  )
}

describe('the harness imports', () => {
  it('form no cycle (type-only imports included: a cycle of types is a design knot too)', () => {
    expect(cyclesOf(sources(HARNESS))).toEqual([])
  })

  it('never reach into suites/: the library, its requirements and their scenarios stand without the vitest registrar', () => {
    expect(importsInto(sources(HARNESS), resolve(HARNESS, '../suites'))).toEqual([])
  })

  it('the search finds an import into a folder, and none beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-into-'))
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './suites/b.js'\nimport type { C } from './suitesBeside/c.js'\nexport const a = b\n")
      expect(importsInto([join(dir, 'a.ts')], join(dir, 'suites'), dir)).toEqual([`a.ts -> ${join('suites', 'b.ts')}`])
      expect(importsInto([join(dir, 'a.ts')], join(dir, 'other'), dir)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the search finds a cycle through a type-only import, and none in a chain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-cycles-'))
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js'\nexport const a = b\n")
      writeFileSync(join(dir, 'b.ts'), "import type { C } from './c.js'\nexport const b: C = 1\n")
      writeFileSync(join(dir, 'c.ts'), 'export type C = number\n')
      expect(
        cyclesOf(
          ['a.ts', 'b.ts', 'c.ts'].map((f) => join(dir, f)),
          dir,
        ),
      ).toEqual([])
      writeFileSync(join(dir, 'c.ts'), "import type { a } from './a.js'\nexport type C = typeof a\n")
      expect(
        cyclesOf(
          ['a.ts', 'b.ts', 'c.ts'].map((f) => join(dir, f)),
          dir,
        ),
      ).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
