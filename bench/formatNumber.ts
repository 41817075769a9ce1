/**
 * A figure as a reader wants it: thousands separated by commas, `digits` decimals (default none).
 * @example formatNumber(9812.4) // '9,812'; formatNumber(0.7012, 2) // '0.70'
 */
export function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return String(value)
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}
