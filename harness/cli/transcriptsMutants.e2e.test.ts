import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../test/mutants/catalogue.js'
import { startMutantProxy, type MutantProxy } from '../../test/mutants/mutantProxy.js'
import type { Report } from '../report/result.js'
import { startReference, type ReferenceHandle } from '../reference/startReference.js'
import { runCli } from '../../test/support/runCli.js'

/**
 * `l2conf check` must give the live run's verdicts for a broken target too, not only for the
 * reference: a transcript recorded against a variant of the mutant catalogue, checked offline,
 * fails the same checks with the same statuses and exit code. The variants chosen stress what
 * replay must reproduce: notifications after eth_unsubscribe, a WebSocket answer with a wrong id,
 * a REST body of the wrong content type, counters that move between samples.
 */
const VARIANTS = ['subscribe-unsubscribe-ignored', 'ws-net-version-off-by-one', 'rest-html-content-type', 'info-timestamp-backwards']
/** A development key of its own (account 5 of the test mnemonic), so its nonces meet no other test's. */
const KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'

function statuses(report: Report): Record<string, string> {
  return Object.fromEntries(
    report.results.filter((r) => r.status !== 'skipped').map((r) => [r.id, `${r.status}${r.status === 'failed' ? ` ${r.message}` : ''}`]),
  )
}

describe('l2conf check of transcripts recorded against broken targets', () => {
  let reference: ReferenceHandle
  let proxy: MutantProxy
  let work: string
  beforeAll(async () => {
    reference = await startReference()
    proxy = await startMutantProxy({
      upstreamRpc: reference.rpc,
      upstreamWs: reference.ws,
      upstreamRest: reference.rest,
      mutants: catalogue.filter((m) => VARIANTS.includes(m.name)),
    })
    work = await mkdtemp(join(tmpdir(), 'l2conf-transcript-mutants-'))
  }, 120_000)
  afterAll(async () => {
    await proxy?.stop()
    await reference?.stop()
  })

  for (const name of VARIANTS) {
    it(`${name}: the same failures offline as live`, async () => {
      const variant = catalogue.find((m) => m.name === name)!
      const urls = proxy.url(name)
      const recorded = join(work, name)
      const live = await runCli([
        'run',
        '--rpc',
        urls.rpc,
        '--ws',
        urls.ws,
        '--rest',
        urls.rest,
        '--profile',
        'full',
        '--private-key',
        KEY,
        '--seed',
        '3',
        '--only',
        variant.requirement!,
        '--no-discover',
        '--strict',
        '--record',
        recorded,
        '--report-dir',
        join(work, `${name}-live`),
      ])
      const liveReport = JSON.parse(readFileSync(join(work, `${name}-live`, 'report.json'), 'utf8')) as Report
      expect(live.code, live.stderr).toBe(1)
      const offline = await runCli(['check', recorded, '--private-key', KEY, '--report-dir', join(work, `${name}-check`)])
      const checkReport = JSON.parse(readFileSync(join(work, `${name}-check`, 'report.json'), 'utf8')) as Report
      expect(offline.code).toBe(live.code)
      expect(statuses(checkReport)).toEqual(statuses(liveReport))
      expect(Object.values(statuses(checkReport)).some((s) => s.startsWith('failed'))).toBe(true)
    }, 300_000)
  }
})
