/**
 * How a target answered one probe of size n: it took it, it refused it, or the answer says nothing
 * about the size (a time-out, a rate limit): then the search stops rather than guess.
 */
export type Verdict = 'accepted' | 'refused' | { unknown: string }

/** One probe of a search and what it was told, in the order they were made. */
export interface Step {
  size: number
  verdict: Verdict
}

export interface SearchOptions {
  /** The smallest size worth asking (e.g. 1 item, or the bytes of the smallest valid request). */
  floor: number
  /** The largest size the search may ask (the user's --discover-max-* cap): never exceeded. */
  cap: number
  /**
   * Sizes that are common limits (e.g. 1000, 5 MiB), tried first, in this order: each costs at most
   * two probes (is it accepted, is one more refused) and pins the answer at once when it is the
   * limit. At most MAX_HINTS are used.
   */
  hints?: readonly number[]
  /** What is known already, e.g. from an earlier phase: the largest accepted and smallest refused size. */
  known?: { accepted?: number; refused?: number }
  /**
   * How long the search may go on asking (SEARCH_TIME_BUDGET_MS unless given): once it has run out,
   * no further probe is made and the search is `unsure`, what was accepted a lower bound only.
   */
  timeBudgetMs?: number
  /** The clock the budget is read on (performance.now unless given; tests pass their own). */
  now?: () => number
}

/**
 * How long one search may go on asking: through a slow link each probe of a large body takes
 * seconds, and a search that ran on would hold the run (LIMITS runs alone). A search cut short by it
 * reports what was accepted as a lower bound, never as the target's limit.
 */
export const SEARCH_TIME_BUDGET_MS = 60_000

/**
 * What a search found:
 * - `exact`: `accepted` is the largest accepted size and `accepted + 1` was refused (accepted is
 *   floor - 1 when even the floor was refused);
 * - `at-least`: the cap itself was accepted, so the limit, if any, lies above what may be asked;
 * - `unsure`: a probe got no telling answer (`reason`); `accepted` and `refused` bound the limit.
 */
export interface SearchOutcome {
  kind: 'exact' | 'at-least' | 'unsure'
  accepted: number
  refused: number | null
  reason?: string
  /** How many probes were made. */
  requests: number
  steps: Step[]
}

/** Hints beyond this many are ignored, so the budget stays small whatever the caller passes. */
export const MAX_HINTS = 4

/**
 * The most probes `largestAccepted` makes: two per hint, one at the cap, and a binary search over
 * what is left of [floor, cap].
 * @example searchBudget(1, 10_000, 3) // 21
 */
export function searchBudget(floor: number, cap: number, hintCount: number): number {
  const outcomes = Math.max(1, cap - floor + 1)
  return 1 + 2 * Math.min(hintCount, MAX_HINTS) + Math.ceil(Math.log2(outcomes))
}

/**
 * Finds the largest size in [floor, cap] a target accepts, assuming acceptance is monotone (what is
 * accepted at n is accepted below n), in at most `searchBudget` probes, never asking above `cap`
 * nor below `floor`, never asking a size twice. The hints come first (a limit that is a common value
 * costs two probes, and the largest size, often the dearest to send, is never sent), then the cap
 * (an unlimited target stops there), then a binary search. Used by LIMITS discovery (interface spec section
 * 8: limits "not shown", so they are measured).
 * @example await largestAccepted(async (n) => (n <= 1000 ? 'accepted' : 'refused'), { floor: 1, cap: 10_000, hints: [1000] }) // exact 1000 in 2 probes
 */
export async function largestAccepted(ask: (size: number) => Promise<Verdict>, options: SearchOptions): Promise<SearchOutcome> {
  const { floor, cap } = options
  if (!Number.isSafeInteger(floor) || !Number.isSafeInteger(cap) || floor > cap)
    throw new RangeError(`a search needs whole numbers floor <= cap, got ${floor} and ${cap}`)
  // lo: the largest size known accepted (floor - 1: none yet); hi: the smallest known refused (cap + 1: none yet).
  let lo = Math.max(floor - 1, Math.min(options.known?.accepted ?? floor - 1, cap))
  let hi = Math.min(cap + 1, Math.max(options.known?.refused ?? cap + 1, floor))
  const steps: Step[] = []
  let stopped: string | null = null
  const now = options.now ?? (() => performance.now())
  const budgetMs = options.timeBudgetMs ?? SEARCH_TIME_BUDGET_MS
  const started = now()

  const probe = async (size: number): Promise<void> => {
    // The budget is read before each probe: one already sent is waited for (bounded by --timeout).
    const spent = now() - started
    if (spent >= budgetMs) {
      stopped = `the search's time budget ran out (${formatSeconds(spent)} spent of ${formatSeconds(budgetMs)}) before ${size} was asked`
      return
    }
    const verdict = await ask(size)
    steps.push({ size, verdict })
    if (verdict === 'accepted') lo = Math.max(lo, size)
    else if (verdict === 'refused') hi = Math.min(hi, size)
    else stopped = verdict.unknown
  }
  const settled = (): boolean => stopped !== null || hi - lo <= 1

  for (const hint of (options.hints ?? []).slice(0, MAX_HINTS)) {
    if (settled()) break
    // Only a hint that could still be the answer: not refused, not below what is known accepted.
    if (!Number.isSafeInteger(hint) || hint < lo || hint >= hi || hint < floor) continue
    if (hint > lo) {
      await probe(hint)
      if (settled() || lo < hint) continue
    }
    await probe(hint + 1)
  }
  // No limit at or below the hints: the cap, before bisecting up to it (an unlimited target stops here).
  if (!settled() && hi > cap) await probe(cap)
  while (!settled()) await probe(lo + Math.floor((hi - lo) / 2))

  const base = { requests: steps.length, steps }
  if (stopped !== null) return { kind: 'unsure', accepted: lo, refused: hi > cap ? null : hi, reason: stopped, ...base }
  if (lo >= cap) return { kind: 'at-least', accepted: cap, refused: null, ...base }
  return { kind: 'exact', accepted: lo, refused: hi, ...base }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}
