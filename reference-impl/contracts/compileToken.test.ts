import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { compileToken } from './compileToken.js'

// The committed Token.json is what Token.sol compiles to (run compileToken.ts after editing Token.sol).

describe('Token.json', () => {
  it('matches a fresh compile of Token.sol for the Berlin EVM', async () => {
    const committed = JSON.parse(await readFile(new URL('./Token.json', import.meta.url), 'utf8')) as unknown
    expect(await compileToken()).toEqual(committed)
  }, 120_000)

  it('has no opcode newer than Berlin in the runtime code (no PUSH0, no BASEFEE)', async () => {
    const { deployedBytecode } = JSON.parse(await readFile(new URL('./Token.json', import.meta.url), 'utf8')) as { deployedBytecode: string }
    const code = Buffer.from(deployedBytecode.slice(2), 'hex')
    for (let i = 0; i < code.length; i++) {
      const op = code[i] as number
      expect([0x5f, 0x48, 0x5c, 0x5d, 0x5e, 0x49, 0x4a]).not.toContain(op)
      if (op >= 0x60 && op <= 0x7f) i += op - 0x5f
    }
  })
})
