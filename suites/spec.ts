import { basename } from 'node:path'
import { lintSpecFile } from '../harness/lint/lintSpecFile.js'
import { defineSuite } from '../harness/run/registry.js'
import { lintFindings } from '../harness/requirements/SPEC-VALID.js'
import { describeLeftOut } from '../harness/run/undeclared.js'

/** SPEC-VALID: the specs the run is driven by are themselves valid (what `l2conf lint` checks). */
export default defineSuite('spec', (check) => {
  // SPEC-VALID: the specs are valid against their meta-schemas, and every example against its schema
  for (const which of ['openrpc', 'openapi'] as const) {
    check(
      {
        id: `spec.${which}`,
        requirement: 'SPEC-VALID',
        title: `${which === 'openrpc' ? 'openrpc.json' : 'openapi.yaml'}: meta-schema, resolvable $refs, examples valid`,
      },
      { rpc: false },
      async (probe, context) => {
        const file = which === 'openrpc' ? context.config.openrpc : context.config.openapi
        const lint = await lintSpecFile(file, basename(file))
        probe.add(lintFindings(lint.problems, file))
        // What the suites could not check because the spec does not describe it (a method, an
        // example): said here, where the spec is judged, and charged to no requirement of the node.
        const leftOut = which === 'openrpc' ? describeLeftOut(context.openrpc) : ''
        if (leftOut !== '') probe.note(leftOut)
      },
    )
  }
})
