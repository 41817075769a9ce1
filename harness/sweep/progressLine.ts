import type { SweepProgress } from './runSweep.js'

function clock(seconds: number): string {
  const s = Math.round(seconds)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`
}

/**
 * The progress line of a sweep: blocks done of the total, the block reached, blocks a second, the
 * time left at that rate, the failures so far.
 * @example progressLine({ done: 5000, total: 100000, height: 4999, blocksPerSecond: 3120, secondsLeft: 30.4, failing: 0 })
 * // 'sweep: 5,000/100,000 blocks (5.0 %), at block 4,999, 3,120 blocks/s, 0:30 left, 0 failing'
 */
export function progressLine(p: SweepProgress): string {
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const percent = p.total === 0 ? 100 : (100 * p.done) / p.total
  const left = p.secondsLeft === null ? '?' : clock(p.secondsLeft)
  return `sweep: ${n(p.done)}/${n(p.total)} blocks (${percent.toFixed(1)} %), at block ${n(p.height)}, ${n(p.blocksPerSecond)} blocks/s, ${left} left, ${n(p.failing)} failing`
}
