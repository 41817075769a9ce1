import { describe, expect, it } from 'vitest'
import { unsolicitedFindings } from './unsolicitedFindings.js'

describe('unsolicitedFindings', () => {
  it('is empty for an empty tally', () => {
    expect(unsolicitedFindings({ count: 0, connections: 0, samples: [] }, 'frames')).toEqual([])
  })
  it('unsolicited: how many, on how many connections, with samples', () => {
    const [finding] = unsolicitedFindings(
      { count: 3, connections: 1, samples: ['{"jsonrpc":"2.0","id":99,"result":"0x1"}'] },
      'response(s) to ids no request carried arrived',
    )
    expect(finding).toMatchObject({ kind: 'unsolicited', got: 3 })
    expect(finding!.message).toBe(
      '3 response(s) to ids no request carried arrived on 1 connection(s) of the run, e.g.:\n  {"jsonrpc":"2.0","id":99,"result":"0x1"}',
    )
  })
})
