import { describe, expect, it } from 'vitest'
import { blockedRequirement } from './blockedRequirement.js'

const demands = { rangeBlocks: 64, batchItems: 27, batchBytes: 3000 }

describe('blockedRequirement', () => {
  it("names the MUST checks a limit below the suite's own requests blocks", () => {
    expect(blockedRequirement('maxBlockRange', 50, demands)).toMatch(/^maxBlockRange 50 is below the 64-block ranges RANGE-ORDER, RANGE-SHAPE/)
    expect(blockedRequirement('maxBatchItems', 10, demands)).toMatch(/RPC-HTTP \(http\.batch\.examples\) and RPC-WS \(ws\.batch\.examples\)/)
    expect(blockedRequirement('maxRequestBytes', 2999, demands)).toContain('RPC-HTTP')
    expect(blockedRequirement('maxWsMessageBytes', 100, demands)).toContain('RPC-WS')
  })

  it('is silent when the limit is enough, or only a lower bound', () => {
    expect(blockedRequirement('maxBlockRange', 64, demands)).toBeNull()
    expect(blockedRequirement('maxBatchItems', 1000, demands)).toBeNull()
    expect(blockedRequirement('maxBlockRange', '>=41', demands)).toBeNull()
    expect(blockedRequirement('maxRequestBytes', null, demands)).toBeNull()
  })
})
