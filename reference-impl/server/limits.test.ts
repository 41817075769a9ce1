import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { usage } from '../main.js'
import { MAX_BLOCK_RANGE } from '../methods/eth_getBlockRange.js'
import { limits } from './limits.js'

const root = new URL('../../', import.meta.url)
const xLimits = (JSON.parse(readFileSync(new URL('openrpc.json', root), 'utf8')) as { info: { 'x-limits': Record<string, unknown> } }).info['x-limits']
const readme = readFileSync(new URL('reference-impl/README.md', root), 'utf8')
const MiB = 1024 * 1024

describe('the documented limits', () => {
  it('openrpc.json x-limits are the limits the node enforces', () => {
    expect(xLimits).toEqual({
      maxBlockRange: MAX_BLOCK_RANGE,
      maxBatchItems: limits.maxBatchItems,
      maxRequestBytes: limits.maxBodyBytes,
      maxWsMessageBytes: limits.maxWsPayloadBytes,
      maxResponseBytes: limits.maxResponseBytes,
      rateLimit: null,
    })
  })

  it('--help and the README name the same numbers', () => {
    const help = usage()
    expect(help).toContain(`request body ${limits.maxBodyBytes / MiB} MiB`)
    expect(help).toContain(`batch ${limits.maxBatchItems} requests`)
    expect(help).toContain(`WebSocket message ${limits.maxWsPayloadBytes / MiB} MiB`)
    expect(help).toContain(`eth_getBlockRange ${MAX_BLOCK_RANGE} blocks`)
    expect(help).toContain('no rate limit')
    expect(help).toContain(`response ${limits.maxResponseBytes} bytes`)
    expect(help).toContain(`a batch's calls\n  ${limits.batchExecutionMs / 1000} s together`)
    expect(readme).toContain(`| HTTP request body | ${limits.maxBodyBytes / MiB} MiB`)
    expect(readme).toContain(`| batch | ${limits.maxBatchItems} requests`)
    expect(readme).toContain(`| WebSocket message | ${limits.maxWsPayloadBytes / MiB} MiB`)
    expect(readme).toContain(`| \`eth_getBlockRange\` | ${MAX_BLOCK_RANGE} blocks`)
    expect(readme).toMatch(/\| rate \| none;/)
    expect(readme).toContain(`| response | ${limits.maxResponseBytes.toLocaleString('en-US')} bytes`)
    expect(readme).toContain(`a batch's calls ${limits.batchExecutionMs / 1000} s together`)
  })
})
