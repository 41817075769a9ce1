import type { UnsolicitedTally } from '../transport/transportHealth.js'
import type { Finding } from './finding.js'

/**
 * RPC-WS / RPC-SUBSCRIBE: frames that arrived unasked on the run's WebSocket connections (responses
 * to ids never sent, notifications for subscriptions never opened or already cancelled) as one
 * finding, with how many and a few samples; none when the tally is empty.
 */
export function unsolicitedFindings(tally: UnsolicitedTally, what: string): Finding[] {
  if (tally.count === 0) return []
  const samples = tally.samples.map((sample) => `  ${sample}`).join('\n')
  return [{ kind: 'unsolicited', message: `${tally.count} ${what} on ${tally.connections} connection(s) of the run, e.g.:\n${samples}`, got: tally.count }]
}
