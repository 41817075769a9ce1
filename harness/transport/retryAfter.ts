/**
 * The wait a `Retry-After` header asks for (RFC 9110 section 10.2.3: delay-seconds or an HTTP-date),
 * in milliseconds from `now`; undefined when the header is absent or unreadable. Never negative.
 * @example retryAfterMs('2') // 2000
 */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (text === '') return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  if (!/[a-z]/i.test(text)) return undefined // Date.parse would read '-5' as a year
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}
