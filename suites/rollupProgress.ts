import { defineSuite } from '../harness/run/registry.js'
import type { RollupInfo } from '../harness/requirements/INFO-SHAPE.js'
import { checkCountersForward, checkLayerOneHead, INFO_SAMPLES, INFO_SPACING_MS, type InfoSample } from '../harness/requirements/INFO-PROGRESS.js'
import { callValidated } from '../harness/scenarios/callValidated.js'
import { whenDescribed } from './support/whenDescribed.js'

// rollup_getInfo between spaced calls (INFO-PROGRESS). Its own suite: with `waits`, the check
// starts first and waits beside the other checks while they run.
export default defineSuite('rollupProgress', (declare, scope) => {
  // rollup_getInfo (a spec that does not describe it declares no check of it)
  whenDescribed(declare, scope, ['rollup_getInfo'])(
    { id: 'info.progress', requirement: 'INFO-PROGRESS', title: 'counters never go backwards between calls; ethContext tracks a recent layer-1 head' },
    {},
    async (probe, context) => {
      const samples: InfoSample[] = []
      for (let i = 0; i < INFO_SAMPLES; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, INFO_SPACING_MS))
        const { exchange, value, findings } = await callValidated(context, 'rollup_getInfo')
        if (findings.length > 0) return probe.inconclusive('rollup_getInfo does not answer the shape INFO-SHAPE requires', exchange)
        samples.push({ exchange, info: value as RollupInfo })
      }
      probe.add(checkCountersForward(samples))
      const last = samples.at(-1)!
      const nowSeconds = Date.now() / 1000
      probe.add(checkLayerOneHead(last, nowSeconds))
      probe.note(`layer-1 head ${last.info.ethContext.blockNumber}, ${Math.max(0, Math.round(nowSeconds - last.info.ethContext.timestamp))} s old`)
    },
    // Mostly spacing between calls: under `l2conf run` it waits in the background beside the other
    // checks, holding rollup_getInfo so that its samples are consecutive answers of the target (a
    // target whose replicas alternate per request shows its step back to this check whatever else runs).
    { waits: true, holds: ['rollup_getInfo'] },
  )
})
