import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { reportSchemaErrors } from '../report/reportSchemaErrors.js'
import type { Report } from '../report/result.js'
import { loadOpenRpc, type OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { checkFixtures, judgeFixtureFile, tallyJudged } from './checkFixtures.js'
import { readTranscriptFiles } from './readTranscript.js'

// Real fixtures of the execution-apis project (their README says which and why): methods the
// bundled openrpc.json defines, methods it does not, and a file holding one of each.
const UPSTREAM = join(packageRoot, 'harness/transcript/fixtures/execution-apis-upstream')

let spec: OpenRpcSpec
let work: string
beforeAll(async () => {
  spec = await loadOpenRpc(join(packageRoot, 'openrpc.json'))
  work = await mkdtemp(join(tmpdir(), 'l2conf-check-fixtures-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** Runs checkFixtures on the upstream fixtures and returns its exit code, stdout and report.json. */
async function check(format: 'text' | 'json'): Promise<{ code: number; out: string; report: Report }> {
  const out: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')))
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0)
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const reportDir = join(work, format)
  try {
    const code = await checkFixtures(readTranscriptFiles(UPSTREAM), { dir: UPSTREAM, openrpc: undefined, reportDir, strict: false, format })
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report
    return { code, out: out.join('\n').replaceAll(work, '<work>'), report }
  } finally {
    log.mockRestore()
    write.mockRestore()
    error.mockRestore()
  }
}

const EXPECTED_TALLY = {
  files: { total: 6, envelopeOnly: 2 },
  exchanges: {
    total: 7,
    againstSpec: { total: 4, passed: 4, failed: 0, errorAnswers: 1 },
    envelopeOnly: { total: 3, passed: 3, failed: 0, methods: ['debug_getRawBlock', 'eth_baseFee', 'testing_buildBlockV1'] },
  },
}

describe('l2conf check of real execution-apis fixtures', () => {
  it('counts the exchanges judged against their method apart from those judged on the envelope only', () => {
    const judged = readTranscriptFiles(UPSTREAM).map((file) => judgeFixtureFile(file, file.path, spec, false))
    expect(tallyJudged(judged)).toEqual(EXPECTED_TALLY)
  })

  it('says of a file with a method the spec lacks which of its exchanges were judged on the envelope only', () => {
    const [file] = readTranscriptFiles(join(UPSTREAM, 'testing_buildBlockV1'))
    const { result, exchanges } = judgeFixtureFile(file!, 'testing_buildBlockV1/build-block-from-mempool', spec, false)
    expect(exchanges.map(({ judgement }) => judgement.basis)).toEqual(['spec', 'envelope'])
    expect(result).toMatchObject({ status: 'passed', requirement: 'SENDRAW' })
    expect(result.message).toContain('testing_buildBlockV1 is not in openrpc.json: 1 of the 2 exchanges judged for the JSON-RPC envelope only')
  })

  it('the terminal summary says what "passed" means, and report.json carries the counts (valid against its schema)', async () => {
    const { code, out, report } = await check('text')
    expect(code).toBe(0)
    const lines = out
      .split('\n')
      .slice(1, 5)
      .map((line) => line.replace(/ in [0-9.]+ ?[a-z]+$/, ' in <duration>'))
    expect(lines).toEqual([
      "7 exchanges judged: 4 against their method's schema in openrpc.json (4 passed), 3 on the envelope only (3 passed; their methods are not in openrpc.json)",
      "  1 of the 4 answered with an error, judged for the error's shape only",
      '  not in openrpc.json (3 methods): debug_getRawBlock, eth_baseFee, testing_buildBlockV1',
      '6 fixture files (2 judged on the envelope only): 6 passed, 0 failed in <duration>',
    ])
    expect(report.judged).toEqual(EXPECTED_TALLY)
    expect(reportSchemaErrors(report)).toEqual([])
  })

  it('--format json: the JSON summary carries the same counts', async () => {
    const { code, out } = await check('json')
    expect(code).toBe(0)
    const summary = JSON.parse(out) as { summary: Report['summary']; judged: unknown; files: string[] }
    expect(summary.judged).toEqual(EXPECTED_TALLY)
    expect(summary.summary.passed).toBe(6)
    expect(summary.files.map((file) => file.replace(/^.*\//, ''))).toEqual(['report.json', 'junit.xml', 'report.html'])
  })
})
