import { parseArgs } from 'node:util'
import { isHarnessError } from '../errors/harnessError.js'
import { specDiffJson, specDiffMarkdown, specDiffText } from '../specDiff/formatSpecDiff.js'
import { isBreaking } from '../specDiff/specChange.js'
import { specDiffFiles } from '../specDiff/specDiff.js'

export const SPEC_DIFF_USAGE = `Usage: l2conf spec-diff OLD NEW [--fail-on client|server|any] [--format text|json|markdown]

Compares two versions of openrpc.json, or of openapi.yaml, and classifies every change: breaking
for clients (callers may now be refused or receive what they do not expect), breaking for servers
(nodes that implemented the old version no longer conform), or compatible. Schemas are compared
structurally with every $ref followed: a component renamed but meaning the same is no change.

What it finds: methods, paths and parameters removed or added; parameters made required or
optional, moved; request and result/response schemas narrowed or widened (type, enum, pattern,
format, bounds, required members, properties); error codes changed; methods newly blocked
(x-blocked); limits (info.x-limits) lowered or raised. Each change names JSON pointers into both files.

Options:
  --fail-on client|server|any   exit 1 when a change breaks clients, servers, or either (default any)
  --format text|json|markdown   the readable list (default), JSON, or Markdown for a pull-request comment

Exit codes: 0 no breaking change of the --fail-on kind; 1 at least one; 2 bad usage, or a spec
that cannot be read.

Examples:
  l2conf spec-diff openrpc.json openrpc.next.json
  git show main:openapi.yaml > /tmp/openapi.main.yaml && l2conf spec-diff /tmp/openapi.main.yaml openapi.yaml --fail-on client
  l2conf spec-diff old/openrpc.json openrpc.json --format markdown > comment.md`

function fail(message: string): number {
  console.error(`l2conf spec-diff: ${message}`)
  console.error(`See 'l2conf spec-diff --help'.`)
  return 2
}

/**
 * `l2conf spec-diff OLD NEW`: prints the classified changes between two spec versions.
 * Exit 0 no breaking change of the `--fail-on` kind; 1 at least one; 2 usage or an unreadable spec.
 */
export async function specDiffCommand(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { 'fail-on': { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    return fail((error as Error).message)
  }
  const v = parsed.values
  if (v.help === true) {
    console.log(SPEC_DIFF_USAGE)
    return 0
  }
  const failOn = v['fail-on'] ?? 'any'
  if (failOn !== 'client' && failOn !== 'server' && failOn !== 'any') return fail(`--fail-on is client, server or any, got '${failOn}'`)
  const format = v.format ?? 'text'
  if (format !== 'text' && format !== 'json' && format !== 'markdown') return fail(`--format is text, json or markdown, got '${format}'`)
  if (parsed.positionals.length !== 2) return fail(`give two files, OLD and NEW (got ${parsed.positionals.length})`)
  const [oldFile, newFile] = parsed.positionals as [string, string]
  let diff
  try {
    diff = await specDiffFiles(oldFile, newFile)
  } catch (error) {
    if (isHarnessError(error)) return fail(error.message)
    throw error
  }
  process.stdout.write(format === 'json' ? specDiffJson(diff) : format === 'markdown' ? specDiffMarkdown(diff) : specDiffText(diff))
  return diff.changes.some((c) => isBreaking(c, failOn)) ? 1 : 0
}
