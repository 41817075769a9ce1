/**
 * Each part's share of the total as "NN.NN%" strings that sum to exactly 100.00% (largest remainder
 * method over hundredths of a percent; ties go to the earlier part). All parts zero: all "0.00%".
 */
export function percentShares(parts: readonly bigint[]): string[] {
  const total = parts.reduce((sum, part) => sum + part, 0n)
  if (total === 0n) return parts.map(() => '0.00%')
  const scaled = parts.map((part) => part * 10_000n)
  const basisPoints = scaled.map((part) => part / total)
  let left = 10_000n - basisPoints.reduce((sum, share) => sum + share, 0n)
  const byRemainder = scaled
    .map((part, index) => ({ index, remainder: part % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of byRemainder) {
    if (left === 0n) break
    basisPoints[index] = (basisPoints[index] as bigint) + 1n
    left--
  }
  return basisPoints.map((share) => `${share / 100n}.${(share % 100n).toString().padStart(2, '0')}%`)
}
