import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { showValue, type Reading, type ReadValue } from './reading.js'

/**
 * The judges of CLIENT-COMPAT: a library's reading of an answer against the suite's own strict
 * reading of the same answer (the patterns of the Ethereum JSON-RPC conventions that openrpc.json
 * states: a quantity is "0x" and lower-case hex without leading zeros, data two hex digits a byte, a
 * hash 32 bytes, an address 20). Pure functions, total over any JSON: a value the strict reading
 * refuses is a finding whatever the library made of it (a library that reads "901" as 901 when the
 * digits say 0x901 has been fooled, not helped), and a value the library reads otherwise than its
 * strict reading is a finding, with both.
 */

/** How a field of an answer is read strictly. */
export type FieldKind = 'quantity' | 'data' | 'hash' | 'address' | 'boolean' | 'hashes' | 'transactions' | 'logs'

const PATTERNS: Record<'quantity' | 'data' | 'hash' | 'address', RegExp> = {
  quantity: /^0x(0|[1-9a-f][0-9a-f]*)$/,
  data: /^0x([0-9a-fA-F]{2})*$/,
  hash: /^0x[0-9a-fA-F]{64}$/,
  address: /^0x[0-9a-fA-F]{40}$/,
}

const WORDS: Record<FieldKind, string> = {
  quantity: 'a hex quantity ("0x" and lower-case hex digits, no leading zero)',
  data: 'hex data (two hex digits a byte)',
  hash: 'a 32-byte hash',
  address: 'a 20-byte address',
  boolean: 'a boolean',
  hashes: 'a list of 32-byte hashes',
  transactions: 'a list of transactions',
  logs: 'a list of logs',
}

/** The fields of a block the judges read (what a library may expose of it). */
export const BLOCK_FIELDS: Readonly<Record<string, FieldKind>> = {
  number: 'quantity',
  hash: 'hash',
  parentHash: 'hash',
  nonce: 'data',
  sha3Uncles: 'hash',
  logsBloom: 'data',
  transactionsRoot: 'hash',
  stateRoot: 'hash',
  receiptsRoot: 'hash',
  miner: 'address',
  difficulty: 'quantity',
  totalDifficulty: 'quantity',
  extraData: 'data',
  size: 'quantity',
  gasLimit: 'quantity',
  gasUsed: 'quantity',
  timestamp: 'quantity',
  baseFeePerGas: 'quantity',
  mixHash: 'hash',
  transactions: 'transactions',
  uncles: 'hashes',
}

/** The fields of a transaction the judges read. `yParity` is also derived from `v` when the node gives only v. */
export const TRANSACTION_FIELDS: Readonly<Record<string, FieldKind>> = {
  hash: 'hash',
  nonce: 'quantity',
  blockHash: 'hash',
  blockNumber: 'quantity',
  transactionIndex: 'quantity',
  from: 'address',
  to: 'address',
  value: 'quantity',
  gas: 'quantity',
  gasPrice: 'quantity',
  maxFeePerGas: 'quantity',
  maxPriorityFeePerGas: 'quantity',
  input: 'data',
  type: 'quantity',
  chainId: 'quantity',
  v: 'quantity',
  r: 'quantity',
  s: 'quantity',
  yParity: 'quantity',
}

/** The fields of a receipt the judges read. */
export const RECEIPT_FIELDS: Readonly<Record<string, FieldKind>> = {
  transactionHash: 'hash',
  transactionIndex: 'quantity',
  blockHash: 'hash',
  blockNumber: 'quantity',
  from: 'address',
  to: 'address',
  cumulativeGasUsed: 'quantity',
  gasUsed: 'quantity',
  effectiveGasPrice: 'quantity',
  contractAddress: 'address',
  logs: 'logs',
  logsBloom: 'data',
  status: 'quantity',
  type: 'quantity',
}

/** The fields of a log the judges read. */
export const LOG_FIELDS: Readonly<Record<string, FieldKind>> = {
  address: 'address',
  topics: 'hashes',
  data: 'data',
  blockNumber: 'quantity',
  blockHash: 'hash',
  transactionHash: 'hash',
  transactionIndex: 'quantity',
  logIndex: 'quantity',
  removed: 'boolean',
}

/** The kinds of object the judges read. */
export type Resource = 'block' | 'transaction' | 'receipt' | 'log'

const FIELDS_OF: Readonly<Record<Resource, Readonly<Record<string, FieldKind>>>> = {
  block: BLOCK_FIELDS,
  transaction: TRANSACTION_FIELDS,
  receipt: RECEIPT_FIELDS,
  log: LOG_FIELDS,
}

/**
 * Where a library reads a field from, when not (only) from the field of that name: the answer's fields
 * it takes, the first present (ethers takes a transaction's position from `index` before
 * `transactionIndex`). Per kind of object, by the JSON-RPC name of the field.
 */
export type FieldSources = Partial<Record<Resource, Readonly<Record<string, readonly string[]>>>>

/** Where a judged answer came from: the library's call (named in messages), and the exchange that carried it. */
export interface Judged {
  /** e.g. `viem getBlock`. */
  label: string
  exchange?: Exchange
  /** JSON pointer of the value in the response (e.g. `/result`). */
  pointer: string
  /** Where the library reads fields from, when not from their own names. */
  sources?: FieldSources
}

/** The field of `object` a library reads `field` from (the first present of its sources), or undefined when none is present. */
function sourceOf(resource: Resource, field: string, object: Record<string, unknown>, sources: FieldSources | undefined): string | undefined {
  const names = sources?.[resource]?.[field] ?? [field]
  return names.find((name) => Object.hasOwn(object, name))
}

/** A field a library reads from another field of the answer, which holds another value than the field itself. */
export interface Shadowed {
  field: string
  source: string
  /** The value the library reads (the source's), and the field's own. */
  read: unknown
  own: unknown
}

/**
 * The fields a library reads from another field of the answer than their own while their own is
 * there too, with a different value: what it reads is in the answer, so it is no finding against the
 * node, but its users see the other field's value (an extension field of the node that an alias of
 * the library takes first).
 */
export function shadowedFields(resource: Resource, raw: unknown, sources: FieldSources | undefined): Shadowed[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || sources?.[resource] === undefined) return []
  const object = raw as Record<string, unknown>
  const shadowed: Shadowed[] = []
  for (const field of Object.keys(sources[resource]!)) {
    const source = sourceOf(resource, field, object, sources)
    if (source !== undefined && source !== field && Object.hasOwn(object, field) && JSON.stringify(object[source]) !== JSON.stringify(object[field])) {
      shadowed.push({ field, source, read: object[source], own: object[field] })
    }
  }
  return shadowed
}

/** The strict reading of one raw value of `kind`: its value, or why it is not one. */
export function strictValue(kind: 'quantity' | 'data' | 'hash' | 'address' | 'boolean', raw: unknown): { value: ReadValue } | { problem: string } {
  if (kind === 'boolean') return typeof raw === 'boolean' ? { value: raw } : { problem: `${showValue(raw)} is not ${WORDS.boolean}` }
  if (typeof raw !== 'string' || !PATTERNS[kind].test(raw)) return { problem: `${showValue(raw)} is not ${WORDS[kind]}${hexDigitsHint(kind, raw)}` }
  return { value: kind === 'quantity' ? BigInt(raw) : raw.toLowerCase() }
}

/** For a quantity written without "0x": what its digits say as hex, so a reader sees what a lenient parser got wrong. */
function hexDigitsHint(kind: string, raw: unknown): string {
  if (kind !== 'quantity' || typeof raw !== 'string' || !/^[0-9a-fA-F]{1,64}$/.test(raw)) return ''
  return ` (read as hex digits, as the convention writes a quantity, it is 0x${raw.toLowerCase()} = ${BigInt(`0x${raw}`)})`
}

/** A library's value as the kind compares: integers as bigint; strings of bytes, hashes and addresses in lower case. */
function comparable(kind: 'quantity' | 'data' | 'hash' | 'address' | 'boolean', got: ReadValue): ReadValue {
  if (kind === 'quantity' && typeof got === 'string') {
    if (/^0x[0-9a-fA-F]+$/.test(got)) return BigInt(got)
    if (/^[0-9]+$/.test(got)) return BigInt(got)
  }
  if ((kind === 'data' || kind === 'hash' || kind === 'address') && typeof got === 'string') return got.toLowerCase()
  return got
}

const same = (a: ReadValue, b: ReadValue): boolean => a === b || (typeof a === 'bigint' && typeof b === 'bigint' && a === b)

/**
 * One value of an answer: the strict reading of `raw` against what the library gave (`got`). A raw
 * value absent from the answer is not judged (the library may fill in a default); null must stay null.
 */
export function judgeValue(kind: FieldKind, raw: unknown, got: ReadValue, at: Judged, field: string): Finding[] {
  const where = `${at.pointer}${field === '' ? '' : `/${field}`}`
  const name = field === '' ? 'the answer' : field
  if (raw === null) {
    return got === null || got === undefined
      ? []
      : [finding('wrong-value', `${at.label}: the node answered ${name} null, the library made it ${showValue(got)}`, at, where, 'null', showValue(got))]
  }
  if (kind === 'hashes') return judgeList(raw, got, at, where, name, (item, read, index) => judgeValue('hash', item, read, at, `${field}/${index}`))
  if (kind === 'logs')
    return judgeList(raw, got, at, where, name, (item, read, index) => judgeObject('log', item, read, { ...at, pointer: `${where}/${index}` }))
  if (kind === 'transactions') {
    return judgeList(raw, got, at, where, name, (item, read, index) =>
      typeof item === 'string'
        ? judgeValue('hash', item, read, at, `${field}/${index}`)
        : judgeTransaction(item, read, { ...at, pointer: `${where}/${index}` }),
    )
  }
  const strict = strictValue(kind, raw)
  if ('problem' in strict)
    return [
      finding(
        'schema-violation',
        `${at.label}: the node answered ${name} ${strict.problem}; the library read it as ${showValue(got)}`,
        at,
        where,
        WORDS[kind],
        showValue(raw),
      ),
    ]
  if (got === undefined)
    return [
      finding(
        'wrong-value',
        `${at.label}: the node answered ${name} ${showValue(raw)}; the library dropped it`,
        at,
        where,
        showValue(strict.value),
        'undefined',
      ),
    ]
  const read = comparable(kind, got)
  if (same(read, strict.value)) return []
  // Bytes a library reads as an integer (web3 reads a block's nonce so): the same value when the integers agree.
  if (kind === 'data' && typeof read === 'bigint' && typeof strict.value === 'string' && same(read, strict.value === '0x' ? 0n : BigInt(strict.value)))
    return []
  return [
    finding(
      'wrong-value',
      `${at.label}: the node answered ${name} ${showValue(raw)} = ${showValue(strict.value)}; the library read ${showValue(got)}`,
      at,
      where,
      showValue(strict.value),
      showValue(got),
    ),
  ]
}

function judgeList(
  raw: unknown,
  got: ReadValue,
  at: Judged,
  where: string,
  name: string,
  each: (item: unknown, read: ReadValue, index: number) => Finding[],
): Finding[] {
  if (!Array.isArray(raw))
    return [
      finding(
        'schema-violation',
        `${at.label}: the node answered ${name} ${showValue(raw)}, not a list; the library read ${showValue(got)}`,
        at,
        where,
        'a list',
        showValue(raw),
      ),
    ]
  if (!Array.isArray(got))
    return [
      finding(
        'wrong-value',
        `${at.label}: the node answered ${name} as a list of ${raw.length}; the library read ${showValue(got)}`,
        at,
        where,
        `${raw.length} items`,
        showValue(got),
      ),
    ]
  if (got.length !== raw.length)
    return [
      finding(
        'wrong-value',
        `${at.label}: the node answered ${raw.length} ${name}; the library read ${got.length}`,
        at,
        where,
        String(raw.length),
        String(got.length),
      ),
    ]
  return raw.flatMap((item, index) => each(item, got[index], index))
}

/** Every field the library exposes (every key of `reading`) against the strict reading of the field of `raw` it reads it from. */
export function judgeObject(resource: Resource, raw: unknown, reading: ReadValue, at: Judged): Finding[] {
  if (resource === 'transaction') return judgeTransaction(raw, reading, at)
  return judgeFields(resource, raw, reading, at)
}

function judgeFields(resource: Resource, raw: unknown, reading: ReadValue, at: Judged): Finding[] {
  const fields = FIELDS_OF[resource]
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return [
      finding(
        'schema-violation',
        `${at.label}: the node answered ${showValue(raw)}, not an object; the library read ${showValue(reading)}`,
        at,
        at.pointer,
        'an object',
        showValue(raw),
      ),
    ]
  }
  if (reading === null || typeof reading !== 'object' || Array.isArray(reading)) {
    return [
      finding(
        'wrong-value',
        `${at.label}: the node answered an object; the library read ${showValue(reading)}`,
        at,
        at.pointer,
        'an object',
        showValue(reading),
      ),
    ]
  }
  const object = raw as Record<string, unknown>
  const findings: Finding[] = []
  for (const [field, got] of Object.entries(reading)) {
    const kind = fields[field]
    const source = sourceOf(resource, field, object, at.sources)
    if (kind === undefined || source === undefined) continue
    findings.push(...judgeValue(kind, object[source], got, at, source))
  }
  return findings
}

/** A transaction: its fields, and, when the library gives only the signature's parity (ethers), the parity of the node's v. */
export function judgeTransaction(raw: unknown, reading: ReadValue, at: Judged): Finding[] {
  const findings = judgeFields('transaction', raw, reading, at)
  const object = raw as Record<string, unknown> | null
  const read = reading as Reading | null
  if (object === null || typeof object !== 'object' || read === null || typeof read !== 'object' || Array.isArray(read)) return findings
  if (!Object.hasOwn(read, 'yParity') || Object.hasOwn(object, 'yParity') || !Object.hasOwn(object, 'v')) return findings
  const v = strictValue('quantity', object.v)
  if ('problem' in v) return findings
  const parity = parityOf(v.value as bigint)
  const got = comparable('quantity', read.yParity ?? undefined)
  if (parity === null || same(got, parity)) return findings
  return [
    ...findings,
    finding(
      'wrong-value',
      `${at.label}: the node answered v ${showValue(object.v)} (parity ${parity}); the library read parity ${showValue(read.yParity)}`,
      at,
      `${at.pointer}/v`,
      String(parity),
      showValue(read.yParity),
    ),
  ]
}

/** The y-parity a signature's v says: 0/1 (typed), 27/28 (legacy), 35 + 2 chainId + parity (EIP-155). */
export function parityOf(v: bigint): bigint | null {
  if (v === 0n || v === 1n) return v
  if (v === 27n || v === 28n) return v - 27n
  if (v >= 35n) return (v - 35n) % 2n
  return null
}

function finding(kind: Finding['kind'], message: string, at: Judged, pointer: string, expected: string, got: string): Finding {
  const made: Finding = { kind, message, pointer, expected, got }
  if (at.exchange !== undefined) made.exchange = at.exchange
  return made
}
