import { describe, expect, it } from 'vitest'
import { MAX_PATTERN_LENGTH, comparePatterns } from './patternInclusion.js'

const relation = (before: string, after: string): string => comparePatterns(before, after).relation

describe('comparePatterns', () => {
  it('decides narrowed, widened, equal and incomparable by the strings matched', () => {
    expect(relation('^0x([0-9a-fA-F]?){1,2}$', '^0x[0-9a-f]{1,2}$')).toBe('narrowed')
    expect(relation('^0x[0-9a-f]{1,2}$', '^0x([0-9a-fA-F]?){1,2}$')).toBe('widened')
    expect(relation('^0x(0|[1-9a-f][0-9a-f]{0,15})$', '^0x(0|[1-9a-f][0-9a-f]{0,7})$')).toBe('narrowed')
    expect(relation('^[1-9][0-9]*$', '^(0|[1-9][0-9]*)$')).toBe('widened')
    expect(relation('^[0-9a-f]+$', '^[\\da-f]+$')).toBe('equal')
    expect(relation('^a$', '^b$')).toBe('incomparable')
  })

  it('reads patterns as JSON Schema does: unanchored, matched anywhere in the string', () => {
    expect(relation('abc', '^abc')).toBe('narrowed')
    expect(relation('^abc$', 'abc')).toBe('widened')
    // `$` alone matches every string, as does the empty pattern.
    expect(relation('$', '')).toBe('equal')
    expect(relation('^.*$', '')).toBe('widened')
    expect(relation('^a|^b', '^[ab]')).toBe('equal')
    expect(relation('^(?:a|b$)', '^a|^b$')).toBe('equal')
  })

  it('resolves lookarounds at the edges of the match; leaves those inside undecided', () => {
    expect(relation('(?=a)a', 'a')).toBe('equal')
    expect(relation('\\bfoo', 'foo')).toBe('widened')
    expect(relation('^(?!0)', '^[^0]')).toBe('narrowed')
    // `a(?=b)c` matches nothing: any pattern accepts at least that.
    expect(relation('^a(?=b)c', '^ac')).toBe('widened')
    expect(relation('^(?:a(?!b)[a-z])+$', '^[a-z]+$')).toBe('widened')
    expect(comparePatterns('^(?!.*--)[a-z-]+$', '^[a-z-]+$')).toEqual({ relation: 'undecided', reason: 'a lookaround or anchor the automata cannot represent' })
  })

  it('bounds the work: backreferences, huge automata and overlong patterns are undecided, with the reason', () => {
    expect(comparePatterns('^(a+)\\1$', '^a+$')).toEqual({ relation: 'undecided', reason: 'a backreference the automata cannot represent' })
    // "an a, then exactly 40 characters to the end", searched anywhere: its DFA needs 2^40 states.
    expect(comparePatterns('a.{40}$', 'a')).toEqual({ relation: 'undecided', reason: expect.stringMatching(/its automaton needs more than \d+ nodes/) })
    expect(comparePatterns('a'.repeat(MAX_PATTERN_LENGTH + 1), 'a')).toEqual({
      relation: 'undecided',
      reason: `a pattern longer than ${MAX_PATTERN_LENGTH} characters`,
    })
    expect(comparePatterns('(a', 'a')).toMatchObject({ relation: 'undecided', reason: expect.stringMatching(/Invalid regular expression/) })
  })

  it('takes a pattern that is no valid regex under the u flag as one without it', () => {
    expect(relation('^[\\w-.]+$', '^[\\w.-]+$')).toBe('equal')
  })
})
