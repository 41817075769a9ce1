import { describe, expect, it } from 'vitest'
import { checkGasPriceAgrees } from './GAS-CONSISTENT.js'
import type { GasPrices } from './GAS-SHAPE.js'
import { recorded, recordedResult, withError, withResult } from './fixtures/recorded.js'

const prices = (): GasPrices => recordedResult<GasPrices>('gasPrices')

describe('GAS-CONSISTENT judge, on answers of the reference', () => {
  it('passes the reference: eth_gasPrice is l2GasPrice', () => {
    expect(checkGasPriceAgrees(prices(), recorded('gasPrice'), prices())).toEqual([])
  })

  it('inconsistent: one gwei more, or an error, with expected and got', () => {
    expect(checkGasPriceAgrees(prices(), withResult('gasPrice', '0x77359400'), prices())[0]).toMatchObject({
      kind: 'inconsistent',
      expected: prices().l2GasPrice,
      got: '0x77359400',
    })
    expect(checkGasPriceAgrees(prices(), withError('gasPrice', -32000), prices()).map((f) => f.kind)).toEqual(['inconsistent'])
  })

  it('inconclusive when l2GasPrice moved between the two readings', () => {
    expect(checkGasPriceAgrees(prices(), recorded('gasPrice'), { ...prices(), l2GasPrice: '0x1' }).map((f) => f.kind)).toEqual(['inconclusive'])
  })
})
