import { Agent, request } from 'undici'
import { signLegacyTransaction } from '../harness/transactions/signLegacyTransaction.js'
import { DEV_ACCOUNTS } from '../reference-impl/chain/devAccounts.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import { median, percentile } from './percentile.js'

// JUMPDEST; PUSH1 0; JUMP with all the gas a call may ask: only the node's time bound ends it.
const LOOP_CALL = { data: '0x5b600056', gas: '0xffffffffffffffff' }
const CHAIN_ID = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
const TARGET_P99_MS = 100

interface Attack {
  name: string
  /** The attack's request body, built when it is sent (a transaction needs the sender's nonce then). */
  body: (url: string, chainId: number) => Promise<string>
}

/** The block's gas limit: the most one transaction may spend. */
const BLOCK_GAS = 15_000_000n
/** Development account 7 (not 8 or 9, which the live chain's traffic and the suite sign with); its nonce is read when the attack is sent. */
const SEQUENCER_ATTACKER = DEV_ACCOUNTS[7] as (typeof DEV_ACCOUNTS)[number]

/**
 * A contract creation whose init code loops (JUMPDEST; PUSH1 0; JUMP) until the whole block gas is
 * spent: what the sequencer's own EVM executes when it builds the transaction's block.
 */
async function heavyTransaction(url: string, chainId: number): Promise<string> {
  const agent = new Agent()
  try {
    const count = JSON.parse(
      await post(agent, url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: [SEQUENCER_ATTACKER.address, 'latest'] })),
    ) as { result?: string }
    if (typeof count.result !== 'string') throw new Error(`eth_getTransactionCount answered ${JSON.stringify(count)}`)
    const signed = signLegacyTransaction(
      { chainId: BigInt(chainId), nonce: BigInt(count.result), gasPrice: 1_000_000_000n, gasLimit: BLOCK_GAS, data: '0x5b600056' },
      SEQUENCER_ATTACKER.privateKey,
    )
    return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [signed.raw] })
  } finally {
    await agent.close()
  }
}

const ATTACKS: readonly Attack[] = [
  { name: 'one endless eth_call', body: async () => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [LOOP_CALL, 'latest'] }) },
  {
    name: 'a batch of 10 endless eth_calls',
    body: async () => JSON.stringify(Array.from({ length: 10 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [LOOP_CALL, 'latest'] }))),
  },
  { name: 'one transaction of the whole block gas (the sequencer executing it)', body: heavyTransaction },
]

async function post(agent: Agent, url: string, body: string): Promise<string> {
  const response = await request(url, { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return response.body.text()
}

/**
 * eth_chainId latencies of a bystander client (one request at a time) for as long as `busy` is
 * pending, or for `durationMs` when there is no `busy`; each answer is checked.
 */
async function bystanderLatencies(url: string, busy: Promise<unknown> | undefined, durationMs: number): Promise<number[]> {
  const agent = new Agent()
  const samples: number[] = []
  let done = busy === undefined
  void busy?.finally(() => {
    done = true
  })
  const stopAt = performance.now() + durationMs
  try {
    while (busy !== undefined ? !done : performance.now() < stopAt) {
      const sent = performance.now()
      const answer = JSON.parse(await post(agent, url, CHAIN_ID)) as { result?: unknown }
      if (typeof answer.result !== 'string') throw new Error(`eth_chainId answered ${JSON.stringify(answer)}`)
      samples.push(performance.now() - sent)
    }
  } finally {
    await agent.close()
  }
  return samples
}

const figure = (samples: readonly number[]): string =>
  `p50 ${formatNumber(median(samples), 1)} ms, p99 ${formatNumber(percentile(samples, 99), 1)} ms, max ${formatNumber(Math.max(...samples), 1)} ms (${samples.length} requests)`

/**
 * The goal: while an adversarial eth_call (an endless loop with all the gas it may ask) or a batch of
 * ten runs on the reference, or the sequencer executes a transaction of the whole block gas, another
 * client's eth_chainId must still answer in under 100 ms at p99.
 * Printed: that client's latencies at rest and under each attack, how long the attack took to be
 * answered and what it answered.
 */
export const adversarialCallBench: Benchmark = {
  name: 'reference-responsiveness',
  title: 'eth_chainId latency of another client while endless eth_calls or a heavy transaction run (target p99 < 100 ms)',
  async run({ settings, targets, print, summary }) {
    const reference = await targets.reference()
    const rest = await bystanderLatencies(reference.rpc, undefined, settings.roundMs)
    print(`at rest: eth_chainId ${figure(rest)}`)
    const attacker = new Agent()
    try {
      for (const attack of ATTACKS) {
        const body = await attack.body(reference.rpc, reference.chainId)
        const started = performance.now()
        const answered = post(attacker, reference.rpc, body).then((text) => ({ text, ms: performance.now() - started }))
        const samples = await bystanderLatencies(reference.rpc, answered, 0)
        const { text, ms } = await answered
        const messages = [...new Set([...text.matchAll(/"message":"([^"]*)"/g)].map((match) => match[1]))]
        if (attack.body === heavyTransaction && !/"result":"0x[0-9a-f]{64}"/.test(text))
          throw new Error(`the heavy transaction was refused: ${text.slice(0, 300)}`)
        const p99 = percentile(samples, 99)
        print(
          `${attack.name}: answered in ${formatNumber(ms / 1000, 1)} s (${messages.join('; ') || text.slice(0, 120)}); meanwhile eth_chainId ${figure(samples)}`,
        )
        summary.push({
          benchmark: `eth_chainId p99 during ${attack.name}`,
          figure: `${formatNumber(p99, 1)} ms (at rest ${formatNumber(percentile(rest, 99), 1)} ms)`,
          target: `< ${TARGET_P99_MS} ms`,
          met: samples.length > 0 && p99 < TARGET_P99_MS,
        })
      }
    } finally {
      await attacker.close()
    }
  },
}
