import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The Node.js releases the package is proven on besides the one running the tests (package.json
 * `engines` says >=20.19; the README names 20, 22 and 24). Exact versions, so a test run today and one
 * next month fetch the same binaries.
 */
export const OTHER_RUNTIMES: readonly string[] = ['22.23.3', '24.21.0']

/** The npm package that ships the official Node.js binary for a platform (the `node` package's own naming). */
export function runtimePackage(platform: string = process.platform, arch: string = process.arch): string | null {
  return (platform === 'linux' || platform === 'darwin') && (arch === 'x64' || arch === 'arm64') ? `node-${platform}-${arch}` : null
}

/**
 * The path of the `node` binary of release `version` (tests only), fetched once from the npm registry
 * (`npm pack`, which also keeps it in npm's own cache) and unpacked under `cacheDir`. Rejects with the
 * reason when the platform has no such package or the registry cannot be reached.
 */
export async function nodeRuntime(version: string, cacheDir: string): Promise<string> {
  const name = runtimePackage()
  if (name === null) throw new Error(`no Node.js binary package for ${process.platform}/${process.arch}`)
  const dir = join(cacheDir, `${name}-${version}`)
  const binary = join(dir, 'package', 'bin', 'node')
  if (existsSync(binary)) return binary
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  // npm_execpath is set under `npm test`; otherwise the npm on the PATH.
  const npm = process.env.npm_execpath
  const [command, prefix] = npm !== undefined && npm.endsWith('.js') ? [process.execPath, [npm]] : ['npm', []]
  try {
    await run(command, [...prefix, 'pack', `${name}@${version}`, '--pack-destination', dir, '--silent'], { timeout: 180_000, maxBuffer: 1024 * 1024 })
    const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz'))
    if (tarball === undefined) throw new Error(`npm pack ${name}@${version} wrote no tarball`)
    await run('tar', ['-xzf', join(dir, tarball), '-C', dir, 'package/bin/node'], { timeout: 120_000 })
    rmSync(join(dir, tarball))
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`could not fetch Node.js ${version} (${name}@${version} from the npm registry): ${(error as Error).message.split('\n')[0]}`)
  }
  return binary
}
