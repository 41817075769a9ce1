import { formatNumber } from './formatNumber.js'
import { median } from './percentile.js'

/**
 * The median of the rounds' figures with its unit, how many rounds, and the lowest and highest round,
 * so a reader sees the spread.
 * @example roundsFigure([9700, 9812, 10100], 'req/s') // '9,812 req/s (median of 3, rounds 9,700..10,100)'
 */
export function roundsFigure(values: readonly number[], unit: string, digits = 0): string {
  const low = Math.min(...values)
  const high = Math.max(...values)
  return `${formatNumber(median(values), digits)} ${unit} (median of ${values.length}, rounds ${formatNumber(low, digits)}..${formatNumber(high, digits)})`
}
