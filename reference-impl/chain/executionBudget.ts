import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { ChainError } from './chainError.js'

/** How long the EVM may run before it lets the event loop serve other clients, in milliseconds. */
export const EVM_SLICE_MS = 10

/** Where the EVM finds the budget of the execution under way (undefined: none, run unsliced). */
export interface BudgetSlot {
  current: ExecutionBudget | undefined
}

/**
 * The EVM options and the listener that make an EVM consult `slot` while it runs: a JUMPDEST that
 * awaits the budget's checkpoint (every loop passes one; its gas stays 1 and its meaning none) and a
 * `beforeMessage` listener, so every frame of a recursion is a checkpoint too. `yieldAtMessages`:
 * whether a message call may also wait for the event loop (the sequencer: yes; reads only check the
 * deadline there, as they always did).
 */
export function slicedEvm(
  slot: BudgetSlot,
  yieldAtMessages: boolean,
): {
  evmOpts: { customOpcodes: Array<{ opcode: number; opcodeName: string; baseFee: number; logicFunction: () => Promise<void> }> }
  attach(events: { on(event: 'beforeMessage', listener: (message: unknown, resolve?: (result?: unknown) => void) => void): unknown } | undefined): void
} {
  const jumpdest = {
    opcode: 0x5b,
    opcodeName: 'JUMPDEST',
    baseFee: 1,
    logicFunction: async (): Promise<void> => {
      await slot.current?.checkpoint()
    },
  }
  return {
    evmOpts: { customOpcodes: [jumpdest] },
    attach(events) {
      if (events === undefined) throw new Error('the EVM has no events: its execution could not be sliced')
      // A two-parameter listener is awaited by the EVM, and what it throws aborts the execution.
      events.on('beforeMessage', (_message: unknown, resolve?: (result?: unknown) => void) => {
        const budget = slot.current
        if (budget === undefined) return resolve?.()
        // Thrown here, synchronously, a time-out aborts the execution (the EVM awaits a promise
        // whose executor runs this listener).
        budget.check()
        if (!yieldAtMessages) return resolve?.()
        // A time-out found after the wait is found again at the next JUMPDEST or message.
        budget.checkpoint().then(
          () => resolve?.(),
          () => resolve?.(),
        )
      })
    },
  }
}

/**
 * The time an eth_call / eth_estimateGas may take (geth's RPCEVMTimeout), kept by the EVM itself:
 * every JUMPDEST (every loop passes one) and every message call asks it whether to go on. Past the
 * deadline the execution is aborted with EXECUTION_TIMEOUT; every EVM_SLICE_MS it yields to the
 * event loop, so one endless call does not freeze the node's other clients.
 */
export class ExecutionBudget {
  readonly #deadline: number
  readonly #message: string
  #sliceStart: number

  /** `deadline` is a performance.now() instant; `message` is the error's, naming the bound. */
  constructor(deadline: number, message: string) {
    this.#deadline = deadline
    this.#message = message
    this.#sliceStart = performance.now()
  }

  /**
   * No deadline, only the slicing: the sequencer's own execution of a transaction, which its gas (at
   * most the block gas limit) bounds and which must run to its end, but which must not freeze the
   * node's other clients meanwhile.
   */
  static slicesOnly(): ExecutionBudget {
    return new ExecutionBudget(Number.POSITIVE_INFINITY, 'never times out')
  }

  /** Throws EXECUTION_TIMEOUT once the deadline has passed. */
  check(): void {
    if (performance.now() >= this.#deadline) throw this.timeout()
  }

  /** The error a timed-out execution answers (geth: "execution aborted (timeout = 5s)"). */
  timeout(): ChainError {
    return new ChainError('EXECUTION_TIMEOUT', this.#message)
  }

  /**
   * Called by the EVM at each checkpoint: aborts past the deadline, and once the current slice is
   * used up waits for one turn of the event loop (other clients' requests run then).
   */
  async checkpoint(): Promise<void> {
    const now = performance.now()
    if (now >= this.#deadline) throw this.timeout()
    if (now - this.#sliceStart < EVM_SLICE_MS) return
    await yieldToEventLoop()
    this.#sliceStart = performance.now()
    this.check()
  }
}
