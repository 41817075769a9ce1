import { describe, expect, it } from 'vitest'
import { levelLabel, levelsOf, requirement } from './requirement.js'

describe('a requirement row and its levels', () => {
  it('one level: every check at it, printed as it is', () => {
    const row = requirement({ id: 'RPC-ERRORS', level: 'SHOULD', text: 'error codes', section: '7' })
    expect(levelsOf(row)).toEqual(['SHOULD'])
    expect(levelLabel(row)).toBe('SHOULD')
  })

  it('several levels: the strongest is its level, and the table prints them all', () => {
    const row = requirement({ id: 'EXPOSURE', level: 'MUST', levels: ['MUST', 'SHOULD', 'INFO'], text: 'no wallet', section: '4.3' })
    expect(levelsOf(row)).toEqual(['MUST', 'SHOULD', 'INFO'])
    expect(levelLabel(row)).toBe('MUST/SHOULD/INFO')
    expect(Object.isFrozen(row.levels)).toBe(true)
  })

  it('refuses levels that do not start with its level', () => {
    expect(() => requirement({ id: 'EXPOSURE', level: 'SHOULD', levels: ['MUST', 'SHOULD'], text: 'no wallet', section: '4.3' })).toThrow(
      'EXPOSURE: levels must start with its level, SHOULD',
    )
  })
})
