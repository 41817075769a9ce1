import { describe, expect, it } from 'vitest'
import type { Exchange } from './exchange.js'
import { oversizedEvidence } from './oversizedEvidence.js'
import { OVERSIZED_ANSWER_BYTES } from './transportHealth.js'

function exchange(fields: Partial<Exchange>): Exchange {
  return { transport: 'http', url: 'http://target', request: {}, startedAt: 0, durationMs: 0, httpStatus: 200, ...fields }
}

const tooLarge = { code: 'L2CONF_ERR_RESPONSE_TOO_LARGE' as const, message: 'the response was cut off after 2000000 bytes: the harness already held 128.0 MiB' }

describe('oversizedEvidence', () => {
  it('names an answer to a call of one item of OVERSIZED_ANSWER_BYTES or more', () => {
    expect(oversizedEvidence(exchange({ responseBytes: OVERSIZED_ANSWER_BYTES }), 'eth_blockNumber')).toBe(
      `eth_blockNumber was answered with ${OVERSIZED_ANSWER_BYTES} bytes`,
    )
  })

  it('finds an answer below it sensible, however large (a block with its transactions)', () => {
    expect(oversizedEvidence(exchange({ responseBytes: OVERSIZED_ANSWER_BYTES - 1 }), 'eth_getBlockByNumber')).toBeNull()
  })

  it('names an answer refused for its size when it announced or sent OVERSIZED_ANSWER_BYTES or more', () => {
    expect(oversizedEvidence(exchange({ failure: tooLarge, responseBytes: 2_000_000, headers: { 'content-length': '66060330' } }), 'eth_chainId')).toMatch(
      /^eth_chainId: the response was cut off/,
    )
    expect(oversizedEvidence(exchange({ failure: tooLarge, responseBytes: OVERSIZED_ANSWER_BYTES }), 'eth_chainId')).toMatch(/^eth_chainId: /)
  })

  it('finds nothing in a small answer refused because other answers filled the byte budget', () => {
    expect(oversizedEvidence(exchange({ failure: tooLarge, responseBytes: 4096, headers: { 'content-length': '4096' } }), 'eth_chainId')).toBeUndefined()
  })

  it('finds nothing in answers to calls of lists, which may be as large as the range asked for', () => {
    expect(oversizedEvidence(exchange({ responseBytes: 25_000_000 }), 'eth_getBlockRange')).toBeUndefined()
    expect(oversizedEvidence(exchange({ failure: tooLarge, responseBytes: 70_000_000 }), 'eth_getLogs')).toBeUndefined()
  })

  it('finds nothing in a failure other than the size (a time-out)', () => {
    expect(oversizedEvidence(exchange({ failure: { code: 'L2CONF_ERR_TIMEOUT', message: 'no answer' } }), 'eth_chainId')).toBeUndefined()
  })
})
