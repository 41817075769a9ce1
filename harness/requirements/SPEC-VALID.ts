import type { Finding } from '../checks/finding.js'
import { formatProblem, type LintProblem } from '../lint/lintProblem.js'
import { requirement } from './requirement.js'
import { basename } from 'node:path'
import { lintSpecFile } from '../lint/lintSpecFile.js'
import type { CheckDefinition } from '../run/registry.js'
import { describeLeftOut } from '../run/undeclared.js'

/** SPEC-VALID: the specs that drive the run are themselves valid (what `l2conf lint` checks). */
export const row = requirement({
  id: 'SPEC-VALID',
  level: 'MUST',
  text: 'openrpc.json and openapi.yaml valid against their meta-schemas; every example valid against its schema',
  section: '2.4 and 9 (the interface descriptions), OpenRPC 1.3, OpenAPI 3.0',
})

/** How many lint problems a result lists one by one; the rest are counted, and `l2conf lint` shows them all. */
export const PROBLEMS_LISTED = 20

/** The lint problems of one spec file as findings: the first PROBLEMS_LISTED, then how many more. */
export function lintFindings(problems: readonly LintProblem[], file: string): Finding[] {
  const findings: Finding[] = problems.slice(0, PROBLEMS_LISTED).map((problem) => ({ kind: 'spec-problem', message: formatProblem(problem) }))
  if (problems.length > PROBLEMS_LISTED)
    findings.push({ kind: 'spec-problem', message: `and ${problems.length - PROBLEMS_LISTED} more problems (run l2conf lint ${file})` })
  return findings
}

/** SPEC-VALID's checks: the specs the run is driven by are themselves valid (what `l2conf lint` checks), against their meta-schemas, and every example against its schema. */
export function checks(): CheckDefinition[] {
  return (['openrpc', 'openapi'] as const).map((which) => ({
    id: `spec.${which}`,
    title: `${which === 'openrpc' ? 'openrpc.json' : 'openapi.yaml'}: meta-schema, resolvable $refs, examples valid`,
    needs: { rpc: false },
    run: async (probe, context) => {
      const file = which === 'openrpc' ? context.config.openrpc : context.config.openapi
      const lint = await lintSpecFile(file, basename(file))
      probe.add(lintFindings(lint.problems, file))
      // What the requirements could not check because the spec does not describe it (a method, an
      // example): said here, where the spec is judged, and charged to no requirement of the node.
      const leftOut = which === 'openrpc' ? describeLeftOut(context.openrpc) : ''
      if (leftOut !== '') probe.note(leftOut)
    },
  }))
}
