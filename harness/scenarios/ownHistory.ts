import type { Finding } from '../checks/finding.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { RunContext } from '../run/runContext.js'
import { addressOf, signLegacyTransaction } from '../transactions/signLegacyTransaction.js'
import type { Exchange } from '../transport/exchange.js'
import type { BlockRef } from './chainHistory.js'

/**
 * The init code of the counter contract the full profile creates to make history of its own: the
 * constructor sets storage slot 0 to 1 and deploys 27 bytes of runtime code that, called with data,
 * adds one to slot 0 and, called without, returns slot 0 as a 32-byte word (the checks read the
 * block before its creation and the creation's block: one transaction).
 *   init:    PUSH1 1 PUSH1 0 SSTORE; CODECOPY the runtime (27 bytes at offset 17); RETURN it
 *   runtime: CALLDATASIZE ISZERO PUSH1 15 JUMPI; SLOAD 0, ADD 1, SSTORE 0, STOP;
 *            JUMPDEST; SLOAD 0, MSTORE at 0, RETURN 32 bytes
 */
export const COUNTER_INIT_CODE = '0x6001600055601b6011600039601b6000f33615600f57600054600101600055005b60005460005260206000f3'

/**
 * History the run made itself (full profile): a counter contract created in `created`: none at the
 * block before (no code, slot 0 zero, a call answers no data); at the block, its code, slot 0 set to 1
 * by its constructor, and a call of no data answers that count. One transaction: every block the run
 * makes moves the head under the checks that need it still. `at` is when its receipt was read.
 */
export interface OwnHistory {
  contract: string
  created: { block: BlockRef; parent: BlockRef; transaction: string }
  at: number
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

async function value(context: RunContext, method: string, params: unknown[]): Promise<{ exchange: Exchange; value: unknown }> {
  const exchange = await context.http!.call(method, params)
  const outcome = outcomeOf(exchange)
  return { exchange, value: outcome.kind === 'result' ? outcome.value : undefined }
}

/** Signs and sends one transaction from the run's key and waits (bounded) for its receipt, with its block and the parent's. */
async function mined(
  context: RunContext,
  fields: { to?: string; data: string; gasLimit: bigint },
  nonce: bigint,
  chain: { chainId: bigint; gasPrice: bigint },
): Promise<{ receipt: Json; block: BlockRef; parent: BlockRef; hash: string } | { finding: Finding }> {
  const tx = signLegacyTransaction(
    {
      chainId: chain.chainId,
      nonce,
      gasPrice: chain.gasPrice,
      gasLimit: fields.gasLimit,
      data: fields.data,
      ...(fields.to === undefined ? {} : { to: fields.to }),
    },
    context.config.privateKey!,
  )
  const send = await context.http!.call('eth_sendRawTransaction', [tx.raw])
  const sent = outcomeOf(send)
  if (sent.kind !== 'result')
    return {
      finding: {
        kind: 'unexpected-error',
        message: `eth_sendRawTransaction of the run's own transaction ${tx.hash} (history to compare) was refused`,
        exchange: send,
      },
    }
  const deadline = Date.now() + Math.max(30_000, context.config.timeoutMs)
  for (;;) {
    const { exchange, value: receipt } = await value(context, 'eth_getTransactionReceipt', [tx.hash])
    if (isObject(receipt) && typeof receipt.blockNumber === 'string' && typeof receipt.blockHash === 'string') {
      const number = Number(BigInt(receipt.blockNumber))
      const { exchange: blockExchange, value: block } = await value(context, 'eth_getBlockByNumber', [receipt.blockNumber, false])
      if (!isObject(block) || typeof block.parentHash !== 'string')
        return {
          finding: {
            kind: 'wrong-value',
            message: `eth_getBlockByNumber answered no block ${number}, which the receipt of ${tx.hash} names`,
            exchange: blockExchange,
          },
        }
      return { receipt, hash: tx.hash, block: { number, hash: receipt.blockHash }, parent: { number: number - 1, hash: block.parentHash } }
    }
    if (Date.now() > deadline)
      return {
        finding: {
          kind: 'no-answer',
          message: `the run's own transaction ${tx.hash} was not mined within ${Math.round(Math.max(30_000, context.config.timeoutMs) / 1000)} s`,
          exchange,
        },
      }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Full profile: makes history the checks can compare for sure, whatever the chain holds near the head:
 * creates the counter contract (COUNTER_INIT_CODE) from --private-key, one transaction.
 */
export async function ownHistory(context: RunContext): Promise<OwnHistory | { finding: Finding }> {
  const from = addressOf(context.config.privateKey!)
  const [chainId, nonce, gasPrice] = await Promise.all([
    value(context, 'eth_chainId', []),
    value(context, 'eth_getTransactionCount', [from, 'pending']),
    value(context, 'eth_gasPrice', []),
  ])
  for (const read of [chainId, nonce, gasPrice]) {
    if (typeof read.value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(read.value))
      return {
        finding: {
          kind: 'unexpected-error',
          message: "no hex quantity answered to sign the run's own transactions (chain id, nonce, gas price)",
          exchange: read.exchange,
        },
      }
  }
  const chain = { chainId: BigInt(chainId.value as string), gasPrice: BigInt(gasPrice.value as string) * 2n }
  const created = await mined(context, { data: COUNTER_INIT_CODE, gasLimit: 200_000n }, BigInt(nonce.value as string), chain)
  if ('finding' in created) return created
  const contract = created.receipt.contractAddress
  if (typeof contract !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(contract) || created.receipt.status !== '0x1') {
    return {
      finding: {
        kind: 'wrong-value',
        message: `the receipt of the run's contract creation ${created.hash} names no contract address with status 0x1: ${JSON.stringify({ status: created.receipt.status, contractAddress: contract }).slice(0, 200)}`,
      },
    }
  }
  return { contract: contract.toLowerCase(), created: { block: created.block, parent: created.parent, transaction: created.hash }, at: Date.now() }
}
