import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startReference, type ReferenceHandle } from '../../harness/reference/startReference.js'
import { catalogue } from './catalogue.js'
import type { MutantDefinition } from './mutant.js'
import { startMutantProxy, type MutantProxy } from './mutantProxy.js'
import { mutantVerdict, type MutantVerdict } from './mutantVerdict.js'
import { runMutant, runMutantFleet, type MutantRun } from './runMutant.js'

/**
 * The mutant catalogue against the real suite (the proof that the suite catches what it claims to): the bundled
 * reference behind the mutant proxy; `l2conf run --profile full --strict` against every variant, in
 * two lanes, each lane sending from its own development key (accounts 7 and 8 of the test mnemonic).
 * The baseline (`clean`) goes first, on its own, then the variants that wait for time-outs, so the
 * slowest runs do not come last. The variants go in fleets of up to FLEET_SIZE (`l2conf run --targets`,
 * the same flags for each): the CLI starts once per fleet, and each variant still gets the report its
 * own run would write. Variants with flags of their own (runArgs) share a fleet only with their like.
 * A broken variant must fail exactly its requirement (exit 1); `clean` and the equivalent variants
 * must pass everything (exit 0). L2CONF_MUTANTS=name,name runs a subset.
 */
const LANE_KEYS = [
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
]
/** Two lanes by default (two cores); L2CONF_MUTANT_LANES=3 adds a lane sending from account 6. */
const LANES = Math.min(LANE_KEYS.length, Math.max(1, Number(process.env.L2CONF_MUTANT_LANES ?? 2) || 2))
const SEED = 1
const RUNS = 5
/**
 * SPEC-VALID judges the spec files, the same for every variant: the baseline run certifies it once.
 * LIMITS (INFO) never fails a run, so no variant can be caught by it: its discovery is left out too.
 */
const SKIP_FOR_VARIANTS = ['--skip', 'SPEC-VALID', '--no-discover']
/**
 * Variants per fleet: small enough that the lanes stay balanced (about four fleets each), large enough
 * that the CLI's start-up is paid once for many (measured: a fleet of 4 took 16.3 s of CPU, 4 runs 21.9 s).
 */
const FLEET_SIZE = 8

const wanted = process.env.L2CONF_MUTANTS?.split(',')
  .map((s) => s.trim())
  .filter((s) => s !== '')
const selected = wanted === undefined ? catalogue : catalogue.filter((m) => wanted.includes(m.name))
const clean: MutantDefinition = { name: 'clean', requirement: null, description: 'the reference, forwarded unchanged', create: () => ({}) }
const variants: MutantDefinition[] = [clean, ...selected]

/** Whether the reference still answers eth_chainId (a variant's run is meaningless once it is gone). */
async function referenceAnswers(rpc: string): Promise<boolean> {
  try {
    const response = await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}',
      signal: AbortSignal.timeout(10_000),
    })
    return response.ok
  } catch {
    return false
  }
}

/** The reference (and its proxy) of each set of reference flags the variants ask for (MutantDefinition.reference): the default one, keyed "[]", and any other. */
const setups = new Map<string, { reference: ReferenceHandle; proxy: MutantProxy }>()
const referenceKey = (variant: MutantDefinition): string => JSON.stringify(variant.reference ?? [])
let started = 0
const pending = new Map<string, { promise: Promise<MutantRun>; resolve: (run: MutantRun) => void }>()
for (const variant of variants) {
  let resolve!: (run: MutantRun) => void
  const promise = new Promise<MutantRun>((r) => (resolve = r))
  pending.set(variant.name, { promise, resolve })
}
const verdicts: Array<{ variant: MutantDefinition; run: MutantRun; verdict: MutantVerdict }> = []

beforeAll(async () => {
  // Its stderr is shown: a reference that dies under a variant says why.
  for (const key of new Set(variants.map(referenceKey))) {
    const reference = await startReference({ stderr: 'inherit', args: JSON.parse(key) as string[], timeoutMs: 120_000 })
    const mutants = selected.filter((v) => referenceKey(v) === key)
    setups.set(key, {
      reference,
      proxy: await startMutantProxy({ upstreamRpc: reference.rpc, upstreamWs: reference.ws, upstreamRest: reference.rest, mutants }),
    })
  }
  const reportDir = await mkdtemp(join(tmpdir(), 'l2conf-mutants-'))
  console.log(`mutant catalogue: ${variants.length} variants, reports under ${reportDir}`)
  started = Date.now()
  // The work of the lanes: clean alone (it runs SPEC-VALID and discovery too), then fleets of
  // variants, those with flags of their own first (they wait for time-outs).
  const byFlags = new Map<string, MutantDefinition[]>()
  for (const variant of [...selected.filter((v) => v.runArgs !== undefined), ...selected.filter((v) => v.runArgs === undefined)]) {
    const key = JSON.stringify([variant.runArgs ?? [], referenceKey(variant)])
    byFlags.set(key, [...(byFlags.get(key) ?? []), variant])
  }
  const queue: MutantDefinition[][] = [[clean]]
  for (const group of byFlags.values()) {
    for (let index = 0; index < group.length; index += FLEET_SIZE) queue.push(group.slice(index, index + FLEET_SIZE))
  }
  for (const privateKey of LANE_KEYS.slice(0, LANES)) {
    void (async () => {
      for (let work = queue.shift(); work !== undefined; work = queue.shift()) {
        const first = work[0]!
        const { reference, proxy } = setups.get(referenceKey(first))!
        const options = { privateKey, reportDir, seed: SEED, runs: RUNS, extraArgs: [...(first === clean ? [] : SKIP_FOR_VARIANTS), ...(first.runArgs ?? [])] }
        const notRun = (name: string, why: string): MutantRun => ({ name, exitCode: null, report: null, output: `not run: ${why}`, durationMs: 0 })
        let runs: MutantRun[]
        try {
          if (!(await referenceAnswers(reference.rpc))) runs = work.map((v) => notRun(v.name, `the reference at ${reference.rpc} no longer answers`))
          else if (first === clean) runs = [await runMutant(clean.name, proxy.url(clean.name), options)]
          else
            runs = await runMutantFleet(
              `fleet-${first.name}`,
              work.map((v) => ({ name: v.name, urls: proxy.url(v.name) })),
              options,
            )
        } catch (error) {
          runs = work.map((v) => notRun(v.name, (error as Error).message))
        }
        for (const run of runs) pending.get(run.name)!.resolve(run)
      }
    })()
  }
}, 240_000)

afterAll(async () => {
  const wall = Date.now() - started
  const rows = verdicts.map(
    ({ variant, run, verdict }) =>
      `${verdict.ok ? 'ok  ' : 'FAIL'} ${variant.name.padEnd(34)} ${[variant.requirement ?? '(equivalent)', ...(variant.alsoBreaks ?? [])].join('+').padEnd(17)} ${verdict.kind.padEnd(11)} [${verdict.failed.join(', ')}] ${(run.durationMs / 1000).toFixed(1)} s`,
  )
  console.log(
    `mutant catalogue: ${verdicts.filter((v) => v.verdict.ok).length}/${verdicts.length} as expected, wall time ${(wall / 1000).toFixed(1)} s (${LANES} lanes)\n${rows.join('\n')}`,
  )
  for (const { reference, proxy } of setups.values()) {
    await proxy.stop()
    await reference.stop()
  }
})

describe('the suite against each variant of the reference', () => {
  test.each(variants.map((v) => [v.name, v] as const))('%s', async (_name, variant) => {
    const run = await pending.get(variant.name)!.promise
    const verdict = mutantVerdict(variant.name, variant.requirement, run.report, run.exitCode, run.output, variant.description, variant.alsoBreaks)
    verdicts.push({ variant, run, verdict })
    expect(verdict.ok, verdict.diagnostic).toBe(true)
  })
})
