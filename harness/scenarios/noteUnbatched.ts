import type { Probe } from '../run/certify.js'
import type { BatchedAnswers } from '../transport/batchedCalls.js'

/**
 * Says once per check, in a note, that some of its reads were asked one call at a time because the
 * node's batch did not answer them (batchedCalls): what was read (`what`, e.g. "the blocks"), how many
 * of how many, and why. Later batches of the same check that fall back add nothing.
 * @example noteUnbatched(probe, 'the blocks', 12, unbatched)
 */
export function noteUnbatched(probe: Probe, what: string, asked: number, unbatched: BatchedAnswers['unbatched']): void {
  if (unbatched === null) return
  const start = `${what} were read one call at a time where the node's batches did not answer them`
  if (probe.notes.some((note) => note.startsWith(start))) return
  probe.note(`${start}: ${unbatched.count} of ${asked} sent alone (${unbatched.why})`)
}
