import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Report } from '../report/result.js'
import { sampleReport } from '../report/sampleReport.js'
import { summarize } from '../report/summarize.js'
import { runCli } from '../../test/support/runCli.js'
import { httpServer, type ThrowawayServer } from '../../test/servers/throwawayServer.js'

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url))

/** What the CI fills in for the expressions the examples use: a matrix cell, a pipeline number. */
const CI_VALUES: Record<string, string> = {
  'matrix.shard': '1',
  'github.run_number': '42',
  CI_NODE_INDEX: '1',
  CI_NODE_TOTAL: '3',
  CI_PIPELINE_IID: '42',
}

/** Every shell line of a CI file's jobs: GitHub's `run:` steps and GitLab's `script:` lists. */
function shellLines(document: unknown): string[] {
  const lines: string[] = []
  const visit = (value: unknown, key: string | null): void => {
    if (typeof value === 'string' && (key === 'run' || key === 'script')) lines.push(...value.split('\n'))
    else if (Array.isArray(value)) for (const item of value) visit(item, key === 'script' ? 'script' : null)
    else if (value !== null && typeof value === 'object') for (const [name, child] of Object.entries(value)) visit(child, name)
  }
  visit(document, null)
  return lines
}

/** The l2conf arguments of a line (`npx --yes l2conf run ...`), the CI's expressions filled in; null for another command. */
function l2confArgs(line: string): string[] | null {
  const match = /(?:^|\s)l2conf\s+(.*)$/.exec(line.trim())
  if (match === null) return null
  const filled = match[1]!
    .replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => CI_VALUES[name] ?? `<unknown ${name}>`)
    .replace(/\$([A-Z_][A-Z0-9_]*)/g, (_, name: string) => CI_VALUES[name] ?? `<unknown ${name}>`)
  expect(filled, `every expression in '${line.trim()}' is one the test knows`).not.toContain('<unknown')
  return filled
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1'))
}

/** Partial reports where the merge commands expect their shards (a sample run cut in three). */
function writeShards(cwd: string): void {
  const whole = sampleReport({ schemaVersion: 2, selection: { only: [], skip: [] }, options: {} })
  const catalogue = whole.results.map(({ id, requirement, level, title }) => ({ id, requirement, level, title }))
  for (const index of [1, 2, 3]) {
    const results = whole.results.filter((_, i) => i % 3 === index - 1)
    const report: Report = { ...whole, results, summary: summarize(results), shard: { index, count: 3, catalogue } }
    mkdirSync(join(cwd, `shard-${index}`), { recursive: true })
    writeFileSync(join(cwd, `shard-${index}`, 'report.json'), JSON.stringify(report))
  }
}

describe('the CI examples run', () => {
  let target: ThrowawayServer & { requests: () => number }
  beforeAll(async () => {
    let requests = 0
    const server = await httpServer((_request, response) => {
      requests++
      response.end()
    })
    target = Object.assign(server, { requests: () => requests })
  })
  afterAll(async () => {
    await target.close()
  })

  for (const file of ['github-actions.yml', 'gitlab-ci.yml']) {
    it(`${file} parses, and every l2conf command in it is a valid invocation (run with --list: exit 0, nothing sent)`, { timeout: 600_000 }, async () => {
      const commands = shellLines(parse(readFileSync(join(EXAMPLES, file), 'utf8')))
        .map(l2confArgs)
        .filter((args): args is string[] => args !== null)
      expect(commands.map((args) => args[0]).sort()).toEqual(['merge', 'run', 'run', 'run'])
      const cwd = mkdtempSync(join(tmpdir(), 'l2conf-example-'))
      mkdirSync(join(cwd, 'examples'))
      copyFileSync(join(EXAMPLES, 'fleet.yaml'), join(cwd, 'examples', 'fleet.yaml'))
      writeShards(cwd)
      // The examples take the node's addresses from L2CONF_* variables (the CI's secrets): here, a target that counts.
      const env = { L2CONF_RPC: target.url, L2CONF_WS: target.url.replace('http', 'ws'), L2CONF_REST: `${target.url}/api` }
      for (const args of commands) {
        const run = await runCli([...args, '--list'], { cwd, env })
        expect(run.code, `l2conf ${args.join(' ')} --list: ${run.stderr}`).toBe(0)
        expect(run.stdout.trim().split('\n').length, `l2conf ${args.join(' ')} --list prints what it would do`).toBeGreaterThanOrEqual(3)
      }
      expect(target.requests()).toBe(0)
    })
  }
})
