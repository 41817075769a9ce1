/**
 * The probe's params from `from`, made value-free: the transaction param becomes zero value, to its
 * own sender, with gas price zero, the call's `marker` as data (when given) and the least gas every
 * hardfork accepts for it: 21000 and the calldata floor of EIP-7623 (40 a non-zero byte, 10 a zero
 * one), which is above EIP-2028's cost (16 and 4), so no node refuses it for its gas alone. Against a
 * node that does not block the method it moves no funds: a fee-charging node refuses it for its price
 * (checkNotEvaluated turns that refusal into a finding) or answers a hash, a zero-fee node mines a
 * no-op carrying the marker (judgeNothingChanged finds it). The one form of the probe: BLOCKED-SENDTX's
 * checks send it from each candidate sender, RPC-ERRORS sends a spec example in it.
 */
export function valueFreeProbe(params: readonly unknown[], from: string, marker?: string): unknown[] {
  const bytes = marker === undefined ? [] : [...Buffer.from(marker.slice(2), 'hex')]
  const gas = 21_000 + bytes.reduce((sum, byte) => sum + (byte === 0 ? 10 : 40), 0)
  return [
    { from, to: from, value: '0x0', gas: `0x${gas.toString(16)}`, gasPrice: '0x0', ...(marker === undefined ? {} : { data: marker }) },
    ...params.slice(1),
  ]
}

/** A blocked call's params made value-free from the sender they name (valueFreeProbe, no marker); params naming no sender as they are. */
export function valueFree(params: readonly unknown[]): unknown[] {
  const sender = senderOf(params)
  return sender === null ? [...params] : valueFreeProbe(params, sender)
}

/** The account a blocked call names (`from` of a transaction param), whose state must not change. */
export function senderOf(params: readonly unknown[]): string | null {
  const first = params[0] as { from?: unknown } | undefined
  return typeof first?.from === 'string' ? first.from : null
}
