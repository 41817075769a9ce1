import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { ChainError } from './chainError.js'

/** How long the EVM may run before it lets the event loop serve other clients, in milliseconds. */
export const EVM_SLICE_MS = 10

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
