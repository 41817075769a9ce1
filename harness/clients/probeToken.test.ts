import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util'
import { createVM } from '@ethereumjs/vm'
import { expect, test } from 'vitest'
import { probeTokenInitCode, probeTokenRuntime } from './probeToken.js'
import { decodeRevertReason } from './revertReason.js'
import { EMPTY_ACCOUNT, TRANSFER_REVERT_REASON } from './tokenAccounts.js'

test('the probe token deploys its runtime and answers balanceOf and transfer as an ERC-20 token does', async () => {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Berlin })
  const vm = await createVM({ common })
  const deployer = createAddressFromString('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
  const deployed = await vm.evm.runCall({ caller: deployer, data: hexToBytes(probeTokenInitCode() as `0x${string}`), gasLimit: 1_000_000n })
  expect(deployed.execResult.exceptionError).toBeUndefined()
  expect(bytesToHex(deployed.execResult.returnValue)).toBe(`0x${probeTokenRuntime()}`)
  const token = deployed.createdAddress!
  const call = async (caller: string, data: string) =>
    (await vm.evm.runCall({ caller: createAddressFromString(caller), to: token, data: hexToBytes(data as `0x${string}`), gasLimit: 1_000_000n })).execResult
  const word = (address: string): string => address.slice(2).padStart(64, '0')
  expect(bytesToHex((await call(deployer.toString(), `0x70a08231${word(deployer.toString())}`)).returnValue)).toBe(`0x${'0'.repeat(63)}1`)
  expect(bytesToHex((await call(deployer.toString(), `0x70a08231${word(EMPTY_ACCOUNT)}`)).returnValue)).toBe(`0x${'0'.repeat(64)}`)
  const transfer = `0xa9059cbb${word(EMPTY_ACCOUNT)}${'0'.repeat(63)}1`
  expect(bytesToHex((await call(deployer.toString(), transfer)).returnValue)).toBe(`0x${'0'.repeat(63)}1`)
  const refused = await call(EMPTY_ACCOUNT, transfer)
  expect(refused.exceptionError?.error).toBe('revert')
  expect(decodeRevertReason(bytesToHex(refused.returnValue))).toEqual({ reason: TRANSFER_REVERT_REASON })
  expect((await call(deployer.toString(), '0xdeadbeef')).exceptionError?.error).toBe('revert')
})
