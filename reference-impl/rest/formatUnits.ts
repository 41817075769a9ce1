/**
 * An integer amount of a token's smallest unit as an exact decimal string of whole tokens
 * (formatUnits(1500000n, 6) === "1.5"): no floating point, no trailing zeros.
 */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`
}
