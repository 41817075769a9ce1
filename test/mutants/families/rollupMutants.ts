import type { MutantDefinition } from '../mutant.js'
import { addToQuantity, isObject, mapResult } from '../rpcMessage.js'

type Json = Record<string, unknown>

function mapInfo(fn: (info: Json) => Json): MutantDefinition['create'] {
  return () => ({
    response: (call, response) => (call.method === 'rollup_getInfo' ? mapResult(response, (v) => (isObject(v) ? fn(v) : v)) : response),
  })
}

const hexCounters = (group: unknown): unknown =>
  isObject(group) ? Object.fromEntries(Object.entries(group).map(([k, v]) => [k, typeof v === 'number' ? `0x${v.toString(16)}` : v])) : group

/** Broken variants of the rollup methods (spec 2.2, 2.3): INFO-SHAPE, INFO-PROGRESS, GAS-SHAPE, GAS-CONSISTENT. */
export const rollupMutants: MutantDefinition[] = [
  {
    name: 'info-counters-hex',
    requirement: 'INFO-SHAPE',
    description: 'rollup_getInfo answers its five counters as hex strings instead of plain JSON integers',
    create: mapInfo((info) => ({ ...info, ethContext: hexCounters(info.ethContext), rollupContext: hexCounters(info.rollupContext) })),
  },
  {
    name: 'info-timestamp-backwards',
    requirement: 'INFO-PROGRESS',
    description: 'every other rollup_getInfo answers an ethContext.timestamp a minute older than the one before (two replicas out of step)',
    create() {
      let calls = 0
      return mapInfo((info) => {
        calls += 1
        const eth = info.ethContext
        if (calls % 2 === 1 || !isObject(eth) || typeof eth.timestamp !== 'number' || eth.timestamp < 60) return info
        return { ...info, ethContext: { ...eth, timestamp: eth.timestamp - 60 } }
      })()
    },
  },
  {
    name: 'info-index-ahead',
    requirement: 'INFO-PROGRESS',
    description: 'rollup_getInfo answers a rollupContext.index a million transactions past the newest one the chain holds (a counter read from another chain)',
    create: mapInfo((info) => {
      const rollup = info.rollupContext
      return isObject(rollup) && typeof rollup.index === 'number' ? { ...info, rollupContext: { ...rollup, index: rollup.index + 1_000_000 } } : info
    }),
  },
  {
    name: 'gas-l2-decimal-number',
    requirement: 'GAS-SHAPE',
    description: 'rollup_gasPrices answers l2GasPrice as a plain JSON number instead of a hex quantity',
    create: () => ({
      response: (call, response) =>
        call.method === 'rollup_gasPrices'
          ? mapResult(response, (v) =>
              isObject(v) && typeof v.l2GasPrice === 'string' && /^0x[0-9a-f]+$/i.test(v.l2GasPrice) ? { ...v, l2GasPrice: Number(BigInt(v.l2GasPrice)) } : v,
            )
          : response,
    }),
  },
  {
    name: 'gas-price-plus-one-gwei',
    requirement: 'GAS-CONSISTENT',
    description: 'eth_gasPrice answers l2GasPrice plus 1 gwei (a tip added on one code path only)',
    create: () => ({
      response: (call, response) => (call.method === 'eth_gasPrice' ? mapResult(response, (v) => addToQuantity(v, 1_000_000_000n)) : response),
    }),
  },
]
