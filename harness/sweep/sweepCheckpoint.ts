import { readFile, rename, writeFile } from 'node:fs/promises'
import { HarnessError } from '../errors/harnessError.js'
import type { TallyState } from './sweepTally.js'

/** What makes two sweeps the same sweep: a checkpoint continues only the sweep that wrote it. */
export interface SweepIdentity {
  targets: string[]
  sources: string[]
  segments: Array<[number, number]>
  shard: { index: number; count: number } | null
  state: boolean
}

/** A sweep's progress as --resume reads it back: the blocks of the plan done (a prefix), and the tally of them. */
export interface SweepCheckpoint {
  version: 1
  identity: SweepIdentity
  /** Blocks of this shard's plan done, from its start (windows are added in order, so this is a prefix). */
  done: number
  tally: TallyState
  /** The hash of the last block done, to link the next window's first block to it. */
  previous: { height: number; hash: string } | null
  elapsedMs: number
  startedAt: string
}

/** Writes a checkpoint atomically (a temporary file renamed over it): an interrupted write never leaves half a checkpoint. */
export async function writeCheckpoint(file: string, checkpoint: SweepCheckpoint): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(checkpoint)}\n`)
  await rename(temporary, file)
}

/** Reads a checkpoint; throws HarnessError L2CONF_ERR_USAGE naming the file when it is missing or not one. */
export async function readCheckpoint(file: string): Promise<SweepCheckpoint> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new HarnessError(
      'L2CONF_ERR_USAGE',
      `--resume: no checkpoint to resume from at ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HarnessError('L2CONF_ERR_USAGE', `--resume: ${file} is not a sweep checkpoint (not JSON)`)
  }
  const c = value as Partial<SweepCheckpoint> | null
  if (c === null || typeof c !== 'object' || c.version !== 1 || typeof c.done !== 'number' || c.identity === undefined || c.tally === undefined)
    throw new HarnessError('L2CONF_ERR_USAGE', `--resume: ${file} is not a sweep checkpoint of this version`)
  return c as SweepCheckpoint
}

/** Why a checkpoint cannot continue this sweep (another target, plan, shard or --state), or null when it can. */
export function identityMismatch(saved: SweepIdentity, now: Omit<SweepIdentity, 'segments'> & { segments: SweepIdentity['segments'] | null }): string | null {
  if (saved.targets.join(' ') !== now.targets.join(' ')) return `it sweeps ${saved.targets.join(' and ')}, not ${now.targets.join(' and ')}`
  if (now.sources.length > 0 && saved.sources.join(' ') !== now.sources.join(' '))
    return `its blocks are ${saved.sources.join(' ')}, not ${now.sources.join(' ')}`
  if (JSON.stringify(saved.shard) !== JSON.stringify(now.shard))
    return `it is ${saved.shard === null ? 'not a shard' : `shard ${saved.shard.index}/${saved.shard.count}`}, not ${now.shard === null ? 'the whole plan' : `shard ${now.shard.index}/${now.shard.count}`}`
  if (saved.state !== now.state) return `it was ${saved.state ? '' : 'not '}made with --state`
  return null
}
