import { invalidParams } from './invalidParams.js'

/**
 * The positional arguments of a call, checked for arity like geth's parsePositionalArguments:
 * params must be an array (or absent, meaning none); more than `max` -> "too many arguments, want at
 * most N"; a missing (or null) required one -> "missing value for required argument N". The returned
 * array has length `max`, absent optional arguments as undefined (a null optional one too).
 */
export function positionalParams(params: unknown, required: number, max: number = required): unknown[] {
  if (params !== undefined && params !== null && !Array.isArray(params)) throw invalidParams('non-array args')
  const args: unknown[] = Array.isArray(params) ? params : []
  if (args.length > max) throw invalidParams(`too many arguments, want at most ${max}`)
  const out: unknown[] = []
  for (let i = 0; i < max; i++) {
    const value = args[i]
    if (i < required && (value === undefined || value === null)) throw invalidParams(`missing value for required argument ${i}`)
    out.push(value === null ? undefined : value)
  }
  return out
}
