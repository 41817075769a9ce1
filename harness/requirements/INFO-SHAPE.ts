import { requirement } from './requirement.js'
import type { CheckDefinition } from '../run/registry.js'
import { callValidated } from '../scenarios/callValidated.js'

/** INFO-SHAPE: rollup_getInfo answers the object of section 2.2. */
export const row = requirement({
  id: 'INFO-SHAPE',
  level: 'MUST',
  text: 'rollup_getInfo: mode "sequencer"/"verifier", syncing boolean, the five counters plain JSON integers',
  section: '2.2',
})

/** rollup_getInfo's result as section 2.2 gives it (once valid against its schema). */
export interface RollupInfo {
  mode: string
  syncing: boolean
  ethContext: { blockNumber: number; timestamp: number }
  rollupContext: { index: number; queueIndex: number; verifiedIndex: number }
}

/** The five counters of rollup_getInfo, as [group, field]. */
export const COUNTERS = [
  ['ethContext', 'blockNumber'],
  ['ethContext', 'timestamp'],
  ['rollupContext', 'index'],
  ['rollupContext', 'queueIndex'],
  ['rollupContext', 'verifiedIndex'],
] as const

// A rollup method's answer (no params) is judged as any call that must succeed: a well-formed envelope and a result valid against its schema.
export { checkValidAnswer } from './RPC-STANDARD.js'

/** INFO-SHAPE's check: rollup_getInfo answers the object of section 2.2 (a spec that does not describe it declares none). */
export function checks(): CheckDefinition[] {
  return [
    {
      id: 'info.shape',
      title: 'mode "sequencer"/"verifier", syncing a boolean, the five counters plain JSON integers',
      calls: ['rollup_getInfo'],
      run: async (probe, context) => probe.add((await callValidated(context, 'rollup_getInfo')).findings),
    },
  ]
}
