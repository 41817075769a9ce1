// Where the CPU of a run goes: `node --import tsx bench/cpuProfileSummary.ts DIR` reads every
// .cpuprofile in DIR (e.g. from NODE_OPTIONS='--cpu-prof --cpu-prof-dir=DIR' node bin/l2conf.js run
// --reference, which profiles the CLI, the vitest worker and the reference alike) and prints, per
// process, the self time by where the code lives: a package of node_modules, a directory of this
// project, Node's internals, the garbage collector.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
  hitCount?: number
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/** Where a frame's code lives: 'vite', 'ajv', 'harness/', '(garbage collector)', 'node:internal'... */
export function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)'
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (modules !== null) return modules[1] as string
  if (url.startsWith('node:')) return 'node:internal'
  const project = /\/(dist\/)?(harness|suites|reference-impl|bench|bin|build)\//.exec(url)
  if (project !== null) return `${project[1] ?? ''}${project[2]}/`
  return url.length > 60 ? `...${url.slice(-57)}` : url
}

/** Self time (ms) per place in one profile, from its samples and time deltas. */
export function selfTimeByPlace(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const totals = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] as number)
    if (node === undefined) continue
    const place = placeOf(node.callFrame.url, node.callFrame.functionName)
    totals.set(place, (totals.get(place) ?? 0) + (deltas[index] ?? 0) / 1000)
  }
  return totals
}

function summarise(dir: string): string[] {
  const lines: string[] = []
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
    const totals = selfTimeByPlace(profile)
    const busy = [...totals].filter(([place]) => place !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0)
    lines.push(`${file}: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled, ${(busy / 1000).toFixed(2)} s busy`)
    for (const [place, ms] of [...totals]
      .filter(([place]) => place !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)) {
      lines.push(`  ${place.padEnd(40)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${((100 * ms) / busy).toFixed(0).padStart(3)}%`)
    }
  }
  return lines
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (dir === undefined) {
    console.error('usage: node --import tsx bench/cpuProfileSummary.ts DIR_OF_CPUPROFILES')
    process.exitCode = 2
  } else console.log(summarise(dir).join('\n'))
}
