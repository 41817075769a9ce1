import { currentCheck } from '../run/certify.js'

const realNow = Date.now.bind(Date)
/** How far the replayed clock is behind the real one: for the run, and per check once it has replayed an answer. */
let runOffset: number | null = null
const checkOffsets = new Map<string, number>()

function offsetNow(): number {
  const id = currentCheck()?.id
  return (id === undefined ? undefined : checkOffsets.get(id)) ?? runOffset ?? 0
}

/**
 * Sets this process's clock back to when the transcript was recorded (`l2conf check`): a judge that
 * compares a recorded timestamp with the time now (how old the layer-1 head is, INFO-PROGRESS) sees
 * the age it saw live, not the transcript's age. Each check has its own clock, moved forward (never
 * back) to the moment each of its replayed answers arrived live (advanceClock), so the order in
 * which the checks run does not matter; outside checks, the clock starts at the
 * recording's start (`recordedAt`, the manifest's, read once by `l2conf check`).
 */
export function replayClock(recordedAt: string | undefined): void {
  const at = Date.parse(recordedAt ?? '')
  if (runOffset !== null || Number.isNaN(at)) return
  runOffset = realNow() - at
  Date.now = () => realNow() - offsetNow()
}

/**
 * Gives this process its own clock back once the transcript's run has ended: the run is judged in the
 * process that called it (`l2conf check`, certify()), which goes on to time and write its report.
 */
export function stopReplayClock(): void {
  if (runOffset === null) return
  Date.now = realNow
  runOffset = null
  checkOffsets.clear()
}

/** Moves the current check's replayed clock forward to `ms` (when a recorded answer arrived live); never back. */
export function advanceClock(ms: number): void {
  const id = currentCheck()?.id
  if (runOffset === null || id === undefined || !Number.isFinite(ms)) return
  const offset = checkOffsets.get(id) ?? runOffset
  const now = realNow() - offset
  checkOffsets.set(id, ms > now || !checkOffsets.has(id) ? realNow() - ms : offset)
}
