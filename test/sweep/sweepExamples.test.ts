import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseSweepArgs, type SweepConfig } from '../../harness/sweep/parseSweepArgs.js'

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url))

/** The words of an `l2conf ...` command line, quotes removed. */
function l2confWords(line: string): string[] {
  const match = /(?:^|\s)l2conf\s+(.*)$/.exec(line.trim())
  if (match === null) throw new Error(`no l2conf command in '${line}'`)
  return (match[1] as string)
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => w.replace(/^"(.*)"$/, '$1'))
}

describe('the sweep examples', () => {
  it('the Kubernetes Indexed Job gives each pod one shard of as many as it has completions, with the same blocks', () => {
    const job = parse(readFileSync(`${EXAMPLES}sweep-indexed-job.yaml`, 'utf8')) as Record<string, any>
    expect(job.apiVersion).toBe('batch/v1')
    expect(job.kind).toBe('Job')
    expect(job.spec.completionMode).toBe('Indexed')
    const completions = job.spec.completions as number
    const container = job.spec.template.spec.containers[0]
    const env = Object.fromEntries((container.env as Array<{ name: string; value: string }>).map((e) => [e.name, e.value]))
    expect(Number(env.SHARDS)).toBe(completions)
    const script = (container.args as string[]).join('\n')
    expect(script).toContain('JOB_COMPLETION_INDEX')
    const sweepLine = script.split('\n').find((line) => line.includes('l2conf sweep')) as string
    const configs: SweepConfig[] = []
    // What the shell makes of the script in each pod: the index Kubernetes gives it, counted from 0.
    for (let index = 0; index < completions; index++) {
      const part = index + 1
      const line = sweepLine
        .replace(/\$part/g, String(part))
        .replace(/\$SHARDS/g, env.SHARDS as string)
        .replace(/\$dir/g, `/reports/shard-${part}`)
        .replace(/\$OLD_RPC/g, env.OLD_RPC as string)
        .replace(/\$NEW_RPC/g, env.NEW_RPC as string)
        .replace(/\$SWEEP_BLOCKS/g, env.SWEEP_BLOCKS as string)
        .replace(/\$resume/g, '')
      expect(line).not.toMatch(/\$\w/)
      const config = parseSweepArgs(l2confWords(line).slice(1))
      if (config === 'help') throw new Error('help')
      configs.push(config)
    }
    expect(configs.map((c) => c.shard)).toEqual(Array.from({ length: completions }, (_, i) => ({ index: i + 1, count: completions })))
    expect(new Set(configs.map((c) => c.sources.blocks)).size).toBe(1)
    expect(new Set(configs.map((c) => c.reportDir)).size).toBe(completions)
    expect(configs.every((c) => c.targets.length === 2)).toBe(true)
    const mount = container.volumeMounts[0].mountPath as string
    expect(configs.every((c) => c.reportDir.startsWith(`${mount}/`))).toBe(true)
    expect(job.spec.template.spec.volumes[0].persistentVolumeClaim.claimName).toBeTruthy()
  })

  it('the CI matrix sweeps each shard of the same pinned blocks, and merges every shard it made', () => {
    const workflow = parse(readFileSync(`${EXAMPLES}sweep-matrix.yml`, 'utf8')) as Record<string, any>
    const shards = workflow.jobs.sweep.strategy.matrix.shard as number[]
    const step = (workflow.jobs.sweep.steps as Array<{ run?: string }>).find((s) => s.run?.includes('l2conf sweep')) as { run: string }
    const dirs: string[] = []
    for (const shard of shards) {
      const line = step.run
        .replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, String(shard))
        .replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_, name: string) => `http://${name.toLowerCase().replace(/_/g, '-')}:8545`)
        .replace(/\$\{\{\s*vars\.SWEEP_TO\s*\}\}/g, '20000000')
      const config = parseSweepArgs(l2confWords(line).slice(1))
      if (config === 'help') throw new Error('help')
      expect(config.shard).toEqual({ index: shard, count: shards.length })
      dirs.push(l2confWords(line)[l2confWords(line).indexOf('--report-dir') + 1] as string)
    }
    const merge = (workflow.jobs.merge.steps as Array<{ run?: string }>).find((s) => s.run?.includes('l2conf merge')) as { run: string }
    const words = l2confWords(merge.run)
    expect(words.slice(1, 1 + dirs.length)).toEqual(dirs)
  })

  it('refuses a sharded sweep whose end moves with the head', () => {
    expect(() => parseSweepArgs(['--rpc', 'http://127.0.0.1:8545', '--blocks', '0..latest', '--shard', '1/2'])).toThrow(/TO as a number/)
    expect(() => parseSweepArgs(['--rpc', 'http://127.0.0.1:8545', '--sample', 'log', '--shard', '1/2'])).toThrow(/--sample log/)
  })
})
