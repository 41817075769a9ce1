import { expect, it } from 'vitest'
import { Probe } from '../run/certify.js'
import { noteUnbatched } from './noteUnbatched.js'

it('notes once per check what was read one call at a time, how many and why; nothing when the batch answered all', () => {
  const probe = new Probe({ id: 'range.shape', requirement: 'RANGE-SHAPE', level: 'MUST', title: 'the shape' })
  noteUnbatched(probe, 'the blocks', 12, null)
  expect(probe.notes).toEqual([])
  noteUnbatched(probe, 'the blocks', 12, { count: 4, why: "the batch's answer held no well-formed item for 4 of its 12 calls" })
  noteUnbatched(probe, 'the blocks', 12, { count: 12, why: 'the batch was not answered with an array (HTTP 200)' })
  expect(probe.notes).toEqual([
    "the blocks were read one call at a time where the node's batches did not answer them: 4 of 12 sent alone (the batch's answer held no well-formed item for 4 of its 12 calls)",
  ])
})
