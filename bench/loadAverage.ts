import { availableParallelism, loadavg } from 'node:os'

/**
 * The machine's load average (1, 5, 15 minutes) and its core count, printed at the start and end of
 * a run: figures taken while other jobs ran are only comparable side by side.
 * @example loadAverage() // '1.02 0.87 0.65 (1/5/15 min) on 2 cores'
 */
export function loadAverage(): string {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2))
  return `${one} ${five} ${fifteen} (1/5/15 min) on ${availableParallelism()} cores`
}
