import { createBlock, type Block } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import type { EVMMockBlockchainInterface } from '@ethereumjs/evm'
import type { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Caches, MerkleStateManager, getMerkleStateProof } from '@ethereumjs/statemanager'
import { createLegacyTx } from '@ethereumjs/tx'
import { Address } from '@ethereumjs/util'
import { type VM, createVM, runTx } from '@ethereumjs/vm'
import { BLOCK_DIFFICULTY, BLOCK_GAS_LIMIT, SEQUENCER_FEE_VAULT } from './chainConstants.js'
import { ChainError } from './chainError.js'
import { type BudgetSlot, ExecutionBudget, slicedEvm } from './executionBudget.js'
import { fromHex, toData } from './hex.js'
import { Mutex } from './mutex.js'

/** The block a read happens at: its state root and the context the EVM sees (NUMBER, TIMESTAMP). */
export interface ReadContext {
  number: bigint
  timestamp: bigint
  stateRoot: Uint8Array
}

/** A message call (eth_call / eth_estimateGas call object, decoded). */
export interface CallRequest {
  from?: Uint8Array
  to?: Uint8Array
  gas?: bigint
  gasPrice?: bigint
  value?: bigint
  data?: Uint8Array
}

/** geth's RPCEVMTimeout: the longest one eth_call / eth_estimateGas may execute, in milliseconds. */
export const CALL_TIMEOUT_MS = 5_000

/**
 * How long a call may execute: `timeoutMs` from when it starts executing (it may first wait for the
 * calls before it), and never past `deadline` (a performance.now() instant: what is left of the
 * budget of the batch it came in).
 */
export interface CallBound {
  timeoutMs: number
  deadline?: number
  /** The error message when `deadline` is what ends the call. */
  deadlineMessage?: string
}

const DEFAULT_BOUND: CallBound = { timeoutMs: CALL_TIMEOUT_MS }

/** An account and storage slots at a block with their Merkle proofs (EIP-1186), hex strings where the answer has them. */
export interface AccountProof {
  nonce: bigint
  balance: bigint
  codeHash: string
  storageHash: string
  accountProof: string[]
  storageProof: Array<{ value: bigint; proof: string[] }>
}

/** An account as stored (absent accounts read as the empty account). */
export interface AccountState {
  nonce: bigint
  balance: bigint
}

/**
 * Answers state queries at any block of the chain: accounts, code, storage, message calls and gas
 * estimates. It has its own state manager over the same trie database as the sequencer (nodes are
 * never deleted, so every block's state root stays readable) and checks out the requested root.
 * Calls run as a transaction from an impersonated sender (no signature, nonce or balance checks;
 * the practice of the ethereumjs client) inside a checkpoint that is always reverted.
 */
export class StateReader {
  readonly #vm: VM
  readonly #state: MerkleStateManager
  readonly #common: Common
  readonly #mutex = new Mutex()
  readonly #budget: BudgetSlot
  #root: string | undefined

  private constructor(vm: VM, state: MerkleStateManager, common: Common, budget: BudgetSlot) {
    this.#vm = vm
    this.#state = state
    this.#common = common
    this.#budget = budget
  }

  static async create(trie: MerklePatriciaTrie, common: Common, blockchain: EVMMockBlockchainInterface): Promise<StateReader> {
    const state = new MerkleStateManager({ common, trie: trie.shallowCopy(false), caches: new Caches() })
    const budget: BudgetSlot = { current: undefined }
    // Every loop passes a JUMPDEST, and every frame of a recursion is a message: those are where
    // the execution is bounded in time and yields to the event loop.
    const sliced = slicedEvm(budget, false)
    const vm = await createVM({ common, stateManager: state, blockchain, evmOpts: sliced.evmOpts })
    sliced.attach(vm.evm.events)
    return new StateReader(vm, state, common, budget)
  }

  /** Nonce and balance of `address` at `at`. */
  account(at: ReadContext, address: Uint8Array): Promise<AccountState> {
    return this.#at(at, async () => {
      const account = await this.#state.getAccount(new Address(address))
      return { nonce: account?.nonce ?? 0n, balance: account?.balance ?? 0n }
    })
  }

  /** Code of `address` at `at` (empty for accounts without code). */
  code(at: ReadContext, address: Uint8Array): Promise<Uint8Array> {
    return this.#at(at, () => this.#state.getCode(new Address(address)))
  }

  /** The 32-byte value of storage `slot` (32 bytes) of `address` at `at`. */
  storage(at: ReadContext, address: Uint8Array, slot: Uint8Array): Promise<Uint8Array> {
    return this.#at(at, async () => {
      const value = await this.#state.getStorage(new Address(address), slot)
      const word = new Uint8Array(32)
      word.set(value, 32 - value.length)
      return word
    })
  }

  /**
   * eth_getProof (EIP-1186): the account of `address` and the storage `slots` (32-byte words) at
   * `at`, each with the Merkle proof of it from the block's state root (the account) or the account's
   * storage root (each slot): the trie nodes on the path, from the root down.
   */
  proof(at: ReadContext, address: Uint8Array, slots: readonly Uint8Array[]): Promise<AccountProof> {
    return this.#at(at, async () => {
      const proof = await getMerkleStateProof(this.#state, new Address(address), [...slots])
      return {
        nonce: BigInt(proof.nonce),
        balance: BigInt(proof.balance),
        codeHash: proof.codeHash,
        storageHash: proof.storageHash,
        accountProof: proof.accountProof,
        storageProof: slots.map((_, i) => {
          const slot = proof.storageProof[i]
          // An account that does not exist holds no storage: every slot is zero, proven by its absence.
          return slot === undefined ? { value: 0n, proof: [] } : { value: BigInt(slot.value), proof: slot.proof }
        }),
      }
    })
  }

  /**
   * eth_call: the return data of `request` executed on the state at `at`; reverts, failures and
   * running past `bound` (5 s by default) throw ChainError.
   */
  call(at: ReadContext, request: CallRequest, bound: CallBound = DEFAULT_BOUND): Promise<Uint8Array> {
    return this.#at(at, () =>
      this.#bounded(bound, async () => {
        const outcome = await this.#execute(at, request, request.gas ?? BLOCK_GAS_LIMIT)
        throwIfFailed(outcome)
        return outcome.returnValue
      }),
    )
  }

  /**
   * eth_estimateGas: the least gas limit with which `request` succeeds at `at` (binary search between
   * what it used and the cap: the request's gas or the block gas limit, as geth does).
   */
  estimateGas(at: ReadContext, request: CallRequest, bound: CallBound = DEFAULT_BOUND): Promise<bigint> {
    return this.#at(at, () =>
      this.#bounded(bound, async () => {
        const cap = request.gas ?? BLOCK_GAS_LIMIT
        const first = await this.#execute(at, request, cap)
        if (first.error !== undefined) {
          if (first.error === 'revert') throwIfFailed(first)
          throw new ChainError('EXECUTION_FAILED', `gas required exceeds allowance (${cap}): ${first.error}`)
        }
        let low = first.gasUsed - 1n
        let high = cap
        // Most calls need what they used plus the 1/64 held back by calls (EIP-150) and refunds: try that first.
        const guess = ((first.gasUsed + first.gasRefund) * 64n) / 63n + 2_300n
        if (guess < high && (await this.#execute(at, request, guess)).error === undefined) high = guess
        while (low + 1n < high) {
          const middle = (low + high) / 2n
          if ((await this.#execute(at, request, middle)).error === undefined) high = middle
          else low = middle
        }
        return high
      }),
    )
  }

  /** Runs `execute` with the EVM's checkpoints bound to `bound`, starting now. */
  async #bounded<T>(bound: CallBound, execute: () => Promise<T>): Promise<T> {
    const own = performance.now() + bound.timeoutMs
    const budget =
      bound.deadline !== undefined && bound.deadline < own
        ? new ExecutionBudget(bound.deadline, bound.deadlineMessage ?? 'execution aborted (deadline passed)')
        : new ExecutionBudget(own, `execution aborted (timeout = ${formatSeconds(bound.timeoutMs)})`)
    budget.check()
    this.#budget.current = budget
    try {
      return await execute()
    } finally {
      this.#budget.current = undefined
    }
  }

  async #at<T>(at: ReadContext, read: () => Promise<T>): Promise<T> {
    return this.#mutex.run(async () => {
      const root = toData(at.stateRoot)
      if (root !== this.#root) {
        try {
          await this.#state.setStateRoot(at.stateRoot)
        } catch {
          throw new ChainError('UNKNOWN_BLOCK', `missing trie node for the state of block ${at.number}`)
        }
        this.#root = root
      }
      return read()
    })
  }

  async #execute(at: ReadContext, request: CallRequest, gasLimit: bigint): Promise<Outcome> {
    const from = new Address(request.from ?? new Uint8Array(20))
    await this.#state.checkpoint()
    try {
      const tx = createLegacyTx(
        {
          gasLimit,
          gasPrice: request.gasPrice ?? 0n,
          value: request.value ?? 0n,
          data: request.data ?? new Uint8Array(0),
          ...(request.to ? { to: request.to } : {}),
        },
        { common: this.#common, freeze: false },
      )
      tx.getSenderAddress = () => from
      const result = await runTx(this.#vm, {
        tx,
        block: contextBlock(at, this.#common),
        skipNonce: true,
        skipBalance: true,
        skipBlockGasLimitValidation: true,
        skipHardForkValidation: true,
      })
      const error = result.execResult.exceptionError?.error
      return {
        returnValue: result.execResult.returnValue,
        gasUsed: result.totalGasSpent,
        gasRefund: result.gasRefund,
        ...(error !== undefined ? { error } : {}),
      }
    } catch (error) {
      // A time-out (the budget's own error) is the answer, not a failed execution to describe.
      if (error instanceof ChainError) throw error
      // runTx throws before execution for a request no transaction could carry (gas below intrinsic, ...).
      const message = error instanceof Error ? error.message.replace(/\s*\(tx type=.*$/s, '').replace(/\s*-> .*$/s, '') : String(error)
      return {
        returnValue: new Uint8Array(0),
        gasUsed: 0n,
        gasRefund: 0n,
        error: message.toLowerCase().startsWith('intrinsic_gas_too_low') ? 'intrinsic gas too low' : message,
      }
    } finally {
      await this.#state.revert()
    }
  }
}

function formatSeconds(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000}s` : `${milliseconds}ms`
}

interface Outcome {
  returnValue: Uint8Array
  gasUsed: bigint
  gasRefund: bigint
  error?: string
}

function throwIfFailed(outcome: Outcome): void {
  if (outcome.error === undefined) return
  if (outcome.error === 'revert') {
    const reason = revertReason(outcome.returnValue)
    throw new ChainError('EXECUTION_REVERTED', reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`, toData(outcome.returnValue))
  }
  throw new ChainError('EXECUTION_FAILED', outcome.error)
}

/** The reason of a Solidity `Error(string)` revert, if the data is one. */
function revertReason(data: Uint8Array): string | undefined {
  if (data.length < 68 || toData(data.subarray(0, 4)) !== '0x08c379a0') return undefined
  const length = Number(BigInt(toData(data.subarray(36, 68))))
  if (68 + length > data.length) return undefined
  return new TextDecoder().decode(data.subarray(68, 68 + length))
}

const COINBASE = new Address(fromHex(SEQUENCER_FEE_VAULT))

function contextBlock(at: ReadContext, common: Common): Block {
  return createBlock(
    { header: { number: at.number, timestamp: at.timestamp, coinbase: COINBASE, gasLimit: BLOCK_GAS_LIMIT, difficulty: BLOCK_DIFFICULTY } },
    { common, skipConsensusFormatValidation: true },
  )
}
