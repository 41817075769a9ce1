import { createLegacyTx } from '@ethereumjs/tx'
import { generateAddress } from '@ethereumjs/util'
import { encodeCall, encodeTokenConstructor } from './abiEncode.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { bigIntToBytes, fromHex } from './hex.js'
import type { Rollup } from './rollup.js'
import { COUNTER_CREATION_CODE } from './counterArtifact.js'
import { TOKEN_CREATION_CODE } from './tokenArtifact.js'

/**
 * The development account that sends the background traffic: not the one `l2conf run --reference`
 * signs with (the last), so a full-profile run beside the traffic never races it for a nonce.
 */
export const TRAFFIC_ACCOUNT = DEV_ACCOUNTS[8] as (typeof DEV_ACCOUNTS)[number]

/** Tokens the traffic deploys and then takes turns calling: two log addresses, so a log filter has something to leave out. */
const TRAFFIC_TOKENS = 2
const TOKEN_SUPPLY = 1_000_000n * 10n ** 18n
const DEPLOY_GAS = 1_500_000n
const TRANSFER_GAS = 100_000n
const COUNTER_GAS = 200_000n
/** A contract created every this many ticks (a counter, its constructor writing storage): creations at a real network's pace. */
export const CREATE_EVERY_TICKS = 50
/** Development accounts 1..7 receive the traffic's ether and tokens (never the last, which `run --reference` signs with). */
const RECIPIENTS = 7

/** What one tick sends, by its turn: the mix of a busy network (balances moved, storage written, a revert now and then, a creation now and then). */
export type TrafficKind = 'deploy-token' | 'create-counter' | 'ether' | 'token' | 'counter' | 'approve' | 'revert'

/** The kind of transaction tick `turn` sends (0, 1, ... in order), given the counters created so far. */
export function trafficKind(turn: number, tokens: number, counters: number): TrafficKind {
  if (tokens < TRAFFIC_TOKENS) return 'deploy-token'
  if (counters === 0 || turn % CREATE_EVERY_TICKS === 0) return 'create-counter'
  if (turn % 20 === 19) return 'revert'
  return (['ether', 'token', 'counter', 'token', 'approve'] as const)[turn % 5]!
}

/**
 * `--block-time S`: a busy network in miniature. Every `blockTimeMs` the traffic account sends one
 * signed transaction through the node's own eth_sendRawTransaction path, so a block is mined: first
 * it deploys TRAFFIC_TOKENS tokens (their constructors log a Transfer), then a mix (trafficKind):
 * ether and tokens sent to development accounts (balances move, Transfer logs from alternating
 * addresses), a counter contract created every CREATE_EVERY_TICKS ticks (its constructor writes a
 * storage slot) and called to add one (a storage write), approvals, and a transfer that reverts.
 *
 * Bounded by design: at most one transaction is in flight (a tick that finds one still running is
 * skipped, never queued); the nonce is read from the chain on each tick, so nothing is remembered
 * between ticks but the contract addresses (the newest few counters) and the turn. The state grows as
 * a real chain's does: a small contract every CREATE_EVERY_TICKS blocks; transfers and calls rewrite
 * a bounded set of slots.
 */
export class BackgroundTraffic {
  readonly #rollup: Rollup
  readonly #warn: (message: string) => void
  readonly #key = fromHex(TRAFFIC_ACCOUNT.privateKey)
  readonly #address = fromHex(TRAFFIC_ACCOUNT.address)
  readonly #tokens: Uint8Array[] = []
  readonly #counters: Uint8Array[] = []
  readonly #timer: ReturnType<typeof setInterval>
  #turn = 0
  #inFlight: Promise<void> | undefined
  #stopped = false

  constructor(rollup: Rollup, blockTimeMs: number, warn: (message: string) => void) {
    this.#rollup = rollup
    this.#warn = warn
    this.#timer = setInterval(() => this.#tick(), blockTimeMs)
    this.#timer.unref()
  }

  /** Stops the ticks and waits for the transaction in flight, if any. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearInterval(this.#timer)
    await this.#inFlight
  }

  #tick(): void {
    if (this.#stopped || this.#inFlight !== undefined) return
    this.#inFlight = this.#sendNext()
      .catch((error: unknown) => this.#warn(`background traffic: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.#inFlight = undefined
      })
  }

  async #sendNext(): Promise<void> {
    const chain = this.#rollup.chain
    const nonce = (await chain.reader.account(chain.readContext(chain.head), this.#address)).nonce
    const turn = this.#turn
    const kind = trafficKind(turn, this.#tokens.length, this.#counters.length)
    const recipient = fromHex((DEV_ACCOUNTS[1 + (turn % RECIPIENTS)] as (typeof DEV_ACCOUNTS)[number]).address)
    const token = this.#tokens[turn % TRAFFIC_TOKENS] as Uint8Array
    const fields = ((): { gasLimit: bigint; to?: Uint8Array; value?: bigint; data?: Uint8Array } => {
      switch (kind) {
        case 'deploy-token':
          return {
            gasLimit: DEPLOY_GAS,
            data: new Uint8Array([
              ...TOKEN_CREATION_CODE,
              ...encodeTokenConstructor(`Traffic ${this.#tokens.length}`, `TRF${this.#tokens.length}`, 18, TOKEN_SUPPLY),
            ]),
          }
        case 'create-counter':
          return { gasLimit: COUNTER_GAS, data: COUNTER_CREATION_CODE }
        case 'ether':
          return { gasLimit: 21_000n, to: recipient, value: BigInt(1 + (turn % 97)) * 10n ** 12n }
        case 'token':
          return { gasLimit: TRANSFER_GAS, to: token, data: encodeCall('transfer(address,uint256)', [recipient, BigInt(1 + (turn % 89)) * 10n ** 15n]) }
        case 'counter':
          return { gasLimit: TRANSFER_GAS, to: this.#counters.at(-1) as Uint8Array, data: new Uint8Array([1]) }
        case 'approve':
          return { gasLimit: TRANSFER_GAS, to: token, data: encodeCall('approve(address,uint256)', [recipient, BigInt(turn)]) }
        case 'revert':
          // More than the whole supply: the token reverts, the receipt has status 0.
          return { gasLimit: TRANSFER_GAS, to: token, data: encodeCall('transfer(address,uint256)', [recipient, TOKEN_SUPPLY * 2n]) }
      }
    })()
    const tx = createLegacyTx({ nonce, gasPrice: chain.l2GasPrice, ...fields }, { common: chain.common }).sign(this.#key)
    await this.#rollup.sendRawTransaction(tx.serialize())
    const created = generateAddress(this.#address, bigIntToBytes(nonce))
    if (kind === 'deploy-token') this.#tokens.push(created)
    else {
      if (kind === 'create-counter') this.#counters.splice(0, Math.max(0, this.#counters.length - 3), created)
      this.#turn += 1
    }
  }
}
