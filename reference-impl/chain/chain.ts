import { type Block, createBlock } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import type { EVMMockBlockchainInterface } from '@ethereumjs/evm'
import { createMPT } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, ValueEncoding, createAccount, toChecksumAddress } from '@ethereumjs/util'
import { type VM, createVM, encodeReceipt, runTx } from '@ethereumjs/vm'
import { BlockStore } from './blockStore.js'
import {
  BLOCK_DIFFICULTY,
  BLOCK_GAS_LIMIT,
  BLOCK_NONCE,
  EXTRA_DATA,
  GENESIS_DIFFICULTY,
  GENESIS_TIMESTAMP,
  MIX_HASH,
  QUEUE_TX_GAS_LIMIT,
  SEQUENCER_FEE_VAULT,
} from './chainConstants.js'
import { ChainError } from './chainError.js'
import { CompactTrieDB } from './compactTrieDB.js'
import { createChainCommon } from './createChainCommon.js'
import { type DecodedTransaction, decodeRawTransaction } from './decodeRawTransaction.js'
import { type BudgetSlot, ExecutionBudget, slicedEvm } from './executionBudget.js'
import { genesisAllocation } from './genesisAllocation.js'
import { blockRlpSize, encodeHeader } from './headerHash.js'
import { bigIntToBytes, fromHex, toData } from './hex.js'
import { keccak256 } from './keccak256.js'
import { l1Fee } from './l1Fee.js'
import type { L1Head } from './l1Head.js'
import { orderedTrieRoot } from './orderedTrieRoot.js'
import { type ReadContext, StateReader } from './stateReader.js'
import type { HeaderFields, StoredBlock, StoredLog, StoredReceipt, StoredTransaction } from './storedBlock.js'

/** Options fixed for the life of a chain. */
export interface ChainOptions {
  chainId: number
  /** The least gas price a sequencer transaction may offer (rollup_gasPrices.l2GasPrice). */
  l2GasPrice: bigint
}

/** A layer-1-to-layer-2 queue message: a deposit of `value` to `to`, sent on layer 1 by `l1TxOrigin`. */
export interface QueueMessage {
  queueIndex: bigint
  l1TxOrigin: Uint8Array
  to: Uint8Array
  value: bigint
  l1BlockNumber: bigint
  l1Timestamp: bigint
}

const EMPTY = new Uint8Array(0)
const EMPTY_UNCLE_HASH = keccak256(RLP.encode([]))
const EMPTY_TRIE_ROOT = keccak256(RLP.encode(EMPTY))
const ZERO_BLOOM = new Uint8Array(256)
const ZERO_HASH = new Uint8Array(32)
const FEE_VAULT = new Address(fromHex(SEQUENCER_FEE_VAULT))
const TRANSFER_GAS = 21_000n

/**
 * The layer-2 chain: the EVM state (Berlin rules on @ethereumjs/vm) and the blocks. Each executed
 * transaction gets a block of its own, sealed at once: state root from the state trie, transactions
 * and receipts roots from real tries, hash = keccak256(RLP(15 header fields)). Callers serialize
 * writes (the Rollup's mutex); reads go through `store` and `reader`.
 */
export class Chain {
  readonly chainId: number
  readonly l2GasPrice: bigint
  readonly common: Common
  readonly store: BlockStore
  readonly reader: StateReader
  readonly #vm: VM
  readonly #state: MerkleStateManager
  readonly #trieDb: CompactTrieDB
  /** The budget of the transaction the sequencer executes: slices only (see create()). */
  readonly #sequencing: BudgetSlot

  private constructor(
    options: ChainOptions,
    common: Common,
    store: BlockStore,
    vm: VM,
    state: MerkleStateManager,
    trieDb: CompactTrieDB,
    reader: StateReader,
    sequencing: BudgetSlot,
  ) {
    this.#sequencing = sequencing
    this.chainId = options.chainId
    this.l2GasPrice = options.l2GasPrice
    this.common = common
    this.store = store
    this.#vm = vm
    this.#state = state
    this.#trieDb = trieDb
    this.reader = reader
  }

  /** A chain holding only its genesis block (the allocation of genesisAllocation()). */
  static async create(options: ChainOptions): Promise<Chain> {
    const common = createChainCommon(options.chainId)
    const store = new BlockStore({ uncleHash: EMPTY_UNCLE_HASH, coinbase: FEE_VAULT.bytes, extraData: EXTRA_DATA, mixHash: MIX_HASH, nonce: BLOCK_NONCE })
    const trieDb = new CompactTrieDB()
    const trie = await createMPT({ useKeyHashing: true, common, db: trieDb, valueEncoding: ValueEncoding.Bytes })
    const state = new MerkleStateManager({ common, trie, caches: new Caches() })
    // BLOCKHASH reads the stored chain.
    const blockchain: EVMMockBlockchainInterface = {
      getBlock: async (number: number) => ({ hash: () => store.hashOf(Number(number)) }),
      putBlock: async () => {},
      shallowCopy() {
        return this
      },
    }
    // The sequencer's EVM slices like the reads' (executionBudget.ts), with no deadline: a transaction
    // runs to its end, bounded by its gas, but lets the event loop serve other clients every
    // EVM_SLICE_MS meanwhile.
    const sequencing: BudgetSlot = { current: undefined }
    const sliced = slicedEvm(sequencing, true)
    const vm = await createVM({ common, stateManager: state, blockchain, evmOpts: sliced.evmOpts })
    sliced.attach(vm.evm.events)
    for (const account of genesisAllocation()) {
      const address = new Address(fromHex(account.address))
      await state.putAccount(address, createAccount({ balance: account.balance, nonce: 0n }))
      if (account.code !== undefined) await state.putCode(address, account.code)
      for (const [slot, value] of account.storage ?? []) await state.putStorage(address, slot, value)
    }
    const stateRoot = await state.getStateRoot()
    const reader = await StateReader.create(trie, common, blockchain)
    const chain = new Chain(options, common, store, vm, state, trieDb, reader, sequencing)
    chain.#seal(
      {
        parentHash: ZERO_HASH,
        stateRoot,
        transactionsRoot: EMPTY_TRIE_ROOT,
        receiptsRoot: EMPTY_TRIE_ROOT,
        logsBloom: ZERO_BLOOM,
        difficulty: GENESIS_DIFFICULTY,
        number: 0n,
        gasUsed: 0n,
        timestamp: BigInt(GENESIS_TIMESTAMP),
      },
      [],
    )
    return chain
  }

  /** Number of the latest block. */
  get head(): number {
    return this.store.height - 1
  }

  /** The read context (state root, number, timestamp) of block `number`, which must exist. */
  readContext(number: number): ReadContext {
    const block = this.store.byNumber(number)
    if (block === undefined) throw new ChainError('UNKNOWN_BLOCK', 'header not found')
    return { number: block.header.number, timestamp: block.header.timestamp, stateRoot: block.header.stateRoot }
  }

  /** Stored trie nodes and reserved bytes (bench figures). */
  memoryStats(): { trieNodes: number; trieBytes: number; blockBytes: number } {
    const trie = this.#trieDb.stats()
    return { trieNodes: trie.entries, trieBytes: trie.reservedBytes, blockBytes: this.store.reservedBytes }
  }

  /**
   * eth_sendRawTransaction's work: checks `input` (raw bytes, or a transaction the node signed itself)
   * against the chain (price, gas, nonce, funds including the layer-1 fee), executes it in a new block
   * at `timestamp` (raised to parent + 1 if needed) and returns the block. A refusal is a TX_REJECTED
   * ChainError and leaves the chain untouched.
   */
  async executeTransaction(input: Uint8Array | DecodedTransaction, context: { timestamp: number; l1: L1Head }): Promise<StoredBlock> {
    const { tx, sender } = input instanceof Uint8Array ? decodeRawTransaction(input, this.common) : input
    const raw = tx.serialize()
    if (input instanceof Uint8Array && toData(raw) !== toData(input)) reject('transaction could not be decoded: non-canonical RLP encoding')
    const hash = tx.hash()
    if (this.store.locateTransaction(hash) !== undefined)
      reject(`already known: transaction ${toData(hash)} is in block ${this.store.locateTransaction(hash)?.blockNumber}`)
    if (tx.gasPrice < this.l2GasPrice) {
      reject(
        `transaction underpriced: gas price ${tx.gasPrice} wei is below the layer-2 gas price ${this.l2GasPrice} wei (see rollup_gasPrices / eth_gasPrice)`,
      )
    }
    if (tx.gasLimit > BLOCK_GAS_LIMIT) reject(`exceeds block gas limit: gas ${tx.gasLimit} > block gas limit ${BLOCK_GAS_LIMIT}`)
    const intrinsic = tx.getIntrinsicGas()
    if (tx.gasLimit < intrinsic) reject(`intrinsic gas too low: have ${tx.gasLimit}, want ${intrinsic}`)
    const senderAddress = new Address(sender)
    const shown = toChecksumAddress(senderAddress.toString())
    const account = await this.#state.getAccount(senderAddress)
    const nonce = account?.nonce ?? 0n
    if (tx.nonce < nonce) reject(`nonce too low: address ${shown}, tx: ${tx.nonce} state: ${nonce}`)
    if (tx.nonce > nonce) {
      reject(`nonce too high: address ${shown}, tx: ${tx.nonce} state: ${nonce} (transactions execute at once, there is no queue: send nonce ${nonce} first)`)
    }
    const fee = l1Fee(raw, context.l1.gasPrice)
    const cost = tx.gasLimit * tx.gasPrice + tx.value + fee.l1Fee
    const balance = account?.balance ?? 0n
    if (balance < cost) reject(`insufficient funds for gas * price + value + l1Fee: address ${shown} have ${balance} want ${cost}`)

    const number = BigInt(this.store.height)
    const timestamp = this.#nextTimestamp(context.timestamp)
    await this.#state.checkpoint()
    let result: Awaited<ReturnType<typeof runTx>>
    try {
      this.#sequencing.current = ExecutionBudget.slicesOnly()
      try {
        result = await runTx(this.#vm, { tx, block: contextBlock(number, timestamp, this.common), skipHardForkValidation: true })
      } finally {
        this.#sequencing.current = undefined
      }
      if (fee.l1Fee > 0n) {
        const payer = await this.#state.getAccount(senderAddress)
        if (payer === undefined || payer.balance < fee.l1Fee) throw new Error('the sender cannot pay the layer-1 fee after execution')
        payer.balance -= fee.l1Fee
        await this.#state.putAccount(senderAddress, payer)
        const vault = (await this.#state.getAccount(FEE_VAULT)) ?? createAccount({})
        vault.balance += fee.l1Fee
        await this.#state.putAccount(FEE_VAULT, vault)
      }
      await this.#state.commit()
    } catch (error) {
      await this.#state.revert()
      reject(`transaction could not be executed: ${error instanceof Error ? error.message.replace(/\s*\(tx type=.*$/s, '') : String(error)}`)
    }
    const stateRoot = await this.#state.getStateRoot()
    const gasUsed = result.totalGasSpent
    const logs: StoredLog[] = result.receipt.logs.map(([address, topics, data]) => ({ address, topics, data }))
    const receipt: StoredReceipt = {
      status: result.execResult.exceptionError === undefined ? 1 : 0,
      gasUsed,
      cumulativeGasUsed: gasUsed,
      contractAddress: result.createdAddress?.bytes ?? null,
      logs,
      l1GasPrice: fee.l1GasPrice,
      l1GasUsed: fee.l1GasUsed,
      l1Fee: fee.l1Fee,
    }
    const stored: StoredTransaction = {
      raw,
      hash,
      from: sender,
      queueOrigin: 'sequencer',
      l1TxOrigin: null,
      l1BlockNumber: BigInt(context.l1.number),
      l1Timestamp: BigInt(context.l1.timestamp),
      queueIndex: null,
      receipt,
    }
    return this.#seal(
      {
        parentHash: this.store.hashOf(this.head),
        stateRoot,
        transactionsRoot: await orderedTrieRoot([raw]),
        receiptsRoot: await orderedTrieRoot([encodeReceipt(result.receipt, 0)]),
        logsBloom: result.bloom.bitvector,
        difficulty: BLOCK_DIFFICULTY,
        number,
        gasUsed,
        timestamp,
      },
      [stored],
    )
  }

  /**
   * Executes a layer-1-to-layer-2 queue message as a system transaction in a block of its own: the
   * deposit credits `to` with `value` (minted, as a bridge deposit is; no signature, gas price 0, no
   * layer-1 fee). The transaction is recorded as a legacy transaction with nonce = queueIndex and
   * v = r = s = 0, like l2geth's queue transactions.
   */
  async executeQueueMessage(message: QueueMessage, timestampSeconds: number): Promise<StoredBlock> {
    const raw = RLP.encode([
      bigIntToBytes(message.queueIndex),
      EMPTY,
      bigIntToBytes(QUEUE_TX_GAS_LIMIT),
      message.to,
      bigIntToBytes(message.value),
      EMPTY,
      EMPTY,
      EMPTY,
      EMPTY,
    ])
    const number = BigInt(this.store.height)
    const timestamp = this.#nextTimestamp(timestampSeconds)
    const recipient = new Address(message.to)
    await this.#state.checkpoint()
    try {
      const account = (await this.#state.getAccount(recipient)) ?? createAccount({})
      account.balance += message.value
      await this.#state.putAccount(recipient, account)
      await this.#state.commit()
    } catch (error) {
      await this.#state.revert()
      throw error
    }
    const stateRoot = await this.#state.getStateRoot()
    const receipt: StoredReceipt = {
      status: 1,
      gasUsed: TRANSFER_GAS,
      cumulativeGasUsed: TRANSFER_GAS,
      contractAddress: null,
      logs: [],
      l1GasPrice: 0n,
      l1GasUsed: 0n,
      l1Fee: 0n,
    }
    const stored: StoredTransaction = {
      raw,
      hash: keccak256(raw),
      from: message.l1TxOrigin,
      queueOrigin: 'l1',
      l1TxOrigin: message.l1TxOrigin,
      l1BlockNumber: message.l1BlockNumber,
      l1Timestamp: message.l1Timestamp,
      queueIndex: message.queueIndex,
      receipt,
    }
    const encodedReceipt = encodeReceipt({ status: 1, cumulativeBlockGasUsed: TRANSFER_GAS, bitvector: ZERO_BLOOM, logs: [] }, 0)
    return this.#seal(
      {
        parentHash: this.store.hashOf(this.head),
        stateRoot,
        transactionsRoot: await orderedTrieRoot([raw]),
        receiptsRoot: await orderedTrieRoot([encodedReceipt]),
        logsBloom: ZERO_BLOOM,
        difficulty: BLOCK_DIFFICULTY,
        number,
        gasUsed: TRANSFER_GAS,
        timestamp,
      },
      [stored],
    )
  }

  /** Block timestamps strictly increase: the wanted time, or the parent's plus one second. */
  #nextTimestamp(wanted: number): bigint {
    const parent = this.store.byNumber(this.head)
    const floor = parent === undefined ? 0n : parent.header.timestamp + 1n
    const asked = BigInt(Math.floor(wanted))
    return asked > floor ? asked : floor
  }

  #seal(
    fields: Pick<
      HeaderFields,
      'parentHash' | 'stateRoot' | 'transactionsRoot' | 'receiptsRoot' | 'logsBloom' | 'difficulty' | 'number' | 'gasUsed' | 'timestamp'
    >,
    transactions: StoredTransaction[],
  ): StoredBlock {
    const header: HeaderFields = {
      ...fields,
      uncleHash: EMPTY_UNCLE_HASH,
      coinbase: FEE_VAULT.bytes,
      gasLimit: BLOCK_GAS_LIMIT,
      extraData: EXTRA_DATA,
      mixHash: MIX_HASH,
      nonce: BLOCK_NONCE,
    }
    const encodedHeader = encodeHeader(header)
    const block: StoredBlock = {
      header,
      hash: keccak256(encodedHeader),
      size: blockRlpSize(
        encodedHeader,
        transactions.map((tx) => tx.raw),
      ),
      transactions,
    }
    this.store.append(block)
    return block
  }
}

function reject(message: string): never {
  throw new ChainError('TX_REJECTED', message)
}

/** The block the EVM executes in (NUMBER, TIMESTAMP, COINBASE, GASLIMIT, DIFFICULTY). */
function contextBlock(number: bigint, timestamp: bigint, common: Common): Block {
  return createBlock(
    { header: { number, timestamp, coinbase: FEE_VAULT, gasLimit: BLOCK_GAS_LIMIT, difficulty: BLOCK_DIFFICULTY } },
    { common, skipConsensusFormatValidation: true },
  )
}
