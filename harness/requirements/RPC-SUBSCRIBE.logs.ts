import type { Finding } from '../checks/finding.js'
import type { Exchange } from '../transport/exchange.js'
import { boundedJson } from '../checks/boundedJson.js'
import type { HeadWindow, LiveVerdict } from '../checks/liveVerdict.js'

/** A logs subscription as the suite made it: its id, its filter (the address, or every log), and the exchange that opened it. */
export interface LogSubscription {
  id: string
  /** The filter's `address` (lowercase), or null for a subscription to every log. */
  address: string | null
  exchange?: Exchange
}

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const HASH = /^0x[0-9a-fA-F]{64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

interface Log {
  address: string
  blockNumber: bigint
  key: string
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A log's identity (its transaction and its index in the block), and where it sits; null when it is not a log object. */
function logOf(value: unknown): Log | null {
  if (!isObject(value)) return null
  const { address, blockNumber, transactionHash, logIndex, topics, data } = value
  if (typeof address !== 'string' || !ADDRESS.test(address)) return null
  if (typeof blockNumber !== 'string' || !QUANTITY.test(blockNumber) || typeof logIndex !== 'string' || !QUANTITY.test(logIndex)) return null
  if (typeof transactionHash !== 'string' || !HASH.test(transactionHash) || !Array.isArray(topics) || typeof data !== 'string') return null
  return { address: address.toLowerCase(), blockNumber: BigInt(blockNumber), key: `${transactionHash.toLowerCase()}/${BigInt(logIndex)}` }
}

/**
 * RPC-SUBSCRIBE, logs on a moving head: every notification under the subscription's id is a log
 * object that matches its filter (the address, when it has one), and the logs it notified for the
 * blocks of the window are exactly those eth_getLogs answers for the same filter and blocks (`chain`):
 * none missing, none the chain does not hold. Logs notified for blocks outside the window are judged
 * by the filter only. No log in the window at all is inconclusive (there was nothing to notify).
 * @example judgeLogNotifications(received, chainLogs, { from: 41n, to: 45n }, { id: '0x1', address: '0xab…' })
 */
export function judgeLogNotifications(
  notifications: readonly unknown[],
  chain: readonly unknown[],
  window: HeadWindow,
  subscription: LogSubscription,
): LiveVerdict {
  const findings: Finding[] = []
  const fail = (message: string, pointer?: string): void => {
    const finding: Finding = { kind: 'wrong-value', message }
    if (subscription.exchange !== undefined) finding.exchange = subscription.exchange
    if (pointer !== undefined) finding.pointer = pointer
    findings.push(finding)
  }
  const filter = subscription.address === null ? 'every log' : `{address: ${subscription.address}}`
  const inWindow = (log: Log): boolean => log.blockNumber > window.from && log.blockNumber <= window.to
  const notified = new Map<string, Log>()
  for (const [index, value] of notifications.entries()) {
    const log = logOf(value)
    if (log === null) {
      fail(
        `logs notification ${index} under subscription ${subscription.id} is not a log object (address, topics, data, blockNumber, transactionHash, logIndex): ${boundedJson(value)}`,
        `/${index}`,
      )
      continue
    }
    if (subscription.address !== null && log.address !== subscription.address) {
      fail(
        `a log of ${log.address} (block ${log.blockNumber}) was notified under subscription ${subscription.id}, whose filter is ${filter}`,
        `/${index}/address`,
      )
      continue
    }
    if (inWindow(log)) notified.set(log.key, log)
  }
  const held = new Map<string, Log>()
  for (const value of chain) {
    const log = logOf(value)
    if (log !== null && inWindow(log) && (subscription.address === null || log.address === subscription.address)) held.set(log.key, log)
  }
  const blocks = `blocks ${window.from + 1n} to ${window.to}`
  const missing = [...held.values()].filter((log) => !notified.has(log.key))
  if (missing.length > 0) {
    fail(
      `${missing.length} log(s) of ${blocks} matching ${filter} were not notified under subscription ${subscription.id}, though eth_getLogs holds them: ${missing
        .slice(0, 3)
        .map((log) => `${log.key} in block ${log.blockNumber}`)
        .join(', ')}`,
    )
  }
  const invented = [...notified.values()].filter((log) => !held.has(log.key))
  if (invented.length > 0) {
    fail(
      `${invented.length} log(s) notified under subscription ${subscription.id} for ${blocks} are not what eth_getLogs answers for the same filter and blocks: ${invented
        .slice(0, 3)
        .map((log) => `${log.key} in block ${log.blockNumber}`)
        .join(', ')}`,
    )
  }
  const nothing = held.size === 0 && notified.size === 0 && findings.length === 0
  return {
    findings,
    inconclusive: nothing
      ? window.to > window.from
        ? `no log matching ${filter} in ${blocks}`
        : `the head stayed at block ${window.from}: no new log to be notified of`
      : null,
  }
}
