import { paramsBlock } from '@ethereumjs/block'
import { type Common, Hardfork, Mainnet, type ParamsDict, createCustomCommon } from '@ethereumjs/common'
import { paramsEVM } from '@ethereumjs/evm'
import { paramsTx } from '@ethereumjs/tx'
import { paramsVM } from '@ethereumjs/vm'

/**
 * The chain configuration: Berlin rules (pre-London: no base fee, legacy and access-list transaction
 * formats) under a custom chain id (reference node behaviour: legacy hardfork, default 901).
 * createCustomCommon JSON-copies the chain parameters, so they hold no BigInt.
 *
 * Speed: ethereumjs copies the Common for every transaction and header it builds and merges the same
 * parameter tables into the copy again (JSON deep copies and a cache rebuild, about half a
 * millisecond each time, several times per block). The tables never change on this chain: they are
 * merged once here, before any copy is made, and merging a table already merged is skipped. Copies
 * share the merged tables and the cache built from them (Common.copy is a shallow copy).
 */
export function createChainCommon(chainId: number): Common {
  const common = createCustomCommon({ chainId, name: 'l2conf-reference' }, Mainnet, { hardfork: Hardfork.Berlin })
  const merged = new WeakSet<ParamsDict>()
  const updateParams = common.updateParams.bind(common)
  common.updateParams = function (this: Common, params: ParamsDict): void {
    if (merged.has(params)) return
    ;(this === common ? updateParams : Object.getPrototypeOf(common).updateParams.bind(this))(params)
    merged.add(params)
  }
  for (const params of [paramsTx, paramsBlock, paramsVM, paramsEVM]) common.updateParams(params)
  return common
}
