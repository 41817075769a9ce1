import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { createCoverage } from './createCoverage.js'
import { mergeCoverage } from './mergeCoverage.js'
import { withJudged } from './withJudged.js'

describe('withJudged', () => {
  it('gives every declared method its counts of answers judged in passing, zero where none was, and merges them as a sum', async () => {
    const specs = { openrpc: await loadOpenRpc(join(packageRoot, 'openrpc.json')), openapi: await loadOpenApi(join(packageRoot, 'openapi.yaml')) }
    const coverage = withJudged(createCoverage(specs).result(), new Map([['eth_getBlockRange', { schema: 2, rule: 5, envelope: 1 }]]))
    expect(coverage.methods.find((m) => m.name === 'eth_getBlockRange')?.judged).toEqual({ schema: 2, rule: 5, envelope: 1 })
    expect(coverage.methods.find((m) => m.name === 'eth_chainId')?.judged).toEqual({ schema: 0, rule: 0, envelope: 0 })
    const merged = mergeCoverage([coverage, coverage])
    expect(merged.methods.find((m) => m.name === 'eth_getBlockRange')?.judged).toEqual({ schema: 4, rule: 10, envelope: 2 })
  })
})
