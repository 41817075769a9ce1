import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import treasury from '../treasury.config.json' with { type: 'json' }
import { type TestNode, startTestNode } from '../methods/startTestNode.js'
import { encodeCall } from './abiEncode.js'
import { DEV_ACCOUNTS } from './devAccounts.js'
import { fromHex, toData } from './hex.js'
import { TOKEN_RUNTIME_CODE } from './tokenArtifact.js'

// The genesis state read back over the method table at block 0: the development accounts' 10000 ETH
// and each treasury token's name, symbol, decimals, totalSupply and balances, through the token's real
// ERC-20 code (eth_call), exactly as treasury.config.json gives them.

const decodeString = (hex: string): string => {
  const data = fromHex(hex)
  const length = Number(BigInt(toData(data.subarray(32, 64))))
  return new TextDecoder().decode(data.subarray(64, 64 + length))
}

describe('genesis allocation', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 0 })
  }, 120_000)
  afterAll(() => node.stop())

  const call = (to: string, data: Uint8Array): Promise<string> => node.result<string>('eth_call', { to, data: toData(data) }, '0x0')

  it('funds the ten development accounts with 10000 ETH', async () => {
    for (const account of DEV_ACCOUNTS) expect(await node.result('eth_getBalance', account.address, 'earliest')).toBe('0x21e19e0c9bab2400000')
  })

  it('deploys each treasury token with the real ERC-20 code and its configured name, symbol, decimals, supply and balances', async () => {
    for (const token of treasury.tokens) {
      expect(await node.result('eth_getCode', token.address, '0x0')).toBe(toData(TOKEN_RUNTIME_CODE))
      expect(decodeString(await call(token.address, encodeCall('name()', [])))).toBe(token.name)
      expect(decodeString(await call(token.address, encodeCall('symbol()', [])))).toBe(token.symbol)
      expect(BigInt(await call(token.address, encodeCall('decimals()', [])))).toBe(BigInt(token.decimals))
      expect(BigInt(await call(token.address, encodeCall('totalSupply()', [])))).toBe(BigInt(token.totalSupply))
      for (const [holder, amount] of Object.entries(token.balances)) {
        expect(BigInt(await call(token.address, encodeCall('balanceOf(address)', [fromHex(holder)]))), `${token.symbol} ${holder}`).toBe(BigInt(amount))
      }
      const sum = Object.values(token.balances).reduce((s, v) => s + BigInt(v), 0n)
      expect(sum, `${token.symbol}: balances add up to the supply`).toBe(BigInt(token.totalSupply))
    }
  })

  it('stores decimals and totalSupply in the slots of the storage layout', async () => {
    const [token] = treasury.tokens
    if (token === undefined) throw new Error('no token in the treasury config')
    expect(BigInt(await node.result<string>('eth_getStorageAt', token.address, '0x2', '0x0'))).toBe(BigInt(token.decimals))
    expect(BigInt(await node.result<string>('eth_getStorageAt', token.address, '0x3', '0x0'))).toBe(BigInt(token.totalSupply))
  })
})
