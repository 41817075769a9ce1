import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { anvilBinary } from './anvilBinary.js'

describe('anvilBinary', () => {
  it('finds the installed binary of this platform', () => {
    expect(existsSync(anvilBinary())).toBe(true)
  })
  it('says which package to install when it is missing, and when no binary exists', () => {
    expect(() => anvilBinary('darwin', 'arm64')).toThrow(
      'Anvil is not installed for darwin/arm64: it comes from the npm package @foundry-rs/anvil-darwin-arm64 (npm install --no-save @foundry-rs/anvil-darwin-arm64)',
    )
    expect(() => anvilBinary('aix', 'ppc64')).toThrow('Anvil ships no binary for aix/ppc64')
  })
})
