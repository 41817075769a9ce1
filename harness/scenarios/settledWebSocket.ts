import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import { perRun } from './perRun.js'

/**
 * Makes sure the run has used the WebSocket at least once (a run selecting only the checks of frames
 * nobody asked for), then lets frames in flight arrive. Resolves to a note when eth_chainId got no
 * answer, null otherwise.
 */
async function touchWebSocket(context: RunContext): Promise<string | null> {
  const ws = await context.ws()
  if (ws === null) return null
  const exchange = await ws.call('eth_chainId')
  await new Promise((resolve) => setTimeout(resolve, 200))
  return exchange.failure !== undefined && exchange.failure.code !== 'L2CONF_ERR_UNUSABLE'
    ? `eth_chainId over WebSocket got no answer: ${exchange.failure.message}`
    : null
}

/** The WebSocket touched once per run, for both checks of unsolicited frames (RPC-WS's and RPC-SUBSCRIBE's: they judge the same connections at the same moment). */
const touchedOnce = perRun(touchWebSocket)

/**
 * Waits until the run's WebSocket has been used and frames in flight have arrived, noting on `probe`
 * when eth_chainId got no answer. The checks that call it are `last`: they start once every other
 * check of the run has ended, and judge the frames that arrived unasked on every WebSocket connection
 * of the run, the other checks' included.
 */
export async function settledWebSocket(probe: Probe, context: RunContext): Promise<void> {
  const note = await touchedOnce(context)
  if (note !== null) probe.note(note)
}
