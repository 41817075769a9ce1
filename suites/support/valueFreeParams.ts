/**
 * A blocked method's example params made value-free: a transaction param (one with `from`) becomes
 * zero value, to its own sender, with gas price zero and only the intrinsic gas. Against a node
 * that does not block the method it moves no funds, so a read-only run may send it.
 */
export function valueFreeParams(params: readonly unknown[]): unknown[] {
  const first = params[0] as { from?: unknown } | null | undefined
  if (first === null || typeof first !== 'object' || typeof first.from !== 'string') return [...params]
  return [{ from: first.from, to: first.from, value: '0x0', gas: '0x5208', gasPrice: '0x0' }, ...params.slice(1)]
}
