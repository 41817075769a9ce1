import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Agent, request } from 'undici'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'

const MAIN = fileURLToPath(new URL('../reference-impl/main.ts', import.meta.url))
const HISTORY = 1000
const MB = 1024 * 1024

/** The resident set of process `pid` in bytes (Linux /proc), or NaN where it cannot be read. */
function rss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match === null ? Number.NaN : Number(match[1]) * 1024
  } catch {
    return Number.NaN
  }
}

/** A reference of its own (its pid is needed), with `--history 1000`. */
async function startOwnReference(): Promise<{ pid: number; rpc: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0', '--rest-port', '0', '--history', String(HISTORY)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const rpc = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const match = / rpc=(\S+)/.exec(text)
      if (match?.[1] !== undefined) resolve(match[1])
    })
    void exited.then(() => reject(new Error('the reference exited before its ready line')))
  })
  return { pid: child.pid as number, rpc, stop: async () => void (child.kill('SIGTERM'), await exited) }
}

const range = (id: number, start: number, end: number): object => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getBlockRange',
  params: [`0x${start.toString(16)}`, `0x${end.toString(16)}`, true],
})

/**
 * The reference's memory around large answers. A batch of 1000 eth_getBlockRange over
 * 1000 blocks with full transactions (about 110 MB of answer before the response bound), then 50
 * batches of 10 ranges of 100 blocks; its RSS sampled every 20 ms (peak), and 10 s after the last
 * answer (does it come back to where it started?).
 */
export const largeAnswerMemoryBench: Benchmark = {
  name: 'reference-large-answers',
  title: 'reference RSS before, during and after large batch answers (response bound: 25,000,000 bytes)',
  async run({ print, summary }) {
    const node = await startOwnReference()
    const agent = new Agent()
    try {
      const post = async (body: unknown): Promise<{ bytes: number; errors: number }> => {
        const response = await request(node.rpc, {
          dispatcher: agent,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        const text = await response.body.text()
        return { bytes: Buffer.byteLength(text), errors: (text.match(/"error":/g) ?? []).length }
      }
      await post(range(0, 1, 10))
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const baseline = rss(node.pid)
      let peak = baseline
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss(node.pid))
      }, 20)
      const started = performance.now()
      const huge = await post(Array.from({ length: 1000 }, (_, id) => range(id, 1, HISTORY)))
      const hugeMs = performance.now() - started
      let rangeBytes = 0
      for (let round = 0; round < 50; round++) {
        const answer = await post(
          Array.from({ length: 10 }, (_, id) => range(id, 1 + (((round * 10 + id) * 100) % 900), 100 + (((round * 10 + id) * 100) % 900))),
        )
        rangeBytes += answer.bytes
      }
      clearInterval(sampler)
      const afterAnswers = rss(node.pid)
      await new Promise((resolve) => setTimeout(resolve, 10_000))
      const settled = rss(node.pid)
      const mb = (bytes: number): string => `${formatNumber(bytes / MB, 0)} MB`
      print(
        `batch of 1000 eth_getBlockRange(1, ${HISTORY}, true): answered ${formatNumber(huge.bytes / 1e6, 1)} MB in ${formatNumber(hugeMs / 1000, 2)} s, ${huge.errors} items "response too large"; then 50 batches of 10 ranges of 100 blocks: ${formatNumber(rangeBytes / 1e6, 1)} MB`,
      )
      print(`reference RSS: baseline ${mb(baseline)}, peak ${mb(peak)}, right after ${mb(afterAnswers)}, 10 s later ${mb(settled)}`)
      summary.push({
        benchmark: 'RSS after large answers (10 s later)',
        figure: `${mb(settled)} (baseline ${mb(baseline)}, peak ${mb(peak)})`,
        target: 'printed',
        met: undefined,
      })
    } finally {
      await agent.close()
      await node.stop()
    }
  },
}
