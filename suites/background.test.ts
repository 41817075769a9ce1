import { test } from 'vitest'
import { settleBackgroundChecks } from '../harness/run/backgroundChecks.js'

// This file runs after every other suite file but unsolicited.test.ts (harness/run/suiteOrderSequencer.ts):
// under `l2conf run`, the checks that wait for the chain (check's `waits`) ran in the background
// beside the others; their results are collected here, before the run-level judgements.
test('the checks that ran in the background have finished', async (t) => {
  t.task.meta.l2confSettled = await settleBackgroundChecks()
})
