import { isAbsolute, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { isHarnessError } from '../errors/harnessError.js'
import { formatProblem } from '../lint/lintProblem.js'
import { lintSpecFile, type SpecFileLint } from '../lint/lintSpecFile.js'
import { packageRoot } from './packageInfo.js'

const USAGE = `Usage: l2conf lint [openrpc.json] [openapi.yaml] [--format text|json]

Validates the spec files (requirement SPEC-VALID): OpenRPC documents against the OpenRPC
meta-schema of their version (1.0 to 1.4), OpenAPI documents against the OpenAPI meta-schema; every
$ref resolvable; every example valid against the schema it illustrates (method params and results,
response bodies, parameters, schema-level examples). A $ref that does not resolve is one problem
among the others: what needs it is left unchecked, and its problem says what. Files may come in any
order: their content says which is which. Without files, lints the bundled openrpc.json and
openapi.yaml.

Output: one line per problem, "file#/json/pointer: reason", then a count line.
  --format json   one JSON object instead: {files: [{file, kind, sha256, problems}], problems}
  -h, --help      this text

Exit codes: 0 no problems; 1 problems found; 2 bad usage, or a file that cannot be read or is
neither JSON nor YAML.`

/** `l2conf lint [openrpc.json] [openapi.yaml]` (ARCHITECTURE.md CLI contract, requirement SPEC-VALID). */
export async function lintCommand(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' }, format: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    // node's message goes on to explain '--' for positionals; its first sentence is the point.
    const reason = ((error as Error).message.split('\n')[0] ?? '').replace(/\. To specify a positional.*$/, '.')
    console.error(`l2conf lint: ${reason}\nSee 'l2conf lint --help'.`)
    return 2
  }
  if (parsed.values.help === true) {
    console.log(USAGE)
    return 0
  }
  const format = parsed.values.format ?? 'text'
  if (format !== 'text' && format !== 'json') {
    console.error(`l2conf lint: --format must be text or json, not '${format}'.\nSee 'l2conf lint --help'.`)
    return 2
  }
  const files = parsed.positionals.length > 0 ? parsed.positionals : [join(packageRoot, 'openrpc.json'), join(packageRoot, 'openapi.yaml')]

  const results: SpecFileLint[] = []
  for (const file of files) {
    try {
      results.push(await lintSpecFile(file, displayName(file)))
    } catch (error) {
      if (isHarnessError(error, 'L2CONF_ERR_SPEC')) {
        const name = displayName(file)
        console.error(`l2conf lint: ${error.message.startsWith(`${file}: `) ? `${name}: ${error.message.slice(file.length + 2)}` : error.message}`)
        return 2
      }
      throw error
    }
  }

  const problems = results.flatMap((result) => result.problems)
  if (format === 'json') {
    console.log(JSON.stringify({ files: results, problems: problems.length }, null, 2))
  } else {
    for (const problem of problems) console.log(formatProblem(problem))
    console.log(countLine(results, problems.length))
  }
  return problems.length === 0 ? 0 : 1
}

/** How a file is named in the output: relative to the working directory when it lies inside it. */
function displayName(file: string): string {
  const absolute = resolve(file)
  const rel = relative(process.cwd(), absolute)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute
}

function countLine(results: SpecFileLint[], count: number): string {
  const names = results.map((result) => result.file).join(', ')
  if (count === 0) return `no problems in ${results.length === 1 ? names : `${results.length} files (${names})`}`
  const noun = count === 1 ? 'problem' : 'problems'
  const inFiles = results.filter((result) => result.problems.length > 0).map((result) => `${result.problems.length} in ${result.file}`)
  return `${count} ${noun} (${inFiles.join(', ')})`
}
