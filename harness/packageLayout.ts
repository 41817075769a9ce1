import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the running code sits in the package. From the sources (tsx, vitest) this file is
 * harness/packageLayout.ts; from the build it is dist/harness/packageLayout.js (ARCHITECTURE.md,
 * "The build"). Code that finds files by path (the specs, the suites, the reference's entry) asks here
 * rather than counting `../` from itself, so both layouts work.
 */
const self = fileURLToPath(import.meta.url)

/** Whether the running code is the compiled JavaScript of dist/. */
export const compiled = self.endsWith('.js')

/** The directory holding harness/, suites/ and reference-impl/ of the running code: the package root, or its dist/. */
export const codeRoot = dirname(dirname(self))

/** The package root: package.json, openrpc.json, openapi.yaml, vitest.config.ts, reports/. */
export const packageRoot = compiled ? dirname(codeRoot) : codeRoot

/** The extension of the running code's modules, for paths to sibling entry points ('main.ts' or 'main.js'). */
export const codeExtension = compiled ? 'js' : 'ts'
