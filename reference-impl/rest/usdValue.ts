import { formatUnits } from './formatUnits.js'

/**
 * The USD value, in whole cents rounded half up, of `raw` smallest units of a token priced at
 * `priceUsd`. Exact: the price is read as the decimal it prints as (3120.45, not the nearest double),
 * and the only rounding is the final one to cents, so totals are exact sums of what is shown.
 */
export function usdCents(raw: bigint, decimals: number, priceUsd: number): bigint {
  const price = exactDecimal(priceUsd)
  const numerator = raw * price.digits * 100n
  const denominator = 10n ** BigInt(decimals + price.scale)
  return (numerator + denominator / 2n) / denominator
}

/** Cents as the JSON number a person reads (12872012273n -> 128720122.73). */
export function centsToUsd(cents: bigint): number {
  return Number(formatUnits(cents, 2))
}

/** A finite non-negative number as digits and a decimal scale: 3120.45 -> { digits: 312045n, scale: 2 }. */
export function exactDecimal(value: number): { digits: bigint; scale: number } {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a finite non-negative number: ${value}`)
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value))
  if (match === null) throw new RangeError(`cannot read ${value} as a decimal`)
  const [, whole = '0', fraction = '', exponentText = '0'] = match
  const exponent = Number(exponentText)
  let digits = BigInt(whole + fraction)
  let scale = fraction.length - exponent
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { digits, scale }
}
