import type { Suite } from '../harness/run/registry.js'

/** Every conformance suite, in the order their checks are declared (the report orders results by the requirement table). */
export const suites: readonly Suite[] = []
