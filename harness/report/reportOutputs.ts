import { randomBytes } from 'node:crypto'
import { copyFile, rename, rm } from 'node:fs/promises'
import { statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { HarnessError } from '../errors/harnessError.js'
import { prepareReportDir } from './reportDirectory.js'

/** Stable paths for the report forms (--junit, --json, --html), null for a form kept only in the report directory. */
export interface OutputPaths {
  junit: string | null
  json: string | null
  html: string | null
}

const FLAG = { junit: '--junit', json: '--json', html: '--html' } as const

/**
 * Makes sure each output path can be written before the run starts (ARCHITECTURE.md, the CLI contract:
 * bad config is exit 2 before anything is sent): not a directory, its directory created and writable.
 */
export function prepareOutputs(outputs: OutputPaths): void {
  for (const form of ['junit', 'json', 'html'] as const) {
    const path = outputs[form]
    if (path === null) continue
    if (isDirectory(path))
      throw new HarnessError('L2CONF_ERR_USAGE', `${FLAG[form]} ${path} is a directory: give a file name (the report directory is --report-dir)`)
    prepareReportDir(dirname(resolve(path)), FLAG[form])
  }
}

/**
 * Copies the written reports to their stable paths, each through a temporary name renamed into place,
 * so a CI step reading junit.xml never sees half a file. Returns the absolute paths written.
 */
export async function copyOutputs(written: { json: string; junit: string; html: string }, outputs: OutputPaths): Promise<string[]> {
  const copied: string[] = []
  for (const form of ['junit', 'json', 'html'] as const) {
    const path = outputs[form]
    if (path === null) continue
    const target = resolve(path)
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    try {
      await copyFile(written[form], temporary)
      await rename(temporary, target)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    copied.push(target)
  }
  return copied
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
