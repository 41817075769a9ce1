import type { Common } from '@ethereumjs/common'
import { createLegacyTx } from '@ethereumjs/tx'
import { generateAddress, privateToPublic } from '@ethereumjs/util'
import { encodeCall, encodeTokenConstructor } from './abiEncode.js'
import { HISTORY_QUEUE_EVERY_BLOCKS } from './chainConstants.js'
import type { DecodedTransaction } from './decodeRawTransaction.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { GENESIS_TOKENS } from './genesisAllocation.js'
import { bigIntToBytes, fromHex } from './hex.js'
import { COUNTER_CREATION_CODE } from './counterArtifact.js'
import { TOKEN_CREATION_CODE } from './tokenArtifact.js'

/** One block of the generated history: a transaction signed by a development account, or a queue message. */
export type HistoryStep = { kind: 'transaction'; transaction: DecodedTransaction; label: string } | { kind: 'queue' }

/** Blocks up to this one follow the original mix (tests recorded their answers); creations and counter calls join after it. */
const MIX_FROM = 64
/** A contract is created every this many blocks of the history past MIX_FROM. */
export const CREATE_EVERY_BLOCKS = 50
/** The development account that creates and calls the counters. */
const COUNTER_SIGNER = 3

/** Seed of the default history: the same seed, options and code give the same chain, hash for hash. */
export const HISTORY_SEED = 0x6c32636f

interface Signer {
  key: Uint8Array
  publicKey: Uint8Array
  address: Uint8Array
  nonce: bigint
}

/**
 * The deterministic history the node generates before serving: ETH transfers between development
 * accounts, ERC-20 transfers, approvals and transferFroms (Transfer/Approval logs), a token
 * deployment at block 3, a transfer that reverts (status 0) now and then, and a layer-1 queue
 * deposit every 10th block from block 5; past block 64, a counter contract created every 50th block
 * and called (a storage write) every 10th, so creations and storage writes happen at any age. Transactions are signed with the development keys (RFC 6979
 * signatures are deterministic); the sender's public key is handed over with the transaction, as the
 * node signed it, so no signature has to be recovered.
 */
export class HistoryPlan {
  readonly #common: Common
  readonly #gasPrice: bigint
  readonly #random: () => number
  readonly #signers: Signer[]
  readonly #allowances = new Map<number, bigint>() // token index -> what dev 2 may still move from dev 0
  #deployed: Uint8Array | undefined
  readonly #counters: Uint8Array[] = []

  constructor(common: Common, gasPrice: bigint, seed = HISTORY_SEED) {
    this.#common = common
    this.#gasPrice = gasPrice
    this.#random = mulberry32(seed)
    this.#signers = DEV_ACCOUNTS.map((account) => {
      const key = fromHex(account.privateKey)
      return { key, publicKey: privateToPublic(key), address: fromHex(account.address), nonce: 0n }
    })
  }

  /** The step that makes block `number` (1, 2, ... in order). */
  next(number: number): HistoryStep {
    if (number % HISTORY_QUEUE_EVERY_BLOCKS === 5) return { kind: 'queue' }
    if (number === 3) return this.#deploy()
    // Past the first blocks (whose answers tests recorded, hash for hash): a contract created now and
    // then, and called to write its storage, as on a real network.
    if (number > MIX_FROM && number % CREATE_EVERY_BLOCKS === 28) return this.#createCounter()
    if (number > MIX_FROM && number % HISTORY_QUEUE_EVERY_BLOCKS === 8 && this.#counters.length > 0) return this.#callCounter()
    const roll = this.#int(100)
    if (roll < 40) return this.#etherTransfer()
    if (roll < 68) return this.#tokenTransfer()
    if (roll < 78) return this.#approve()
    if (roll < 92) return this.#transferFrom()
    return this.#failingTransfer()
  }

  #deploy(): HistoryStep {
    const deployer = this.#signer(1)
    this.#deployed = generateAddress(deployer.address, bigIntToBytes(deployer.nonce))
    const data = new Uint8Array([...TOKEN_CREATION_CODE, ...encodeTokenConstructor('History Token', 'HIST', 18, 1_000_000_000n * 10n ** 18n)])
    return this.#sign(1, { gasLimit: 1_500_000n, data }, 'deploy HIST token')
  }

  /** Account 3 creates a counter (COUNTER_CREATION_CODE: its constructor writes slot 0). */
  #createCounter(): HistoryStep {
    const creator = this.#signer(COUNTER_SIGNER)
    this.#counters.push(generateAddress(creator.address, bigIntToBytes(creator.nonce)))
    if (this.#counters.length > 4) this.#counters.shift()
    return this.#sign(COUNTER_SIGNER, { gasLimit: 200_000n, data: COUNTER_CREATION_CODE }, 'create counter')
  }

  /** Account 3 adds one to a counter it created (a call with data: slot 0 written). */
  #callCounter(): HistoryStep {
    const counter = this.#counters[this.#int(this.#counters.length)] as Uint8Array
    return this.#sign(COUNTER_SIGNER, { gasLimit: 100_000n, to: counter, data: new Uint8Array([1]) }, 'count')
  }

  #etherTransfer(): HistoryStep {
    const from = 1 + this.#int(9)
    const to = (from + 1 + this.#int(9)) % 10
    const value = BigInt(1 + this.#int(1000)) * 10n ** 15n
    return this.#sign(from, { gasLimit: 21_000n, to: this.#signer(to).address, value }, `ETH ${from}->${to}`)
  }

  #tokenTransfer(): HistoryStep {
    const useDeployed = this.#deployed !== undefined && this.#int(4) === 0
    const to = 2 + this.#int(8)
    if (useDeployed && this.#deployed !== undefined) {
      const data = encodeCall('transfer(address,uint256)', [this.#signer(to).address, BigInt(1 + this.#int(500)) * 10n ** 18n])
      return this.#sign(1, { gasLimit: 100_000n, to: this.#deployed, data }, `HIST 1->${to}`)
    }
    const token = this.#int(GENESIS_TOKENS.length)
    const info = GENESIS_TOKENS[token] as (typeof GENESIS_TOKENS)[number]
    const amount = BigInt(1 + this.#int(1000)) * 10n ** BigInt(info.decimals - 2)
    const data = encodeCall('transfer(address,uint256)', [this.#signer(to).address, amount])
    return this.#sign(0, { gasLimit: 100_000n, to: fromHex(info.address), data }, `${info.symbol} 0->${to}`)
  }

  #approve(): HistoryStep {
    const token = this.#int(GENESIS_TOKENS.length)
    const info = GENESIS_TOKENS[token] as (typeof GENESIS_TOKENS)[number]
    const amount = BigInt(100 + this.#int(1000)) * 10n ** BigInt(info.decimals)
    this.#allowances.set(token, amount)
    const data = encodeCall('approve(address,uint256)', [this.#signer(2).address, amount])
    return this.#sign(0, { gasLimit: 80_000n, to: fromHex(info.address), data }, `${info.symbol} approve 0->2`)
  }

  #transferFrom(): HistoryStep {
    const entry = [...this.#allowances.entries()].find(([, left]) => left > 0n)
    if (entry === undefined) return this.#etherTransfer()
    const [token, left] = entry
    const info = GENESIS_TOKENS[token] as (typeof GENESIS_TOKENS)[number]
    const amount = left / 4n + 1n
    this.#allowances.set(token, left - amount)
    const to = 3 + this.#int(7)
    const data = encodeCall('transferFrom(address,address,uint256)', [this.#signer(0).address, this.#signer(to).address, amount])
    return this.#sign(2, { gasLimit: 100_000n, to: fromHex(info.address), data }, `${info.symbol} transferFrom 0->${to} by 2`)
  }

  /** Account 9 tries to move more L2T than exists: the token reverts, the receipt has status 0. */
  #failingTransfer(): HistoryStep {
    const info = GENESIS_TOKENS[0] as (typeof GENESIS_TOKENS)[number]
    const data = encodeCall('transfer(address,uint256)', [this.#signer(0).address, 10n ** 30n])
    return this.#sign(9, { gasLimit: 100_000n, to: fromHex(info.address), data }, `${info.symbol} 9->0 (reverts)`)
  }

  #sign(from: number, fields: { gasLimit: bigint; to?: Uint8Array; value?: bigint; data?: Uint8Array }, label: string): HistoryStep {
    const signer = this.#signer(from)
    const tx = createLegacyTx({ nonce: signer.nonce, gasPrice: this.#gasPrice, ...fields }, { common: this.#common }).sign(signer.key)
    tx.cache.senderPubKey = signer.publicKey
    signer.nonce++
    return { kind: 'transaction', transaction: { tx, sender: signer.address }, label }
  }

  #signer(index: number): Signer {
    return this.#signers[index] as Signer
  }

  #int(below: number): number {
    return Math.floor(this.#random() * below)
  }
}

/** mulberry32: a tiny seeded PRNG (deterministic across platforms: 32-bit integer arithmetic only). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
