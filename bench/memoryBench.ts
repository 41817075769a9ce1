import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { tsxLoader } from '../harness/reference/startReference.js'
import type { Benchmark } from './benchmark.js'
import { formatNumber } from './formatNumber.js'
import type { MemoryProbeResult } from './memoryProbe.js'

const TARGET_BLOCKS = 100_000
const SAMPLE_BLOCKS = 1000
const probeEntry = fileURLToPath(new URL('./memoryProbe.ts', import.meta.url))
const packageRoot = fileURLToPath(new URL('../', import.meta.url))
const BLOCK_KIND =
  'generated history: each block one real EVM transaction (ETH transfers, ERC-20 transfers, approvals, transferFroms, a token deployment, some reverting) or, every 10th, a layer-1 queue deposit'

/** Runs memoryProbe.ts in a fresh process (`--expose-gc`), bounded by `timeoutMs`. */
function runProbe(blocks: number, timeoutMs: number): Promise<MemoryProbeResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=4096', '--import', tsxLoader, probeEntry, String(blocks)],
      { cwd: packageRoot, timeout: Math.ceil(timeoutMs), maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error !== null) return reject(new Error(`memory probe of ${blocks} blocks failed: ${error.message}\n${stderr.slice(-2000)}`))
        try {
          resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as MemoryProbeResult)
        } catch {
          reject(new Error(`memory probe of ${blocks} blocks printed no result: ${stdout.slice(-500)} ${stderr.slice(-1000)}`))
        }
      },
    )
  })
}

const mb = (bytes: number): string => `${formatNumber(bytes / 1e6, 1)} MB`
const heapAndExternal = (usage: NodeJS.MemoryUsage): number => usage.heapUsed + usage.external

/** The figure lines of one probe; returns bytes per block (heapUsed + external, after gc). */
function describe(result: MemoryProbeResult, print: (line: string) => void): number {
  const { before, afterGeneration, afterGc, blocks } = result
  const perBlock = (heapAndExternal(afterGc) - heapAndExternal(before)) / blocks
  print(
    `reference memory after ${formatNumber(blocks)} blocks (head ${formatNumber(result.head)}; generated in ${formatNumber(result.generationMs / 1000, 1)} s, ${formatNumber(result.generationMs / blocks, 2)} ms/block): ` +
      `heapUsed ${mb(before.heapUsed)} before -> ${mb(afterGeneration.heapUsed)} after generating -> ${mb(afterGc.heapUsed)} after gc | ` +
      `external (incl. arrayBuffers) ${mb(before.external)} -> ${mb(afterGc.external)} | rss ${mb(before.rss)} -> ${mb(afterGeneration.rss)} -> ${mb(afterGc.rss)} | ` +
      `${formatNumber(perBlock)} bytes/block (heapUsed+external, after gc; heapUsed alone ${formatNumber((afterGc.heapUsed - before.heapUsed) / blocks)}, rss ${formatNumber((afterGc.rss - before.rss) / blocks)})`,
  )
  return perBlock
}

/**
 * Memory of the reference node after generating 100,000 blocks, in a fresh process (the
 * node in-process, as createNode builds it, with its `history` option: the only way it offers to
 * make blocks without a client). It first generates 1000 blocks to measure the rate; when 100,000
 * would not fit the time budget, it generates as many as fit and also prints the projection to
 * 100,000 from the measured bytes per block.
 */
export const memoryBench: Benchmark = {
  name: 'reference-memory',
  title: 'memory of the reference node after generating its history (target 100,000 blocks)',
  async run({ settings, print, summary }) {
    print(`  blocks: ${BLOCK_KIND}`)
    const budget = settings.memoryBudgetMs
    const sample = await runProbe(SAMPLE_BLOCKS, Math.max(budget, 120_000))
    const samplePerBlock = describe(sample, print)
    if (settings.quick && settings.memoryBlocks === undefined) {
      summary.push({
        benchmark: `memory, ${formatNumber(SAMPLE_BLOCKS)} blocks (quick)`,
        figure: `${formatNumber(samplePerBlock)} B/block`,
        target: 'printed',
        met: undefined,
      })
      return
    }
    const msPerBlock = sample.generationMs / SAMPLE_BLOCKS
    const fitting = Math.max(SAMPLE_BLOCKS, Math.floor(budget / msPerBlock / 5000) * 5000)
    const blocks = settings.memoryBlocks ?? Math.min(TARGET_BLOCKS, fitting)
    print(
      `  rate: ${formatNumber(msPerBlock, 2)} ms/block at ${formatNumber(SAMPLE_BLOCKS)} blocks: ${formatNumber(TARGET_BLOCKS)} blocks would take ~${formatNumber((msPerBlock * TARGET_BLOCKS) / 1000)} s ` +
        `(budget ${formatNumber(budget / 1000)} s) -> generating ${formatNumber(blocks)}${blocks < TARGET_BLOCKS ? ' (fewer than 100,000: projected below)' : ''}`,
    )
    const result = blocks === SAMPLE_BLOCKS ? sample : await runProbe(blocks, Math.max(budget * 3, msPerBlock * blocks * 3, 120_000))
    const perBlock = blocks === SAMPLE_BLOCKS ? samplePerBlock : describe(result, print)
    // Past the node's caches (a few thousand recent blocks) memory grows by a fixed amount per block:
    // the slope between the two probes projects it; the average over all blocks would count fixed costs too.
    const marginal = blocks > SAMPLE_BLOCKS ? (heapAndExternal(result.afterGc) - heapAndExternal(sample.afterGc)) / (blocks - SAMPLE_BLOCKS) : perBlock
    const projected = heapAndExternal(result.afterGc) + marginal * (TARGET_BLOCKS - blocks)
    if (blocks < TARGET_BLOCKS) {
      print(
        `reference memory projected for ${formatNumber(TARGET_BLOCKS)} blocks: ~${mb(projected)} heapUsed+external ` +
          `(${formatNumber(marginal)} bytes/block between ${formatNumber(SAMPLE_BLOCKS)} and ${formatNumber(blocks)} blocks, added to the ${mb(heapAndExternal(result.afterGc))} measured at ${formatNumber(blocks)})`,
      )
    }
    summary.push({
      benchmark: `memory after ${formatNumber(blocks)} blocks`,
      figure: `${mb(heapAndExternal(result.afterGc))} heap+ext, rss ${mb(result.afterGc.rss)}, ${formatNumber(marginal)} B/block${blocks < TARGET_BLOCKS ? `; 100k projected ~${mb(projected)}` : ''}`,
      target: 'printed',
      met: undefined,
    })
  },
}
