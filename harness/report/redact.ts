import { redactionPattern } from './redactionPattern.js'
import type { Report } from './result.js'

/** What a removed secret is replaced with. */
export const REDACTED = '[REDACTED]'

/**
 * Removes every secret from a report, deeply (ARCHITECTURE.md, CLI contract: `--header` values and the
 * private key are never written into a report). Every string (values and keys, in evidence,
 * reproduce lines and messages alike) has each occurrence of a secret replaced by `[REDACTED]`, in
 * the forms a secret takes once embedded: as given, JSON-escaped, shell-quoted, URL-encoded, the
 * token of an `Authorization: Bearer <token>` value on its own, and a hex value (a private key)
 * with or without `0x`, in any letter case. Passwords in URLs (`scheme://user:password@host`) go too.
 * Returns a new report; the argument is left as it was.
 *
 * @example redactReport(report, ['Bearer s3cr3t-t0ken', process.env.L2CONF_PRIVATE_KEY ?? ''])
 */
export function redactReport(report: Report, secrets: string[], patterns: readonly string[] = []): Report {
  const redact = textRedactor(secrets, patterns)
  return redactValue(report, redact) as Report
}

/**
 * The text redactor redactReport applies to every string, for the run's other outputs (stderr, stdout):
 * the secrets in their embedded forms, URL passwords, and each `--redact PATTERN` (redactionPattern).
 *
 * @example textRedactor(['s3cr3t'], ['sk_[a-z0-9]+'])('key sk_abc1 and s3cr3t') // 'key [REDACTED] and [REDACTED]'
 */
export function textRedactor(secrets: readonly string[], patterns: readonly string[] = []): (text: string) => string {
  const base = redactor(secrets)
  const extra = patterns.map(redactionPattern)
  return (text) => extra.reduce((out, pattern) => out.replace(pattern, REDACTED), base(text))
}

function redactor(secrets: readonly string[]): (text: string) => string {
  const exact = new Set<string>()
  const hex = new Set<string>()
  for (const secret of secrets) {
    for (const value of new Set([secret, secret.trim()])) {
      if (value === '') continue
      const hexDigits = /^(?:0x)?([0-9a-fA-F]{16,})$/.exec(value)?.[1]
      if (hexDigits !== undefined) hex.add(hexDigits)
      for (const form of embeddedForms(value)) exact.add(form)
      // "Bearer <token>", "Basic <base64>": the token alone is the secret part.
      for (const part of value.split(/\s+/)) if (part.length >= 8) for (const form of embeddedForms(part)) exact.add(form)
    }
  }
  const exactPattern = alternation(exact, 'g')
  const hexPattern = alternation(hex, 'gi')
  // Linear in the text: a scheme starts only where a run of scheme characters does, and each part is
  // bounded. Unbounded, it tried every position of a long hex string (a recorded 25 MB answer) and took minutes.
  const urlPassword = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/[^\s/@:'"]{0,256}:)([^\s/@'"]{1,1024})@/gi
  return (text) => {
    let out = text
    if (exactPattern !== null) out = out.replace(exactPattern, REDACTED)
    // A hex key without 0x: also strip the prefix form, so no "0x[REDACTED]" oddity is required of readers.
    if (hexPattern !== null) out = out.replace(hexPattern, REDACTED)
    // An address already masked (maskUrl's ***) stays as it is.
    if (!out.includes('://')) return out
    return out.replace(urlPassword, (whole, head: string, password: string) => (password === '***' ? whole : `${head}${REDACTED}@`))
  }
}

/** The spellings a secret takes inside JSON text, a shell line or a URL. */
function embeddedForms(value: string): string[] {
  return [value, JSON.stringify(value).slice(1, -1), value.replaceAll("'", `'\\''`), value.replaceAll("'", `'"'"'`), encodeURIComponent(value)]
}

function alternation(values: ReadonlySet<string>, flags: string): RegExp | null {
  if (values.size === 0) return null
  // Longest first, so a secret that contains another is removed whole.
  const sorted = [...values].sort((a, b) => b.length - a.length)
  return new RegExp(sorted.map((value) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), flags)
}

function redactValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value)
  if (typeof value === 'number' || typeof value === 'bigint') {
    // A numeric secret inside a JSON number: the number cannot hold the marker, so it becomes one.
    const text = String(value)
    return text.length >= 6 && redact(text) !== text ? REDACTED : value
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[redact(key)] = redactValue(item, redact)
    return out
  }
  return value
}
