import { fileURLToPath } from 'node:url'
import { startNodeProcess } from '../test/nodes/startNodeProcess.js'
import { isBlockObject, resultCheck } from './answerCheck.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { interleavedRounds } from './interleavedRounds.js'
import { LoopContender } from './loopContender.js'
import { median } from './percentile.js'
import { roundsFigure } from './roundsFigure.js'
import { UndiciLoad } from './undiciLoad.js'

const TARGET_RATIO = 1
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] })
const FIXED_ANSWER_SERVER = fileURLToPath(new URL('./fixedAnswerServer.mjs', import.meta.url))

/** The reference's own answer to BODY, as text (its chain does not move in the benchmarks: no block time). */
async function referenceAnswer(rpc: string): Promise<string> {
  const response = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY })
  if (!response.ok) throw new Error(`the reference answered HTTP ${response.status} to ${BODY}`)
  return response.text()
}

/**
 * `eth_getBlockByNumber("latest", false)` requests per second, the reference against Anvil
 * through the same load generator at each concurrency; the goal: the reference at least Anvil's figure.
 * A third contender shows where Node.js's HTTP server stands on this machine: a plain node:http server
 * answering the reference's own bytes with no JSON-RPC work (bench/fixedAnswerServer.mjs). The
 * reference's ratio to it says what the node's own work costs above Node.js's HTTP stack (1.00: nothing
 * measurable); its ratio to Anvil says how far any node served through node:http gets on this machine.
 */
export const latestBlockBench: Benchmark = {
  name: 'reference-latest',
  title: 'eth_getBlockByNumber("latest", false) req/s, reference vs Anvil',
  async run({ settings, targets, print, summary }) {
    const [reference, anvil] = await Promise.all([targets.reference(), targets.anvil()])
    const plain = await startNodeProcess({
      name: 'the plain node:http server',
      command: process.execPath,
      args: [FIXED_ANSWER_SERVER, await referenceAnswer(reference.rpc)],
      listening: /listening on (\S+)/,
    })
    const check = resultCheck(isBlockObject, 'a block')
    try {
      for (const concurrency of settings.concurrencies) {
        const loads = {
          reference: new UndiciLoad(reference.rpc, concurrency),
          anvil: new UndiciLoad(anvil.rpc, concurrency),
          plain: new UndiciLoad(plain.rpc, concurrency),
        }
        try {
          const contenders = Object.entries(loads).map(
            ([name, load]) => new LoopContender(name, () => load.run({ body: () => BODY, check, durationMs: settings.roundMs })),
          )
          const figures = await interleavedRounds(contenders, { rounds: settings.rounds })
          const ours = figures.get('reference') ?? []
          const theirs = figures.get('anvil') ?? []
          const plainFigures = figures.get('plain') ?? []
          const ratio = median(ours) / median(theirs)
          print(
            `reference eth_getBlockByNumber(latest) c=${concurrency}: ${roundsFigure(ours, 'req/s')} | anvil ${roundsFigure(theirs, 'req/s')} | ratio ${formatNumber(ratio, 2)} (target >= ${TARGET_RATIO.toFixed(2)})` +
              contenders.map((contender) => contender.errorNote()).join(''),
          )
          print(
            `  plain node:http server (the reference's bytes, no JSON-RPC work): ${roundsFigure(plainFigures, 'req/s')}; reference/plain ${formatNumber(median(ours) / median(plainFigures), 2)}, plain/anvil ${formatNumber(median(plainFigures) / median(theirs), 2)}`,
          )
          print(
            `  answer size: reference ${formatNumber(contenders[0]?.bytesPerOperation ?? 0)} B, anvil ${formatNumber(contenders[1]?.bytesPerOperation ?? 0)} B`,
          )
          summary.push({
            benchmark: `latest block req/s, c=${concurrency}`,
            figure: `${formatNumber(median(ours))} vs ${formatNumber(median(theirs))}, ratio ${formatNumber(ratio, 2)}`,
            target: `ratio >= ${TARGET_RATIO.toFixed(2)}`,
            met: ratio >= TARGET_RATIO && contenders.every((contender) => contender.errors === 0),
          })
        } finally {
          await Promise.all(Object.values(loads).map((load) => load.close()))
        }
      }
    } finally {
      await plain.stop()
    }
  },
}
