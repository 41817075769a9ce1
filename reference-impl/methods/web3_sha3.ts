import { toData } from '../chain/hex.js'
import { keccak256 } from '../chain/keccak256.js'
import type { MethodHandler } from '../rpc/methodTable.js'
import { dataArgument } from './hexArguments.js'
import { positionalParams } from './positionalParams.js'

/** web3_sha3: Keccak-256 of the given data. */
export function web3_sha3(): MethodHandler {
  return (params) => {
    const [data] = positionalParams(params, 1)
    return toData(keccak256(dataArgument(data, 0)))
  }
}
