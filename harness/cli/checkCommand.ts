import { parseArgs } from 'node:util'
import { isHarnessError } from '../errors/harnessError.js'
import { REFERENCE_DEV_KEY } from '../run/runConfig.js'
import { readManifest, type TranscriptManifest } from '../transcript/manifest.js'
import { readTranscriptFiles, requireFolder } from '../transcript/readTranscript.js'
import { checkFixtures } from '../transcript/checkFixtures.js'
import { runCommand } from './runCommand.js'
import type { TranscriptFile } from '../transcript/recordedExchange.js'

export const CHECK_USAGE = `Usage: l2conf check DIR [options]

Judges a transcript folder offline, sending nothing:
- a folder written by 'l2conf run --record DIR' (it holds transcript.json): the recorded run's checks
  run again, each request answered from that check's recorded exchanges, giving the verdicts, reports
  and exit code of the live run. Change openrpc.json (--openrpc) to see which recorded behaviour the
  change would reject; change a recorded answer to see which requirement it breaks. A request the
  transcript has no answer for makes its check not-run, naming the file and the request.
- a folder of execution-apis '.io' fixtures (no transcript.json): each exchange is judged against
  openrpc.json (the envelope, the result against the method's result schema, the error's shape),
  and the verdict is reported per file. An exchange whose method openrpc.json lacks can only be
  judged on its JSON-RPC envelope: the summary counts those apart from the ones judged against
  their method's schema.

Options:
  --openrpc FILE          judge against another openrpc.json than the bundled one
  --openapi FILE          judge against another openapi.yaml than the bundled one
  --report-dir DIR        where the reports go (default reports/<timestamp>/)
  --strict                SHOULD-level failures fail too
  --format text|json      the summary on stdout as text (default) or one JSON document
  --only GLOB, --skip GLOB   run a part of the recorded checks (recorded folders only)
  --expect-failures FILE  known deviations (recorded folders only)
  --private-key HEX       the key a full-profile transcript was signed with, when it was not the
                          bundled reference's (or L2CONF_PRIVATE_KEY)

Exit codes: as 'l2conf run': 0 every MUST check passed; 1 a check failed (or a MUST check was
not run); 2 bad usage, a folder that is not a transcript, a corrupt line (named by file and line).

Examples:
  l2conf run --reference --record transcripts/ref && l2conf check transcripts/ref
  l2conf check transcripts/ref --openrpc my/openrpc.json
  l2conf check harness/transcript/fixtures/execution-apis`

const OPTIONS = {
  openrpc: { type: 'string' },
  openapi: { type: 'string' },
  'report-dir': { type: 'string' },
  strict: { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  'expect-failures': { type: 'string' },
  'private-key': { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The `l2conf run` flags that repeat a recorded run against its transcript. */
export function recordedRunArgs(manifest: TranscriptManifest, privateKey: string | undefined): string[] {
  const args = ['--rpc', manifest.target.rpc ?? '']
  if (manifest.target.ws !== null) args.push('--ws', manifest.target.ws)
  if (manifest.target.rest !== null) args.push('--rest', manifest.target.rest)
  args.push('--profile', manifest.profile, '--seed', String(manifest.seed), '--runs', String(manifest.runs), '--timeout', String(manifest.timeoutMs))
  if (manifest.strict) args.push('--strict')
  if (!manifest.discover) args.push('--no-discover')
  args.push(
    '--discover-max-range',
    String(manifest.discoverCaps.blockRange),
    '--discover-max-batch',
    String(manifest.discoverCaps.batchItems),
    '--discover-max-bytes',
    String(manifest.discoverCaps.requestBytes),
  )
  for (const glob of manifest.selection.only) args.push('--only', glob)
  for (const glob of manifest.selection.skip) args.push('--skip', glob)
  const key = privateKey ?? (manifest.privateKey === 'reference' ? REFERENCE_DEV_KEY : undefined)
  if (key !== undefined) args.push('--private-key', key)
  return args
}

/**
 * `l2conf check DIR`: judges a transcript folder with no network (ARCHITECTURE.md, transcripts).
 * A recorded run is run again through `l2conf run` with its transports answering from the folder;
 * a folder of execution-apis fixtures is judged exchange by exchange against the spec.
 */
export async function checkCommand(argv: string[]): Promise<number> {
  const fail = (message: string): number => {
    console.error(`l2conf check: ${message}`)
    console.error(`See 'l2conf check --help'.`)
    return 2
  }
  let parsed
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: OPTIONS })
  } catch (error) {
    return fail((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const flags = parsed.values
  if (flags.help === true) {
    console.log(CHECK_USAGE)
    return 0
  }
  const format = flags.format ?? 'text'
  if (format !== 'text' && format !== 'json') return fail(`--format is text or json, got '${format.slice(0, 40)}'`)
  if (parsed.positionals.length !== 1)
    return fail(
      parsed.positionals.length === 0 ? 'name the transcript folder: l2conf check DIR' : `one transcript folder at a time, got ${parsed.positionals.length}`,
    )
  const dir = parsed.positionals[0]!
  let manifest: TranscriptManifest | null
  let files: TranscriptFile[]
  try {
    requireFolder(dir)
    manifest = readManifest(dir)
    // Every line is read before anything runs: a corrupt line is exit 2, naming its file and line.
    files = readTranscriptFiles(dir)
    if (manifest === null) {
      if (files.length === 0)
        return fail(`${dir}: no transcript.json and no .io files (give a folder recorded with 'l2conf run --record DIR', or execution-apis fixtures)`)
      // Files l2conf recorded are judged by re-running their checks, which needs the run's settings.
      const recorded = files.find((file) => file.header !== null || file.path.endsWith('.rest'))
      if (recorded !== undefined)
        return fail(
          `${dir}: transcript.json is missing, but ${recorded.path} was recorded by 'l2conf run --record' (the manifest holds the seed, profile and selection the checks need)`,
        )
      for (const flag of ['only', 'skip', 'expect-failures', 'private-key'] as const)
        if (flags[flag] !== undefined) return fail(`--${flag} applies to a recorded run (a folder with transcript.json), not to fixtures`)
      return await checkFixtures(files, { dir, openrpc: flags.openrpc, reportDir: flags['report-dir'], strict: flags.strict === true, format })
    }
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message)
    throw error
  }
  const args = recordedRunArgs(manifest, flags['private-key'])
  if (flags.only !== undefined) {
    args.splice(0, args.length, ...args.filter((_, i) => args[i] !== '--only' && args[i - 1] !== '--only'))
    for (const glob of flags.only) args.push('--only', glob)
  }
  for (const glob of flags.skip ?? []) args.push('--skip', glob)
  if (flags.strict === true && !args.includes('--strict')) args.push('--strict')
  for (const flag of ['openrpc', 'openapi', 'report-dir', 'expect-failures', 'format'] as const) {
    const value = flags[flag]
    if (value !== undefined) args.push(`--${flag}`, value)
  }
  return runCommand(args, { replay: { dir, manifest, files } })
}
