import { join } from 'node:path'
import { packageRoot } from '../packageLayout.js'
import { HarnessError } from '../errors/harnessError.js'
import { executeRun, type RunOutcome } from '../run/executeRun.js'
import { prepareRun, type PreparedRun } from '../run/prepareRun.js'
import { parseRunArgs } from '../run/runConfig.js'

/** Requirements a cycle leaves out whatever the selection: the limit searches (heavy, and nothing to watch) and the client libraries. */
export const LEFT_OUT_OF_CYCLES = ['LIMITS', 'CLIENT-COMPAT'] as const

/** How the watch's cycles are run: the first target's addresses and the run flags it passes on. */
export interface CycleSettings {
  rpc: string
  ws: string | null
  rest: string | null
  only: string[]
  skip: string[]
  /** Other flags of `l2conf run` passed as given (--timeout, --runs, --header...). */
  runArgs: string[]
}

/** The cycles of a watch: one prepared run (specs loaded and compiled once), executed again each cycle. */
export interface CycleRunner {
  prepared: PreparedRun
  /** Runs one cycle: the read-only checks selected, as `l2conf run` runs them; never exits the process. */
  run(): Promise<RunOutcome>
}

/**
 * Prepares the watch's light re-certification (ARCHITECTURE.md, the watch) with the run's own code
 * (parseRunArgs, prepareRun, executeRun): read-only profile, LIMITS and CLIENT-COMPAT skipped, the
 * operator's --only/--skip on top. Rejects with HarnessError L2CONF_ERR_USAGE for what `l2conf run`
 * refuses with exit 2. `say` hears the run's notices, each distinct line once over the watch.
 */
export async function prepareCycles(settings: CycleSettings, say: (line: string) => void): Promise<CycleRunner> {
  const argv = ['--rpc', settings.rpc, '--profile', 'read-only', '--quiet']
  if (settings.ws !== null) argv.push('--ws', settings.ws)
  if (settings.rest !== null) argv.push('--rest', settings.rest)
  for (const glob of settings.only) argv.push('--only', glob)
  for (const glob of [...LEFT_OUT_OF_CYCLES, ...settings.skip]) argv.push('--skip', glob)
  argv.push(...settings.runArgs)
  const parsed = parseRunArgs(argv, {
    openrpc: join(packageRoot, 'openrpc.json'),
    openapi: join(packageRoot, 'openapi.yaml'),
    env: {},
    implicitTarget: 'refuse',
  })
  if (parsed === 'help') throw new HarnessError('L2CONF_ERR_USAGE', 'no help option among the run flags')
  const prepared = await prepareRun(parsed, packageRoot)
  const said = new Set<string>()
  const sayOnce = (line: string): void => {
    if (said.has(line)) return
    said.add(line)
    say(prepared.redact(line))
  }
  return {
    prepared,
    run: () => executeRun(prepared, packageRoot, { say: sayOnce, inform: () => undefined, progress: null, handleSignals: false }),
  }
}
