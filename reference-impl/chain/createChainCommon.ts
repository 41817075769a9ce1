import { type Common, Hardfork, Mainnet, createCustomCommon } from '@ethereumjs/common'

/**
 * The chain configuration: Berlin rules (pre-London: no base fee, legacy and access-list transaction
 * formats) under a custom chain id (reference node behaviour: legacy hardfork, default 901).
 * createCustomCommon JSON-copies the chain parameters, so they hold no BigInt.
 */
export function createChainCommon(chainId: number): Common {
  return createCustomCommon({ chainId, name: 'l2conf-reference' }, Mainnet, { hardfork: Hardfork.Berlin })
}
