import { describe, expect, it } from 'vitest'
import { summaryLine } from './summaryLine.js'

describe('summaryLine', () => {
  it('says the period and the totals on one line, violations by requirement, most first', () => {
    const at = new Date('2026-11-26T10:01:00.000Z')
    expect(
      summaryLine(
        at,
        {
          exchanges: 120,
          violations: new Map([
            ['RPC-ENVELOPE', 1],
            ['RANGE-ORDER', 2],
          ]),
        },
        4000,
        7,
      ),
    ).toMatchInlineSnapshot(`"l2conf proxy 10:01:00Z: 120 exchange(s) this period (4000 in all); 3 violation(s): RANGE-ORDER 2, RPC-ENVELOPE 1; 7 in all"`)
    expect(summaryLine(at, { exchanges: 0, violations: new Map() }, 0, 0)).toMatchInlineSnapshot(
      `"l2conf proxy 10:01:00Z: 0 exchange(s) this period (0 in all); no violation; 0 in all"`,
    )
  })
})
