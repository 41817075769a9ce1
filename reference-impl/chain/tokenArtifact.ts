import artifact from '../contracts/Token.json' with { type: 'json' }
import { fromHex } from './hex.js'
import type { TokenLayout } from './tokenGenesisStorage.js'

/** Token.sol's compiled code and storage layout (committed in contracts/Token.json). */
export const TOKEN_RUNTIME_CODE: Uint8Array = fromHex(artifact.deployedBytecode)
export const TOKEN_CREATION_CODE: Uint8Array = fromHex(artifact.bytecode)

/** Slots of the state variables genesis writes. */
export const TOKEN_LAYOUT: TokenLayout = {
  name: BigInt(artifact.storageLayout.name),
  symbol: BigInt(artifact.storageLayout.symbol),
  decimals: BigInt(artifact.storageLayout.decimals),
  totalSupply: BigInt(artifact.storageLayout.totalSupply),
  balanceOf: BigInt(artifact.storageLayout.balanceOf),
}
