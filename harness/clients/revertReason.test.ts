import { expect, test } from 'vitest'
import { decodeRevertReason } from './revertReason.js'

/** Error(string) of `reason`, ABI-encoded as Solidity reverts with it. */
function errorData(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8')
  const word = (n: number): string => n.toString(16).padStart(64, '0')
  return `0x08c379a0${word(32)}${word(bytes.length)}${bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0')}`
}

test('decodes Error(string) as Solidity encodes it', () => {
  expect(decodeRevertReason(errorData('ERC20: transfer amount exceeds balance'))).toEqual({ reason: 'ERC20: transfer amount exceeds balance' })
  expect(decodeRevertReason(errorData(''))).toEqual({ reason: '' })
  expect(decodeRevertReason(errorData('überweisung'))).toEqual({ reason: 'überweisung' })
})

test('says why data is no reason: none, another selector, a wrong offset, too short, not UTF-8', () => {
  expect(decodeRevertReason(undefined)).toMatchObject({ problem: expect.stringContaining('not hex data') })
  expect(decodeRevertReason('0x')).toMatchObject({ problem: expect.stringContaining('not Error(string)') })
  expect(decodeRevertReason(`0x4e487b71${'0'.repeat(63)}1`)).toMatchObject({ problem: expect.stringContaining('not Error(string)') })
  expect(decodeRevertReason(errorData('abc').replace(/^0x08c379a0.{64}/, `0x08c379a0${'0'.repeat(62)}40`))).toMatchObject({
    problem: expect.stringContaining('offset is 64'),
  })
  expect(decodeRevertReason(errorData('abc').slice(0, 80))).toMatchObject({ problem: expect.stringContaining('too short') })
  expect(decodeRevertReason(errorData('abc').replace('616263', 'ff6263'))).toMatchObject({ problem: expect.stringContaining('not UTF-8') })
})
