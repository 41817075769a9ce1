import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Coverage } from '../coverage/coverage.js'
import { coverageMarkdown } from '../coverage/coverageMarkdown.js'
import { coverageText } from '../coverage/coverageText.js'
import { mergeCoverage } from '../coverage/mergeCoverage.js'
import { HarnessError, isHarnessError } from '../errors/harnessError.js'

export const COVERAGE_USAGE = `Usage: l2conf coverage REPORT_OR_DIR... [--format text|markdown|json]

Prints what of the specs a run exercised, from its report: every method of the OpenRPC document and
every operation of the OpenAPI document, called or not; over which transports (HTTP, WebSocket, in a
batch); the example pairings whose params a call sent; each param given and left out, and the
oneOf/anyOf branch of its schema each given value matched; the branches of the result's schema the
answers matched (and null, where the result may be null); the declared error codes answered (and the
undeclared ones, apart); for REST, the declared statuses answered and the params given; and the
totals. Each argument is a report.json, a report directory (l2conf run, check, replay, merge, proxy),
or a fleet directory (run --targets, holding fleet.json); several are joined (shards, targets):
every cell the union of what each covered, every count summed.

Options:
  --format text|markdown|json   text for a terminal (default); markdown for a pull-request comment
                                (the totals, then what was not called, then the tables folded); json
                                the coverage object as report.json holds it

Exit codes: 0 printed; 2 bad usage, a path holding no report, a report without coverage (written by
an l2conf before it had coverage), or reports of different spec documents.

Examples:
  l2conf coverage reports/latest
  l2conf coverage shard-1 shard-2 --format markdown > coverage.md`

const OPTIONS = {
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch (error) {
    throw usage(`${file} cannot be read as JSON (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The coverage a report.json or fleet.json holds, checked to be one (its totals, methods and operations are what the printers read). */
function coverageIn(file: string): Coverage {
  const document = readJson(file)
  if (!isObject(document) || (document['schemaVersion'] === undefined && document['fleetSchemaVersion'] === undefined))
    throw usage(`${file} is not an l2conf report.json or fleet.json`)
  const coverage = document['coverage']
  if (coverage === undefined)
    throw usage(
      document['fleetSchemaVersion'] === undefined
        ? `${file} has no coverage: it was written by an l2conf before reports had coverage`
        : `${file} has no coverage: a target's report has none, or the targets ran different specs (each target's report.json has its own)`,
    )
  if (!isObject(coverage) || !isObject(coverage['totals']) || !Array.isArray(coverage['methods']) || !Array.isArray(coverage['operations']))
    throw usage(`${file}: its coverage is not in the form this l2conf reads`)
  return coverage as unknown as Coverage
}

/** A report.json or fleet.json named, or the one a report or fleet directory holds. */
function coverageOf(path: string): Coverage {
  if (!existsSync(path)) throw usage(`${path} does not exist`)
  if (statSync(path).isFile()) return coverageIn(path)
  for (const name of ['report.json', 'fleet.json']) if (existsSync(join(path, name))) return coverageIn(join(path, name))
  throw usage(`${path} holds no report.json (a run's report directory) nor fleet.json (a fleet's)`)
}

/**
 * `l2conf coverage REPORT_OR_DIR...`: prints the spec coverage of one or more reports (see
 * COVERAGE_USAGE), joined when there are several.
 */
export async function coverageCommand(argv: string[]): Promise<number> {
  try {
    let parsed
    try {
      parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: OPTIONS })
    } catch (error) {
      throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
    }
    if (parsed.values.help === true) {
      console.log(COVERAGE_USAGE)
      return 0
    }
    const format = parsed.values.format ?? 'text'
    if (format !== 'text' && format !== 'markdown' && format !== 'json') throw usage(`--format is text, markdown or json, got '${format.slice(0, 40)}'`)
    if (parsed.positionals.length === 0) throw usage('name a report: l2conf coverage REPORT_OR_DIR')
    const parts = parsed.positionals.map((path) => ({ path, coverage: coverageOf(path) }))
    let text: string
    try {
      const coverage = mergeCoverage(parts.map((part) => part.coverage))
      text = format === 'json' ? `${JSON.stringify(coverage, null, 2)}\n` : format === 'markdown' ? coverageMarkdown(coverage) : coverageText(coverage)
    } catch (error) {
      if (isHarnessError(error)) throw error
      // A coverage edited by hand or cut short: said, not a crash.
      throw usage(`the coverage in ${parts.map((part) => part.path).join(', ')} is not in the form this l2conf reads (${(error as Error).message})`)
    }
    process.stdout.on('error', () => undefined)
    process.stdout.write(text)
    return 0
  } catch (error) {
    if (!isHarnessError(error)) throw error
    console.error(`l2conf coverage: ${error.message}\nSee 'l2conf coverage --help'.`)
    return 2
  }
}
