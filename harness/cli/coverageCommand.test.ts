import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Coverage } from '../coverage/coverage.js'
import { createCoverage } from '../coverage/createCoverage.js'
import { sampleReport } from '../report/sampleReport.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { coverageCommand } from './coverageCommand.js'

let work: string
let a: Coverage
let b: Coverage

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'l2conf-coverage-command-'))
  const specs = {
    openrpc: await loadOpenRpc(fileURLToPath(new URL('../../openrpc.json', import.meta.url)), { compile: 'on-first-use' }),
    openapi: await loadOpenApi(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), { compile: 'on-first-use' }),
  }
  const coverageOf = (methods: string[]): Coverage => {
    const recorder = createCoverage(specs)
    for (const method of methods)
      recorder.observe({
        transport: 'http',
        url: 'u',
        request: { jsonrpc: '2.0', method, params: [], id: 1 },
        response: { jsonrpc: '2.0', id: 1, result: '0x1' },
        startedAt: 0,
        durationMs: 1,
      })
    return recorder.result()
  }
  a = coverageOf(['eth_chainId', 'eth_blockNumber'])
  b = coverageOf(['eth_chainId', 'eth_gasPrice'])
  const write = async (dir: string, name: string, value: unknown) => {
    await mkdir(join(work, dir), { recursive: true })
    await writeFile(join(work, dir, name), JSON.stringify(value))
  }
  await write('a', 'report.json', report({ coverage: a }))
  await write('b', 'report.json', report({ coverage: b }))
  await write('old', 'report.json', report())
  await write('fleet', 'fleet.json', { fleetSchemaVersion: 1, coverage: b })
  await write('broken', 'report.json', report({ coverage: { ...a, methods: [{ name: 'x' }] } as unknown as Coverage }))
  const other = structuredClone(a)
  other.specs.openrpc.sha256 = '0'.repeat(64)
  await write('other', 'report.json', report({ coverage: other }))
  await mkdir(join(work, 'notjson'))
  await writeFile(join(work, 'notjson', 'report.json'), '{"schemaVersion": 2, ')
})

/** A report as the CLI writes it (the sample's fields, and the schema version readers check). */
function report(overrides: Parameters<typeof sampleReport>[0] = {}) {
  return { schemaVersion: 2, ...sampleReport(overrides) }
}

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

/** Runs the command; its exit code, stdout and stderr. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0),
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' '))),
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' '))),
  ]
  try {
    const code = await coverageCommand(argv.map((arg) => arg.replace('<work>', work)))
    return { code, out: out.join(''), err: err.join('\n').replaceAll(work, '<work>') }
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

describe('l2conf coverage', () => {
  it('prints a report directory’s coverage as text, markdown or JSON', async () => {
    const text = await run('<work>/a')
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/methods called +2\/28/)
    const markdown = await run('<work>/a/report.json', '--format', 'markdown')
    expect(markdown.out.split('\n')[0]).toBe('### Spec coverage: 2/28 methods, 2/34 examples, 0/5 REST operations')
    const json = await run('<work>/a', '--format', 'json')
    expect(JSON.parse(json.out)).toEqual(a)
  })

  it('joins several reports: the union of their cells, the counts summed; and reads a fleet’s', async () => {
    const { code, out } = await run('<work>/a', '<work>/b', '--format', 'json')
    expect(code).toBe(0)
    const joined = JSON.parse(out) as Coverage
    expect(joined.totals.methods.covered).toBe(3)
    expect(joined.methods.find((method) => method.name === 'eth_chainId')?.calls).toBe(2)
    expect(JSON.parse((await run('<work>/fleet', '--format', 'json')).out)).toEqual(b)
  })

  it('says what is wrong, exit 2, for every input it cannot print', async () => {
    const cases: Array<[string[], string]> = [
      [[], 'name a report: l2conf coverage REPORT_OR_DIR'],
      [['<work>/a', '--format', 'html'], "--format is text, markdown or json, got 'html'"],
      [['<work>/nowhere'], '<work>/nowhere does not exist'],
      [['<work>'], '<work> holds no report.json'],
      [['<work>/old'], 'has no coverage: it was written by an l2conf before reports had coverage'],
      [['<work>/notjson'], 'cannot be read as JSON'],
      [['<work>/broken'], 'is not in the form this l2conf reads'],
      [['<work>/a', '<work>/other'], 'coverage of different openrpc documents cannot be merged'],
      [['<work>/a', '--bogus'], "Unknown option '--bogus'"],
    ]
    for (const [argv, message] of cases) {
      const { code, err, out } = await run(...argv)
      expect({ argv, code, out }).toEqual({ argv, code: 2, out: '' })
      expect(err).toContain(message)
    }
  })
})
