import { describe, inject, test } from 'vitest'
import { runCheck, skipReason } from '../harness/run/engine.js'
import { declareChecks } from '../harness/run/registry.js'
import { createRunContext } from '../harness/run/runContext.js'
import { catalogue } from '../harness/requirements/index.js'

// The registrar: every check the requirements declare (harness/requirements/, in the table's order), as a vitest test of its own, run in its place one
// after another (`l2conf run` runs the same checks side by side with its own engine). vitest's
// filters (-t, --testNamePattern) and watch mode pick among them; a failed MUST (or a SHOULD under
// L2CONF_STRICT) fails its test, an inconclusive or not-run check is skipped with the reason.
const context = await createRunContext(inject('l2conf'))
const declared = declareChecks(catalogue, context)

describe('the requirements declare their checks', () => {
  test('every requirement declared its checks', () => {
    if (declared.errors.length > 0) throw new Error(declared.errors.join('; '))
  })
})

describe.sequential('conformance', () => {
  for (const check of declared.checks) {
    test(`${check.spec.id}: ${check.spec.title}`, async (t) => {
      const reason = skipReason(check, context.config)
      if (reason !== null) return t.skip(reason)
      const result = await runCheck(check, context)
      if (result.status === 'failed') throw new Error(`${result.requirement} ${result.id}: ${result.message}`)
      if (result.status === 'inconclusive' || result.status === 'not-run') t.skip(`${result.status}: ${result.message}`)
    })
  }
})
