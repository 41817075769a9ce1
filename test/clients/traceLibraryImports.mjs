// Loaded with `node --import` before a run: says on stderr, one line each, when a client library is
// imported (libraryLoading.e2e.test.ts proves that listing checks, or a run that leaves CLIENT-COMPAT
// out, never loads one).
import { register } from 'node:module'

register(new URL('./libraryImportHooks.mjs', import.meta.url))
