// Builds dist/: the compiled JavaScript that the bin, the bundled reference's process and the
// conformance worker run (no TypeScript transformed at run time), with type declarations for the
// importable API. `npm run build` (also at prepare and prepack) builds it whole; the bin, in a source
// checkout, rebuilds it first (JavaScript only, about half a second) whenever a source is newer than
// the build, so an edited .ts never runs as a stale dist/. See ARCHITECTURE.md, "The build".
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The source trees compiled into dist/, each to the same place under dist/. */
export const SOURCE_TREES = ['common', 'harness', 'suites', 'reference-impl']
/** Files read at run time beside the code (JSON Schemas, configs, contract artifacts): copied as they are. */
const ASSET = /\.(json|ya?ml|sol)$/
/** The build's stamp: when it started and from which sources. */
export const STAMP = '.build-stamp.json'
/** A build holding the lock longer than this is taken to have died. */
const STALE_LOCK_MS = 120_000

const buildScript = fileURLToPath(import.meta.url)

/** Whether `root` holds the TypeScript sources (a checkout), not only an installed dist/. */
export function isSourceCheckout(root) {
  return existsSync(join(root, 'harness', 'cli', 'main.ts'))
}

/** Tests stay out of dist/ (vitest runs them from source, the conformance registrar included). */
function isCompiled(file) {
  return file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts')
}

/** Test material (recorded answers, foreign specs) stays out of dist/ and so out of the package. */
const FIXTURES = /(^|[\\/])fixtures[\\/]/

/** Every file and directory under a tree, depth first. */
function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    visit(path, entry.isDirectory())
    if (entry.isDirectory()) walk(path, visit)
  }
}

/** The .ts entry points and the assets of every source tree, as paths relative to `root`. */
export function sourceFiles(root) {
  const code = []
  const assets = []
  for (const tree of SOURCE_TREES) {
    walk(join(root, tree), (path, isDirectory) => {
      if (isDirectory) return
      const file = relative(root, path)
      if (isCompiled(file)) code.push(file)
      else if (ASSET.test(file) && !FIXTURES.test(file)) assets.push(file)
    })
  }
  return { code, assets }
}

/**
 * The newest modification time among the sources, the build script and package.json (its version is
 * compiled in). Directories count too: removing or renaming a file changes its directory's time.
 */
function newestSourceTime(root) {
  let newest = Math.max(statSync(join(root, 'package.json')).mtimeMs, statSync(buildScript).mtimeMs)
  for (const tree of SOURCE_TREES) {
    newest = Math.max(newest, statSync(join(root, tree)).mtimeMs)
    walk(join(root, tree), (path) => {
      newest = Math.max(newest, statSync(path).mtimeMs)
    })
  }
  return newest
}

function readStamp(dist) {
  try {
    return JSON.parse(readFileSync(join(dist, STAMP), 'utf8'))
  } catch {
    return null
  }
}

/** Whether dist/ is missing, or older than a source (a stamp is written when a build started). */
export function isStale(root) {
  const stamp = readStamp(join(root, 'dist'))
  return stamp === null || typeof stamp.startedAt !== 'number' || newestSourceTime(root) > stamp.startedAt
}

/** Whether dist/ is fresh and was built whole (with the type declarations), as `npm run build` builds it. */
export function isWholeBuild(root) {
  return !isStale(root) && readStamp(join(root, 'dist'))?.declarations === true
}

/**
 * Transpiles each source file to one .js file beside the same path under `outDir`, with a source
 * map. Each file is an esbuild bundle of itself alone: every import stays an import, except JSON
 * imports (`with { type: 'json' }`), which are inlined so Node never loads a JSON module.
 */
async function transpile(root, files, outDir) {
  const { build } = await import('esbuild')
  const keepImports = {
    name: 'keep-imports',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'entry-point' || args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
      )
    },
  }
  await build({ ...esbuildOptions(root), entryPoints: files, outdir: outDir, outbase: '.', plugins: [keepImports] })
}

/** What every esbuild output of the build shares: ES modules for Node 20 (`engines`), linked source maps without the sources. */
function esbuildOptions(root) {
  return { absWorkingDir: root, bundle: true, format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', sourcesContent: false, logLevel: 'error' }
}

/**
 * The bundled reference's process entry: reference-impl/main.ts and everything it imports, its
 * dependencies included, in one file. Node then reads one module instead of some hundreds, and the
 * reference (which every `l2conf run --reference` waits for) is ready in about 0.7 s instead of 1.15 s.
 * It sits one folder under reference-impl/, as its sources do, so the asset addresses they make
 * relative to their own module ('../treasury.config.json') resolve the same.
 */
export const REFERENCE_BUNDLE = join('reference-impl', 'bundle', 'main.js')

async function bundleReference(root, outDir) {
  const entry = join('reference-impl', 'main.ts')
  if (!existsSync(join(root, entry))) return
  const { build } = await import('esbuild')
  await build({
    ...esbuildOptions(root),
    entryPoints: [entry],
    outfile: join(outDir, REFERENCE_BUNDLE),
    // ws's optional native speed-ups: absent, it uses its JavaScript.
    external: ['bufferutil', 'utf-8-validate'],
    // The CommonJS dependencies bundled into an ES module still call require.
    banner: { js: "import { createRequire as l2confCreateRequire } from 'node:module'; const require = l2confCreateRequire(import.meta.url);" },
  })
}

function copyAssets(root, assets, outDir) {
  for (const file of assets) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true })
    copyFileSync(join(root, file), join(outDir, file))
  }
}

/**
 * Type declarations (.d.ts) with tsc, into `outDir` (tsconfig.build.json says which files). Without
 * TypeScript (an install that left out the development dependencies) the build is JavaScript only,
 * which is all that runs: it says so and goes on.
 */
function emitDeclarations(root, outDir) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  if (!existsSync(tsc)) {
    console.error('dist/: TypeScript is not installed, so no type declarations (.d.ts) were written; the JavaScript is complete')
    return
  }
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`tsc could not emit the type declarations (exit ${result.status ?? result.signal})`)
}

/** A quick rebuild keeps the previous build's declarations of the files that still exist (tsc is too slow to run there). */
function keepDeclarations(previous, outDir) {
  if (!existsSync(previous)) return
  walk(previous, (path, isDirectory) => {
    if (isDirectory || !/\.d\.ts(\.map)?$/.test(path)) return
    const file = relative(previous, path)
    if (!existsSync(join(outDir, file.replace(/\.d\.ts(\.map)?$/, '.js')))) return
    mkdirSync(dirname(join(outDir, file)), { recursive: true })
    copyFileSync(path, join(outDir, file))
  })
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** One build at a time (many CLI processes may start at once): a lock directory, taken atomically. */
async function withLock(root, work) {
  const lock = join(root, '.dist-lock')
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true })
      } catch {
        // Released meanwhile.
      }
      await sleep(50)
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * Builds dist/ into a temporary directory and swaps it in, so a process never runs half a build and
 * files of deleted sources never linger. `declarations`: also run tsc for the .d.ts files (the full
 * build); otherwise the previous declarations are kept. `onlyIfStale`: another process may have
 * built while this one waited for the lock.
 */
export async function buildDist(root, { declarations = false, onlyIfStale = false } = {}) {
  return withLock(root, async () => {
    if (onlyIfStale && !isStale(root)) return false
    const startedAt = Date.now()
    const dist = join(root, 'dist')
    const building = join(root, `.dist-building-${process.pid}`)
    const retired = join(root, `.dist-retired-${process.pid}`)
    rmSync(building, { recursive: true, force: true })
    try {
      const { code, assets } = sourceFiles(root)
      await Promise.all([transpile(root, code, building), bundleReference(root, building)])
      copyAssets(root, assets, building)
      if (declarations) emitDeclarations(root, building)
      else keepDeclarations(dist, building)
      writeFileSync(join(building, STAMP), `${JSON.stringify({ startedAt, builtAt: Date.now(), declarations, files: code.length })}\n`)
      if (existsSync(dist)) renameSync(dist, retired)
      renameSync(building, dist)
    } finally {
      rmSync(building, { recursive: true, force: true })
      rmSync(retired, { recursive: true, force: true })
    }
    return true
  })
}

/** In a source checkout, rebuilds dist/ (quickly: no declarations) when a source is newer; resolves to whether it did. */
export async function ensureFreshDist(root) {
  if (!isSourceCheckout(root) || !isStale(root)) return false
  return buildDist(root, { onlyIfStale: true })
}

if (process.argv[1] !== undefined && process.argv[1].split(sep).join('/') === buildScript.split(sep).join('/')) {
  const root = fileURLToPath(new URL('../', import.meta.url))
  const quick = process.argv.includes('--quick')
  // --if-stale (prepack): a dist/ that is already a whole build of these sources is shipped as it is.
  // Rebuilding it would swap it under every CLI process running from it (tests pack the package while
  // other tests run the CLI), and build the same bytes again.
  if (process.argv.includes('--if-stale') && isWholeBuild(root)) {
    console.error('dist/ is a whole build of these sources: kept')
  } else {
    const started = performance.now()
    await buildDist(root, { declarations: !quick })
    console.error(`dist/ built${quick ? ' (JavaScript only)' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}
