import type { Probe } from '../run/certify.js'
import type { RunContext } from '../run/runContext.js'
import { signLegacyTransaction, addressOf, type SignedTransaction } from '../transactions/signLegacyTransaction.js'
import type { Exchange } from '../transport/exchange.js'
import { outcomeOf } from '../checks/outcomeOf.js'

/** Init code that emits one LOG0 from the new contract and deploys nothing: a log without needing any contract on the target. */
export const LOG_EMITTING_INIT_CODE = '0x60006000a000'

export interface SentTransaction {
  tx: SignedTransaction
  send: Exchange
  receipt: Record<string, unknown> | null
  receiptExchange: Exchange | null
}

async function resultOf(exchangePromise: Promise<Exchange>, what: string): Promise<string> {
  const exchange = await exchangePromise
  const outcome = outcomeOf(exchange)
  if (outcome.kind !== 'result' || typeof outcome.value !== 'string') throw new Error(`${what} did not answer a hex value`)
  return outcome.value
}

/**
 * Signs (with the run's --private-key) and sends a contract creation that emits a log, then waits for
 * its receipt (bounded). Used only in the full profile: it changes state.
 */
export async function sendLogEmittingTransaction(context: RunContext, probe: Probe): Promise<SentTransaction | null> {
  const key = context.config.privateKey
  if (key === null) {
    probe.fail('the full profile needs --private-key')
    return null
  }
  const http = context.http!
  const from = addressOf(key)
  const [chainId, nonce, gasPrice] = await Promise.all([
    resultOf(http.call('eth_chainId', []), 'eth_chainId'),
    resultOf(http.call('eth_getTransactionCount', [from, 'pending']), 'eth_getTransactionCount'),
    resultOf(http.call('eth_gasPrice', []), 'eth_gasPrice'),
  ])
  const tx = signLegacyTransaction(
    { chainId: BigInt(chainId), nonce: BigInt(nonce), gasPrice: BigInt(gasPrice) * 2n, gasLimit: 100_000n, data: LOG_EMITTING_INIT_CODE },
    key,
  )
  const send = await http.call('eth_sendRawTransaction', [tx.raw])
  const sent: SentTransaction = { tx, send, receipt: null, receiptExchange: null }
  const outcome = outcomeOf(send)
  if (outcome.kind !== 'result') {
    probe.fail(
      `eth_sendRawTransaction of a valid signed transaction from ${from} was refused: ${outcome.kind === 'error' ? JSON.stringify(outcome.message) : outcome.reason}`,
      send,
    )
    return sent
  }
  if (outcome.value !== tx.hash) probe.fail(`eth_sendRawTransaction answered ${JSON.stringify(outcome.value)}, the transaction's hash is ${tx.hash}`, send)
  const waitMs = Math.max(30_000, context.config.timeoutMs)
  const started = performance.now()
  // The last error the node answered to the receipt query: it is the finding's evidence if no receipt comes.
  let refused: { exchange: Exchange; text: string; count: number } | undefined
  while (performance.now() - started < waitMs) {
    const exchange = await http.call('eth_getTransactionReceipt', [tx.hash])
    const receipt = outcomeOf(exchange)
    if (receipt.kind === 'result' && receipt.value !== null && typeof receipt.value === 'object') {
      sent.receipt = receipt.value as Record<string, unknown>
      sent.receiptExchange = exchange
      return sent
    }
    if (receipt.kind === 'error') refused = { exchange, text: `error ${receipt.code} ${JSON.stringify(receipt.message)}`, count: (refused?.count ?? 0) + 1 }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const waited = `${Math.round((performance.now() - started) / 1000)} s`
  if (refused !== undefined) {
    probe.fail(
      `transaction ${tx.hash} was accepted, but eth_getTransactionReceipt answered ${refused.text} (${refused.count === 1 ? 'once' : `${refused.count} times, the last shown`}) and no receipt in ${waited}`,
      refused.exchange,
    )
  } else {
    probe.fail(`transaction ${tx.hash} was accepted but not mined: no receipt in ${waited}`, send)
  }
  return sent
}
