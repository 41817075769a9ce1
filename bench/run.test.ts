import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tsxLoader } from '../harness/reference/startReference.js'

const packageRoot = fileURLToPath(new URL('../', import.meta.url))
const entry = fileURLToPath(new URL('./run.ts', import.meta.url))

function runQuick(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsxLoader, entry, '--quick'],
      { cwd: packageRoot, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr })
      },
    )
  })
}

const count = '[\\d,]+(\\.\\d+)?'

// A smoke test only: the script runs and prints each figure line. It asserts no speed (speed is
// what the script reports, on whatever machine runs it).
describe('bench/run.ts --quick', () => {
  it('runs every benchmark and prints its figure lines, the load average and the summary', { timeout: 600_000 }, async () => {
    const { code, stdout, stderr } = await runQuick()
    expect(stderr + stdout).not.toMatch(/FAILED|WARNING/)
    expect(code).toBe(0)
    const expected = [
      /^load average at start: \S+ \S+ \S+ /m,
      new RegExp(
        `^reference eth_getBlockByNumber\\(latest\\) c=8: ${count} req/s .*\\| anvil ${count} req/s .*\\| ratio ${count} \\(target >= 1\\.00\\)$`,
        'm',
      ),
      new RegExp(
        `^  plain node:http server \\(the reference's bytes, no JSON-RPC work\\): ${count} req/s .*; reference/plain ${count}, plain/anvil ${count}$`,
        'm',
      ),
      new RegExp(
        `^reference eth_getBlockRange\\(100\\) c=8: ${count} blocks/s .*\\| anvil batch of 100 eth_getBlockByNumber ${count} blocks/s .*\\| ratio ${count} \\(target >= 1\\.50\\)$`,
        'm',
      ),
      new RegExp(`^reference eth_getBlockRange\\(1000, full transactions\\) c=1: median ${count} ms, p95 ${count} ms`, 'm'),
      new RegExp(`^reference memory after 1,000 blocks .*heapUsed ${count} MB before .* ${count} bytes/block`, 'm'),
      new RegExp(
        `^transport HttpTransport\\.call -> reference eth_blockNumber c=8: ${count} req/s .*\\| bare undici loop ${count} req/s .*\\| ratio ${count}`,
        'm',
      ),
      new RegExp(`^transport HttpTransport\\.call -> anvil eth_blockNumber c=8: ${count} req/s`, 'm'),
      new RegExp(
        `^transport WsTransport\\.call -> reference eth_blockNumber c=8: ${count} req/s .*\\| bare ws client ${count} req/s .*\\| ratio ${count}`,
        'm',
      ),
      new RegExp(`^transport WsTransport\\.call -> anvil eth_blockNumber c=8: ${count} req/s`, 'm'),
      new RegExp(`^a batch of 10 endless eth_calls: answered in ${count} s \\(.*\\); meanwhile eth_chainId p50 ${count} ms, p99 ${count} ms`, 'm'),
      new RegExp(`^reference RSS: baseline ${count} MB, peak ${count} MB, right after ${count} MB, 10 s later ${count} MB$`, 'm'),
      new RegExp(`^coverage of a run, median: ${count} ms CPU \\(validators compiled\\), ${count} ms observing alone, ${count} µs per call$`, 'm'),
      /^load average at end: /m,
      /^summary\nbenchmark +\| figure +\| target +\| met$/m,
    ]
    for (const line of expected) expect(stdout).toMatch(line)
  })
})
