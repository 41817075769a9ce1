import { createLegacyTx } from '@ethereumjs/tx'
import { generateAddress } from '@ethereumjs/util'
import { encodeCall, encodeTokenConstructor } from './abiEncode.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { bigIntToBytes, fromHex } from './hex.js'
import type { Rollup } from './rollup.js'
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

/**
 * `--block-time S`: a busy network in miniature. Every `blockTimeMs` the traffic account sends one
 * signed transaction through the node's own eth_sendRawTransaction path, so a block is mined with a
 * log: first it deploys TRAFFIC_TOKENS tokens (their constructors log a Transfer), then it takes
 * turns transferring one unit of each to itself (a Transfer log from alternating addresses).
 *
 * Bounded by design: at most one transaction is in flight (a tick that finds one still running is
 * skipped, never queued); the nonce is read from the chain on each tick, so nothing is remembered
 * between ticks but the token addresses and whose turn it is; and a transfer to oneself rewrites the same storage slot,
 * so the state does not grow. What grows is the chain itself: one block per tick, as any block does
 * (its header, transaction, receipt and changed trie nodes, a few KB).
 */
export class BackgroundTraffic {
  readonly #rollup: Rollup
  readonly #warn: (message: string) => void
  readonly #key = fromHex(TRAFFIC_ACCOUNT.privateKey)
  readonly #address = fromHex(TRAFFIC_ACCOUNT.address)
  readonly #tokens: Uint8Array[] = []
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
    const deploying = this.#tokens.length < TRAFFIC_TOKENS
    const fields = deploying
      ? {
          gasLimit: DEPLOY_GAS,
          data: new Uint8Array([
            ...TOKEN_CREATION_CODE,
            ...encodeTokenConstructor(`Traffic ${this.#tokens.length}`, `TRF${this.#tokens.length}`, 18, TOKEN_SUPPLY),
          ]),
        }
      : { gasLimit: TRANSFER_GAS, to: this.#tokens[this.#turn] as Uint8Array, data: encodeCall('transfer(address,uint256)', [this.#address, 1n]) }
    const tx = createLegacyTx({ nonce, gasPrice: chain.l2GasPrice, ...fields }, { common: chain.common }).sign(this.#key)
    await this.#rollup.sendRawTransaction(tx.serialize())
    if (deploying) this.#tokens.push(generateAddress(this.#address, bigIntToBytes(nonce)))
    else this.#turn = (this.#turn + 1) % TRAFFIC_TOKENS
  }
}
