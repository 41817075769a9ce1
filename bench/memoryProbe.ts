// Child-process entry of the memory benchmark (memoryBench.ts): builds the reference node in this
// fresh process with `--history N` blocks and prints one JSON line of memory snapshots. Needs
// --expose-gc. Usage: node --expose-gc --import tsx bench/memoryProbe.ts N
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createNode } from '../reference-impl/createNode.js'

/** What one probe measured (process.memoryUsage() snapshots). */
export interface MemoryProbeResult {
  blocks: number
  head: number
  generationMs: number
  cpuMs: number
  /** Before generating, after a full gc. */
  before: NodeJS.MemoryUsage
  /** Right after generating, before any gc. */
  afterGeneration: NodeJS.MemoryUsage
  /** After a full gc, with the node still alive. */
  afterGc: NodeJS.MemoryUsage
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('memoryProbe needs node --expose-gc')
  gc()
  gc()
}

/** Generates `blocks` blocks of history in a node of this process and measures it. */
async function probe(blocks: number): Promise<MemoryProbeResult> {
  collect()
  const before = process.memoryUsage()
  const cpu = process.cpuUsage()
  const started = performance.now()
  const node = await createNode({ history: blocks })
  const generationMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  const afterGeneration = process.memoryUsage()
  collect()
  const afterGc = process.memoryUsage()
  const head = Number(node.head())
  await node.stop()
  return { blocks, head, generationMs, cpuMs: (used.user + used.system) / 1000, before, afterGeneration, afterGc }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const blocks = Number(process.argv[2])
  if (!Number.isSafeInteger(blocks) || blocks < 1) {
    process.stderr.write('usage: node --expose-gc --import tsx bench/memoryProbe.ts BLOCKS\n')
    process.exit(2)
  }
  process.stdout.write(`${JSON.stringify(await probe(blocks))}\n`)
  process.exit(0)
}
