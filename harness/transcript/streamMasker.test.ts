import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textRedactor } from '../report/redact.js'
import { StreamMasker } from './streamMasker.js'

const redact = textRedactor(['Bearer s3cr3t-t0ken-value', '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'], ['internal-[a-z]+'])

/** `text` masked through a StreamMasker, given in pieces of the lengths `cuts` (cycled), with a small overlap. */
function streamed(text: string, cuts: number[], overlap: number): string {
  const masker = new StreamMasker(redact, overlap)
  let out = ''
  for (let at = 0, i = 0; at < text.length; i++) {
    const length = cuts[i % cuts.length]!
    out += masker.push(text.slice(at, at + length))
    at += length
  }
  return out + masker.end()
}

describe('StreamMasker', () => {
  it('masks a text given in pieces as the redactor masks it whole, secrets cut by a piece included', () => {
    const words = fc.constantFrom(
      's3cr3t-t0ken-value',
      '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
      'internal-build',
      'a',
      '"',
      ' ',
      'internal-',
      'x'.repeat(40),
    )
    fc.assert(
      fc.property(fc.array(words, { maxLength: 400 }), fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 8 }), (parts, cuts) => {
        const text = parts.join('')
        expect(streamed(text, cuts, 128)).toBe(redact(text))
      }),
      { numRuns: 300 },
    )
  })

  it('lets text out as it comes when nothing in it is secret', () => {
    const masker = new StreamMasker(redact, 100)
    expect(masker.push('x'.repeat(1000)).length).toBe(900)
    expect(masker.end()).toBe('x'.repeat(100))
  })
})
