import type { RequirementId } from '../report/result.js'

/** Heads remembered per target to tell a repeat from a head that went back (bounded: a watch runs for days). */
export const HEADS_REMEMBERED = 64

/** One newHeads notification, as far as the sequence needs it. */
export interface AnnouncedHead {
  number: number
  hash: string
  parentHash: string
}

/** What a notification broke in the sequence, with the requirement that asks for it. */
export interface SequenceFault {
  rule: 'newheads.malformed' | 'newheads.gap' | 'newheads.duplicate' | 'newheads.back' | 'newheads.unlinked'
  requirement: RequirementId
  message: string
  /** Blocks skipped (a gap), so the metric counts blocks, not notifications. */
  missed?: number
}

/** The heads a target announced so far: the latest and a few before it. */
export interface HeadSequence {
  last: AnnouncedHead | null
  /** number -> hash of the last HEADS_REMEMBERED heads. */
  seen: Map<number, string>
}

/** An empty sequence (no head announced yet). */
export function headSequence(): HeadSequence {
  return { last: null, seen: new Map() }
}

const HEX_QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i
const HASH = /^0x[0-9a-f]{64}$/i

/** Reads a newHeads notification's result into a head; null when its number or hashes are not what a header holds. */
export function announcedHead(result: unknown): AnnouncedHead | null {
  if (result === null || typeof result !== 'object') return null
  const { number, hash, parentHash } = result as Record<string, unknown>
  if (typeof number !== 'string' || !HEX_QUANTITY.test(number) || typeof hash !== 'string' || !HASH.test(hash)) return null
  if (typeof parentHash !== 'string' || !HASH.test(parentHash)) return null
  const value = Number.parseInt(number, 16)
  return Number.isSafeInteger(value) ? { number: value, hash: hash.toLowerCase(), parentHash: parentHash.toLowerCase() } : null
}

/**
 * Judges the next newHeads notification against the ones before it (interface document, section 6:
 * every new head is announced once, in order): a head skipped is a gap and one announced again a
 * duplicate (RPC-SUBSCRIBE), a lower number than the head already announced a head that went back
 * (RPC-STANDARD: the head never goes back), the next number whose parentHash is not the previous
 * head's hash an unlinked head (CHAIN-INTEGRITY). Updates `sequence` in place; never throws.
 */
export function judgeHead(sequence: HeadSequence, result: unknown): SequenceFault[] {
  const head = announcedHead(result)
  if (head === null)
    return [{ rule: 'newheads.malformed', requirement: 'RPC-SUBSCRIBE', message: 'a newHeads notification without a readable number, hash and parentHash' }]
  const { last, seen } = sequence
  const faults: SequenceFault[] = []
  if (seen.get(head.number) === head.hash) {
    faults.push({ rule: 'newheads.duplicate', requirement: 'RPC-SUBSCRIBE', message: `block ${head.number} (${head.hash}) was announced again` })
    return faults
  }
  if (last !== null) {
    if (head.number < last.number)
      faults.push({
        rule: 'newheads.back',
        requirement: 'RPC-STANDARD',
        message: `the announced head went back from ${last.number} to ${head.number}`,
      })
    else if (head.number > last.number + 1) {
      const missed = head.number - last.number - 1
      faults.push({
        rule: 'newheads.gap',
        requirement: 'RPC-SUBSCRIBE',
        message: `block ${head.number} was announced after ${last.number}: ${missed === 1 ? `block ${last.number + 1} was` : `blocks ${last.number + 1} to ${head.number - 1} were`} never announced`,
        missed,
      })
    } else if (head.number === last.number + 1 && head.parentHash !== last.hash)
      faults.push({
        rule: 'newheads.unlinked',
        requirement: 'CHAIN-INTEGRITY',
        message: `block ${head.number}'s parentHash ${head.parentHash} is not the hash of block ${last.number} announced before it (${last.hash})`,
      })
  }
  seen.set(head.number, head.hash)
  if (seen.size > HEADS_REMEMBERED) seen.delete(seen.keys().next().value as number)
  // A head that went back is not the new reference point twice: the sequence follows what is announced.
  sequence.last = head
  return faults
}
