import { boundedText } from './boundedJson.js'

/**
 * REST-CONSISTENT: the sums a treasury body states, recomputed from its parts. Each rule says when it
 * applies (the shape of the body), beside the rule itself; a body no rule applies to has nothing to add up.
 */
export interface ConsistencyProblem {
  message: string
  pointer: string
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)
const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : Number.NaN)
/** Money and percentages are rounded for display: a cent, or a hundredth of a percent per part. */
const close = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance + 1e-9 * Math.max(Math.abs(a), Math.abs(b))

function bigOf(v: unknown): bigint | null {
  if (typeof v !== 'string' || !/^(0x[0-9a-fA-F]+|\d+)$/.test(v)) return null
  return BigInt(v)
}

/** A decimal string as an integer and its count of fraction digits ("12.5" -> 125n, 1). */
function decimalOf(v: unknown): { units: bigint; scale: number } | null {
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) return null
  const [whole, fraction = ''] = v.split('.')
  return { units: BigInt(`${whole}${fraction}`), scale: fraction.length }
}

/**
 * Whether a stated total equals a sum of raw token units, the total written either in raw units or in
 * whole tokens (raw / 10^decimals, the decimals not being part of the body): some 10^d, d <= 36, fits.
 */
function totalMatches(total: { units: bigint; scale: number }, rawSum: bigint): boolean {
  for (let d = 0; d <= 36; d++) {
    // total = units / 10^scale tokens = units * 10^(d - scale) raw units
    const shift = d - total.scale
    const raw = shift >= 0 ? total.units * 10n ** BigInt(shift) : null
    if (raw !== null && raw === rawSum) return true
    if (shift < 0 && total.units === rawSum * 10n ** BigInt(-shift)) return true
  }
  return false
}

/** A list of priced holdings: each value = amount x price; the total their sum; the percentages 100. */
function holdings(items: Json[], total: unknown, percentKey: string, at: string, totalPointer: string): ConsistencyProblem[] {
  const problems: ConsistencyProblem[] = []
  let sum = 0
  let percent = 0
  items.forEach((item, i) => {
    const [amount, price, value] = [num(item.amount), num(item.price), num(item.value)]
    sum += value
    percent += num(item[percentKey])
    if (Number.isFinite(amount * price) && !close(value, amount * price, 0.01 + Math.abs(value) * 1e-6)) {
      problems.push({
        message: `${boundedText(item.symbol, 40)}: value ${value} is not amount x price (${amount} x ${price} = ${amount * price})`,
        pointer: `${at}/${i}/value`,
      })
    }
  })
  if (!close(num(total), sum, 0.01 * Math.max(1, items.length)))
    problems.push({ message: `the total ${boundedText(total, 60)} is not the sum of the values (${sum})`, pointer: totalPointer })
  if (items.length > 0 && !close(percent, 100, 0.01 * items.length))
    problems.push({ message: `the ${percentKey} values add up to ${percent.toFixed(4)}%, not 100%`, pointer: at })
  return problems
}

/** The totals each rule adds up, as paths of members: a body (or a schema) has them or not. */
const PORTFOLIO = ['value', 'portfolio']
const STATISTICS = [['tokens'], ['total']]
const BALANCE_PAIRS: Array<[string, string]> = [
  ['treasuryBalanceData', 'treasuryBalanceTotal'],
  ['treasuryLPBalanceData', 'treasuryLPTokenTotal'],
  ['lockedBalancesData', 'lockedTotal'],
  ['mantleCoreData', 'mantleCoreTotal'],
]

/** Whether a schema (dereferenced, OpenAPI 3.0) describes members along `path`, through properties and allOf/anyOf/oneOf. */
function describes(schema: unknown, path: readonly string[]): boolean {
  if (path.length === 0) return true
  if (!isObject(schema)) return false
  const [member, ...rest] = path as [string, ...string[]]
  const properties = schema.properties
  if (isObject(properties) && Object.hasOwn(properties, member) && describes(properties[member], rest)) return true
  return ['allOf', 'anyOf', 'oneOf'].some((key) => {
    const branches = schema[key]
    return Array.isArray(branches) && branches.some((branch) => describes(branch, path))
  })
}

/**
 * Whether a response schema states totals some rule adds up (a portfolio, treasury statistics,
 * token balances): the paths whose bodies REST-CONSISTENT can judge. A body of any other schema
 * (a list of tokens) has nothing to add up, so no check is made for it: it could never fail.
 * @example statesSums({ type: 'object', properties: { tokens: { type: 'array' }, total: { type: 'number' } } }) // true
 */
export function statesSums(schema: unknown): boolean {
  return (
    describes(schema, PORTFOLIO) ||
    STATISTICS.every((path) => describes(schema, path)) ||
    BALANCE_PAIRS.some(([, total]) => describes(schema, ['results', total]))
  )
}

/**
 * The consistency problems of a REST response body: empty when it adds up, null when it has none of
 * the totals a rule adds up (its shape is REST-SHAPE's to judge; there is nothing to add up).
 */
export function restConsistencyProblems(body: unknown): ConsistencyProblem[] | null {
  if (!isObject(body)) return null
  // Portfolio: {value: {totalValueInUSD, portfolio: [{amount, price, value, perOfHoldings}]}}
  const value = body.value
  if (isObject(value) && Array.isArray(value.portfolio)) {
    return holdings(value.portfolio.filter(isObject), value.totalValueInUSD, 'perOfHoldings', '/value/portfolio', '/value/totalValueInUSD')
  }
  // TreasuryStatistic: {total, tokens: [{amount, price, value, percent}]}
  if (Array.isArray(body.tokens) && 'total' in body) return holdings(body.tokens.filter(isObject), body.total, 'percent', '/tokens', '/total')
  // TokenBalances: each *Total equals the sum of its balance data's tokenBalances.
  const results = body.results
  if (isObject(results)) {
    const problems: ConsistencyProblem[] = []
    let added = 0
    for (const [data, totalKey] of BALANCE_PAIRS) {
      const entries = Array.isArray(results[data]) ? results[data] : isObject(results[data]) ? [results[data]] : []
      const balances = (entries as unknown[]).filter(isObject).flatMap((e) => (Array.isArray(e.tokenBalances) ? e.tokenBalances.filter(isObject) : []))
      const parts = balances.map((b) => bigOf(b.tokenBalance))
      const total = decimalOf(results[totalKey])
      if (total === null || parts.some((p) => p === null) || balances.length === 0) continue
      const sum = parts.reduce<bigint>((a, b) => a + (b ?? 0n), 0n)
      added++
      if (!totalMatches(total, sum))
        problems.push({
          message: `${totalKey} is ${boundedText(results[totalKey], 80)}, but the raw balances of ${data} add up to ${sum} (in no decimal scaling equal to it)`,
          pointer: `/results/${totalKey}`,
        })
    }
    return added === 0 ? null : problems
  }
  return null
}
