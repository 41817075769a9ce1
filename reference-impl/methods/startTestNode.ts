import { DEFAULT_L2_GAS_PRICE } from '../chain/chainConstants.js'
import { Rollup, type RollupOptions } from '../chain/rollup.js'
import type { MethodTable } from '../rpc/methodTable.js'
import { type Answer, callMethod, resultOf } from './callMethod.js'
import { createMethodTable } from './createMethodTable.js'

/** A clock the caller moves (milliseconds). */
export interface ManualClock {
  now(): number
  advance(milliseconds: number): void
}

/** A node for tests: the rollup itself (tick() by hand, no timer), its method table, a manual clock. */
export interface TestNode {
  rollup: Rollup
  methods: MethodTable
  clock: ManualClock
  warnings: string[]
  call(method: string, ...params: unknown[]): Promise<Answer>
  /** The result of a call that must succeed. */
  result<T = unknown>(method: string, ...params: unknown[]): Promise<T>
  stop(): Promise<void>
}

/**
 * Starts a real reference node in-process, without servers, on a manual clock starting at
 * 2025-01-01T00:00:00Z, with no timer: the test moves the clock and calls `rollup.tick()`.
 */
export async function startTestNode(options: Partial<Omit<RollupOptions, 'clock' | 'warn'>> = {}): Promise<TestNode> {
  let now = Date.UTC(2025, 0, 1)
  const clock: ManualClock = { now: () => now, advance: (ms) => void (now += ms) }
  const warnings: string[] = []
  const rollup = await Rollup.start({
    chainId: 901,
    history: 40,
    l2GasPrice: DEFAULT_L2_GAS_PRICE,
    tickMs: 0,
    ...options,
    clock,
    warn: (message) => warnings.push(message),
  })
  const methods = createMethodTable(rollup)
  const call = (method: string, ...params: unknown[]): Promise<Answer> => callMethod(methods, method, params)
  return {
    rollup,
    methods,
    clock,
    warnings,
    call,
    result: async <T>(method: string, ...params: unknown[]) => resultOf(await call(method, ...params)) as T,
    stop: () => rollup.stop(),
  }
}
