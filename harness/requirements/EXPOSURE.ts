import { requirement } from './requirement.js'
import { batchItem } from '../checks/envelopeFindings.js'
import { isHarnessError } from '../errors/harnessError.js'
import type { Probe } from '../run/certify.js'
import type { CheckDefinition } from '../run/registry.js'
import type { RunContext } from '../run/runContext.js'
import { ALLOWED_BESIDE } from '../scenarios/blockedCalls.js'
import { rpcHttp } from '../scenarios/rpcHttp.js'
import type { Exchange } from '../transport/exchange.js'
import { corsFacts, FOREIGN_ORIGIN, originFact, PREFLIGHT_HEADERS, type UpgradeOutcome } from './EXPOSURE.headers.js'
import { CONTROL_METHOD, EXPOSURE_PROBES, WALLET_PROBES, type ExposureProbe } from './EXPOSURE.probes.js'
import { checkNoNamespace, checkNoWallet, controlNote, notFoundCodes, probedList, readProbe, type ProbeReading } from './EXPOSURE.readings.js'

/**
 * EXPOSURE: a public endpoint exposes no wallet, admin or debug surface. Its checks do not all bind
 * alike, so each states its level: an account listed or a signature returned breaks the interface
 * document's own reason for blocking eth_getAccounts (MUST); a namespace that merely answers is one a
 * public endpoint has no use for (SHOULD); CORS and the WebSocket's answer to a foreign Origin are
 * facts a public RPC may rightly choose either way (INFO, never failed).
 */
export const row = requirement({
  id: 'EXPOSURE',
  level: 'MUST',
  levels: ['MUST', 'SHOULD', 'INFO'],
  text: "no node-held account listed or signed for (MUST, 4.3's rationale); no admin, debug, personal, miner or txpool namespace reachable (SHOULD); over HTTP, WebSocket and batches",
  section: '4.3 and 7',
})

export { CONTROL_METHOD, EXPOSURE_PROBES, UNHOLDABLE_ADDRESS, WALLET_PROBES } from './EXPOSURE.probes.js'
export {
  accountsIn,
  checkNoNamespace,
  checkNoWallet,
  controlNote,
  NOT_EXPOSED_CODES,
  notFoundCodes,
  oneLineCommand,
  probedList,
  readProbe,
} from './EXPOSURE.readings.js'
export { corsFacts, FOREIGN_ORIGIN, originFact } from './EXPOSURE.headers.js'

/** The ways in a probe is sent: alone over HTTP, alone over WebSocket, inside a batch (over HTTP, and over WebSocket when the run has one). */
type Way = 'http' | 'ws' | 'batch'

/** A request to send: a probe, or the control. */
type Call = Pick<ExposureProbe, 'method' | 'params'>

/** The id of the probe inside its batch of two (ALLOWED_BESIDE is 1): a batch as small as any node takes, as the blocked calls' are. */
const PROBE_ID = 2

/** Something to send calls over: the HTTP transport or a WebSocket connection. */
interface Sender {
  call(method: string, params: unknown[]): Promise<Exchange>
  send(body: unknown): Promise<Exchange>
}

/**
 * Asks every call alone (`batched` false) or each inside a batch beside ALLOWED_BESIDE, and returns
 * the exchanges with the answer to each call (the body, or its item of the batch answer).
 */
async function ask(sender: Sender, calls: readonly Call[], batched: boolean): Promise<Array<{ exchange: Exchange; response: unknown }>> {
  return Promise.all(
    calls.map(async ({ method, params }) => {
      if (!batched) {
        const exchange = await sender.call(method, [...params])
        return { exchange, response: exchange.failure === undefined ? exchange.response : undefined }
      }
      const exchange = await sender.send([ALLOWED_BESIDE, { jsonrpc: '2.0', method, params: [...params], id: PROBE_ID }])
      return { exchange, response: batchItem(exchange, PROBE_ID) }
    }),
  )
}

/** The probes read over one sender beside the control, so each answer is read by this node's own "no such method" (and the note when that is a code of its own). */
async function readingsOver(
  sender: Sender,
  probes: readonly ExposureProbe[],
  batched: boolean,
  over: string,
): Promise<{ readings: ProbeReading[]; note: string | null }> {
  const [control, ...answers] = await ask(sender, [{ method: CONTROL_METHOD, params: [] }, ...probes], batched)
  const notFound = notFoundCodes(control!.response)
  return {
    readings: probes.map((probe, i) => readProbe(probe, answers[i]!.exchange, answers[i]!.response, notFound)),
    note: controlNote(control!.response, over),
  }
}

/** The senders of one way in, each with the words the report uses for it. */
async function sendersOf(context: RunContext, way: Way): Promise<Array<{ sender: Sender; over: string; batched: boolean }>> {
  const ws = way === 'http' ? null : await context.ws()
  if (way === 'http') return [{ sender: rpcHttp(context), over: 'over HTTP', batched: false }]
  if (way === 'ws') return ws === null ? [] : [{ sender: ws, over: 'over WebSocket', batched: false }]
  const batches = [{ sender: rpcHttp(context) as Sender, over: 'inside a batch over HTTP', batched: true }]
  return ws === null ? batches : [...batches, { sender: ws, over: 'inside a batch over WebSocket', batched: true }]
}

/**
 * One check's scenario: the probes over one way in, each answer read, then judged (`judge`: the MUST's
 * or the SHOULD's), and the list of what was probed noted whatever the verdict.
 */
function probeScenario(way: Way, probes: readonly ExposureProbe[], judge: typeof checkNoWallet): (probe: Probe, context: RunContext) => Promise<void> {
  return async function exposureProbes(probe, context) {
    for (const { sender, over, batched } of await sendersOf(context, way)) {
      const { readings, note } = await readingsOver(sender, probes, batched, over)
      probe.add(judge(readings, over, (exchange) => context.reproduce(exchange)))
      probe.note(probedList(readings, over))
      if (note !== null) probe.note(note)
      const modules = readings.find((reading) => reading.kind === 'modules')
      if (modules !== undefined) probe.note(`rpc_modules ${over} answered ${modules.said}`)
    }
  }
}

/** How a WebSocket upgrade with a foreign Origin goes: opened (then closed at once), or refused, with the HTTP status when there was one. */
async function foreignUpgrade(context: RunContext): Promise<UpgradeOutcome> {
  try {
    const socket = await context.openWs({ origin: FOREIGN_ORIGIN })
    await socket.close()
    return { opened: true }
  } catch (error) {
    const status = isHarnessError(error) ? error.details.httpStatus : undefined
    return { opened: false, reason: typeof status === 'number' ? `HTTP ${status}` : ((error as Error).message ?? String(error)) }
  }
}

/** The facts of the headers: CORS on the HTTP endpoint, and the WebSocket's answer to a foreign Origin. */
async function headerFacts(probe: Probe, context: RunContext): Promise<void> {
  const http = rpcHttp(context)
  const [preflight, post] = await Promise.all([
    http.sendRaw('', { method: 'OPTIONS', headers: { ...PREFLIGHT_HEADERS } }),
    http.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }), { headers: { origin: FOREIGN_ORIGIN } }),
  ])
  for (const fact of corsFacts(preflight, post)) probe.note(fact)
  if (context.config.ws !== null) probe.note(originFact(await foreignUpgrade(context)))
}

/** EXPOSURE's checks: the fixed probes (never the spec's methods) over each way in, at the MUST and at the SHOULD, and the headers' facts. */
export function checks(): CheckDefinition[] {
  const ways: ReadonlyArray<{ way: Way; how: string; needs: { ws?: boolean } }> = [
    { way: 'http', how: 'over HTTP', needs: {} },
    { way: 'ws', how: 'over WebSocket', needs: { ws: true } },
    { way: 'batch', how: 'inside a batch (over HTTP, and over WebSocket when the run has one)', needs: {} },
  ]
  return [
    ...ways.map(({ way, how, needs }): CheckDefinition => ({
      id: `exposure.wallet.${way}`,
      level: 'MUST',
      title: `no account the node holds is listed, and nothing is signed, ${how}`,
      needs,
      run: probeScenario(way, WALLET_PROBES, checkNoWallet),
    })),
    ...ways.map(({ way, how, needs }): CheckDefinition => ({
      id: `exposure.namespaces.${way}`,
      level: 'SHOULD',
      title: `no admin, debug, personal, miner, txpool or wallet method answers ${how}`,
      needs,
      run: probeScenario(way, EXPOSURE_PROBES, checkNoNamespace),
    })),
    {
      id: 'exposure.headers',
      level: 'INFO',
      title: "CORS on the HTTP endpoint and the WebSocket's answer to a foreign Origin, reported as facts",
      run: headerFacts,
    },
  ]
}
