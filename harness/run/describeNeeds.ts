import type { CheckNeeds } from './registry.js'

/** The transports a check speaks over: WebSocket or REST when it needs their address, JSON-RPC over HTTP otherwise. */
export function transportsOf(needs: CheckNeeds): Array<'http' | 'ws' | 'rest'> {
  const transports: Array<'http' | 'ws' | 'rest'> = []
  if (needs.ws !== true && needs.rest !== true && needs.rpc !== false) transports.push('http')
  if (needs.ws === true) transports.push('ws')
  if (needs.rest === true) transports.push('rest')
  return transports
}

/**
 * What a check needs from the run to be run rather than skipped, in the flags' words
 * (`--rpc`, `--ws`, `--rest`, `--profile full`, discovery), as check.ts's preconditions read them.
 */
export function needsOf(needs: CheckNeeds): string[] {
  const words: string[] = []
  if ((needs.rpc ?? true) && needs.rest !== true) words.push('--rpc')
  if (needs.ws === true) words.push('--ws')
  if (needs.rest === true) words.push('--rest')
  if (needs.full === true) words.push('--profile full')
  if (needs.discover === true) words.push('discovery')
  return words
}
