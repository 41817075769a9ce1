import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { HarnessError } from '../errors/harnessError.js'

/** The name, beside the timestamped report directories, that points at the newest run's reports. */
export const LATEST = 'latest'

/**
 * Makes sure the reports can be written into `dir` before the run starts (ARCHITECTURE.md, the CLI contract:
 * bad config is exit 2, found before anything is sent): creates it and writes and removes a file there.
 * Throws HarnessError L2CONF_ERR_USAGE naming the directory and the reason otherwise.
 */
export function prepareReportDir(dir: string, flag = '--report-dir'): void {
  const target = resolve(dir)
  const probe = join(target, `.l2conf-write-test.${process.pid}.${randomBytes(4).toString('hex')}`)
  try {
    makeDirectories(target)
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new HarnessError('L2CONF_ERR_USAGE', `${flag} ${dir} cannot be written (${code}): give a directory this user can write`)
  }
}

/**
 * Points `<parent of dir>/latest` at `dir`, the newest run's reports, so CI finds junit.xml without
 * knowing the timestamp: a relative symlink, or where symlinks fail, a copy of the directory. Replaced
 * in one rename, so a reader never finds it missing or half there. Best effort: returns the error
 * message instead of throwing (the reports themselves are written).
 */
export function linkLatest(dir: string): string | null {
  const target = resolve(dir)
  const latest = join(dirname(target), LATEST)
  const temporary = `${latest}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    try {
      symlinkSync(basename(target), temporary, 'dir')
    } catch {
      cpSync(target, temporary, { recursive: true })
    }
    // rename replaces a symlink or file in one step; an older copy (a directory) must go first.
    if (isRealDirectory(latest)) rmSync(latest, { recursive: true, force: true })
    renameSync(temporary, latest)
    return null
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true })
    return (error as Error).message
  }
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir spins forever where the kernel answers ENOENT
 * for a directory whose parent exists (under /proc), so each level is created, and fails, on its own.
 */
function makeDirectories(target: string): void {
  const missing: string[] = []
  let path = target
  while (!existsSync(path)) {
    missing.unshift(path)
    const parent = dirname(path)
    if (parent === path) break
    path = parent
  }
  for (const directory of missing) mkdirSync(directory)
}

function isRealDirectory(path: string): boolean {
  try {
    const stat = lstatSync(path)
    return stat.isDirectory() && !stat.isSymbolicLink()
  } catch {
    return false
  }
}
