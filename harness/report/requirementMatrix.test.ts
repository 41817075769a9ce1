import { describe, expect, it } from 'vitest'
import { requirementMatrix } from './requirementMatrix.js'
import type { CheckResult } from './result.js'

const result = (id: string, level: CheckResult['level'], status: CheckResult['status']): CheckResult => ({
  id,
  requirement: 'EXPOSURE',
  level,
  title: id,
  status,
  message: '',
  durationMs: 1,
})

describe('the requirement matrix of a requirement whose checks state their levels', () => {
  it('prints every level of the row, and a SHOULD warning under it is a warning, not a failure', () => {
    const row = requirementMatrix([result('exposure.wallet.http', 'MUST', 'passed'), result('exposure.namespaces.http', 'SHOULD', 'warning')]).find(
      (r) => r.id === 'EXPOSURE',
    )!
    expect(row).toMatchObject({ level: 'MUST', levelText: 'MUST/SHOULD/INFO', status: 'warning', counts: { passed: 1, warnings: 1 } })
  })

  it('a requirement of one level prints it', () => {
    expect(requirementMatrix([]).find((r) => r.id === 'RPC-ERRORS')).toMatchObject({ level: 'SHOULD', levelText: 'SHOULD' })
  })
})
