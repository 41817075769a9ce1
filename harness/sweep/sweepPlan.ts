/** The heights a sweep covers: disjoint inclusive segments in ascending order. */
export interface SweepPlan {
  segments: Array<[number, number]>
}

/** One unit of work: consecutive heights `from..to`, at `position` blocks from the plan's start. */
export interface SweepWindow {
  index: number
  from: number
  to: number
  position: number
}

/** How many blocks a plan covers. */
export function planBlocks(plan: SweepPlan): number {
  return plan.segments.reduce((sum, [from, to]) => sum + to - from + 1, 0)
}

/**
 * A plan from any heights and ranges: sorted, overlapping and touching segments merged, so each
 * block is swept once whatever the sources (--blocks, --sample log, --blocks-file) repeat.
 * @example planOf([[5, 9], [1, 2], [3, 3], [8, 12]]) // { segments: [[1, 3], [5, 12]] }
 */
export function planOf(ranges: ReadonlyArray<readonly [number, number]>): SweepPlan {
  const sorted = ranges.filter(([a, b]) => a <= b).map(([a, b]) => [a, b] as [number, number])
  sorted.sort((x, y) => x[0] - y[0])
  const segments: Array<[number, number]> = []
  for (const [from, to] of sorted) {
    const last = segments[segments.length - 1]
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to)
    else segments.push([from, to])
  }
  return { segments }
}

/**
 * Shard `index` of `count` (1-based, --shard I/N): the plan's blocks cut by position into `count`
 * parts whose sizes differ by at most one, so every block is in exactly one shard.
 * @example shardOf({ segments: [[0, 9]] }, 2, 3) // { segments: [[3, 5]] }
 */
export function shardOf(plan: SweepPlan, index: number, count: number): SweepPlan {
  const total = planBlocks(plan)
  const start = Math.floor(((index - 1) * total) / count)
  const end = Math.floor((index * total) / count) // exclusive
  const segments: Array<[number, number]> = []
  let position = 0
  for (const [from, to] of plan.segments) {
    const size = to - from + 1
    const lo = Math.max(start, position)
    const hi = Math.min(end, position + size)
    if (lo < hi) segments.push([from + lo - position, from + hi - position - 1])
    position += size
  }
  return { segments }
}

/**
 * The windows of a plan, lazily (a plan of millions of blocks costs nothing to hold): at most `size`
 * consecutive heights each, never across a gap, skipping the first `skip` blocks (a resumed sweep's
 * done part).
 */
export function* windowsOf(plan: SweepPlan, size: number, skip = 0): Generator<SweepWindow> {
  let position = 0
  let index = 0
  for (const [from, to] of plan.segments) {
    for (let start = from; start <= to; start += size) {
      const end = Math.min(to, start + size - 1)
      const count = end - start + 1
      if (position + count <= skip) {
        position += count
        continue
      }
      // A resumed sweep starts inside a window when its checkpoint was written mid-way (never, as
      // checkpoints are taken at window ends, but a smaller --window may cut the plan differently).
      const cut = Math.max(0, skip - position)
      yield { index: index++, from: start + cut, to: end, position: position + cut }
      position += count
    }
  }
}

/**
 * Log-spaced heights from the head back to the oldest served block (--sample log): the head, then
 * head - 1, head - 2, head - 4, ... head - 2^k while at or above `oldest`, then `oldest` itself, so
 * a pruning or static-file boundary anywhere in history is met at some scale.
 * @example logSample(1000, 0) // [1000, 999, 998, 996, 992, 984, 968, 936, 872, 744, 488, 0]
 */
export function logSample(head: number, oldest: number): number[] {
  const heights = [head]
  for (let step = 1; head - step >= oldest; step *= 2) heights.push(head - step)
  if (heights[heights.length - 1] !== oldest && oldest <= head) heights.push(oldest)
  return heights
}

/**
 * Heights and ranges of a pinned corpus (--blocks-file): one per line, a number (decimal or 0x hex)
 * or FROM..TO; blank lines and `#` comments ignored. Throws a RangeError naming the line otherwise.
 */
export function parseBlocksFile(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*$/, '').trim()
    if (line === '') continue
    const parts = line.split('..')
    const numbers = parts.map(parseHeight)
    if (parts.length > 2 || numbers.some((n) => n === null)) throw new RangeError(`line ${i + 1}: '${raw.trim()}' is not a block number or FROM..TO`)
    const [from, to] = [numbers[0] as number, (numbers[1] ?? numbers[0]) as number]
    if (from > to) throw new RangeError(`line ${i + 1}: ${from}..${to} ends before it starts`)
    out.push([from, to])
  }
  return out
}

/** A block number as decimal or 0x hex, or null. */
export function parseHeight(text: string): number | null {
  const t = text.trim()
  const n = /^\d+$/.test(t) ? Number(t) : /^0x[0-9a-fA-F]+$/.test(t) ? Number.parseInt(t, 16) : Number.NaN
  return Number.isSafeInteger(n) ? n : null
}
