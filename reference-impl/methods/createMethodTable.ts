import type { Rollup } from '../chain/rollup.js'
import type { MethodHandler, MethodTable } from '../rpc/methodTable.js'
import { eth_accounts } from './eth_accounts.js'
import { eth_blockNumber } from './eth_blockNumber.js'
import { eth_call } from './eth_call.js'
import { eth_chainId } from './eth_chainId.js'
import { eth_estimateGas } from './eth_estimateGas.js'
import { eth_gasPrice } from './eth_gasPrice.js'
import { eth_getAccounts } from './eth_getAccounts.js'
import { eth_getBalance } from './eth_getBalance.js'
import { eth_getBlockByHash } from './eth_getBlockByHash.js'
import { eth_getBlockByNumber } from './eth_getBlockByNumber.js'
import { eth_getBlockRange } from './eth_getBlockRange.js'
import { eth_getBlockTransactionCountByHash } from './eth_getBlockTransactionCountByHash.js'
import { eth_getBlockTransactionCountByNumber } from './eth_getBlockTransactionCountByNumber.js'
import { eth_getCode } from './eth_getCode.js'
import { eth_getLogs } from './eth_getLogs.js'
import { eth_getProof } from './eth_getProof.js'
import { eth_getStorageAt } from './eth_getStorageAt.js'
import { eth_getTransactionByBlockHashAndIndex } from './eth_getTransactionByBlockHashAndIndex.js'
import { eth_getTransactionByBlockNumberAndIndex } from './eth_getTransactionByBlockNumberAndIndex.js'
import { eth_getTransactionByHash } from './eth_getTransactionByHash.js'
import { eth_getTransactionCount } from './eth_getTransactionCount.js'
import { eth_getTransactionReceipt } from './eth_getTransactionReceipt.js'
import { eth_sendRawTransaction } from './eth_sendRawTransaction.js'
import { eth_sendTransaction } from './eth_sendTransaction.js'
import { eth_syncing } from './eth_syncing.js'
import { net_listening } from './net_listening.js'
import { net_peerCount } from './net_peerCount.js'
import { net_version } from './net_version.js'
import { rollup_gasPrices } from './rollup_gasPrices.js'
import { rollup_getInfo } from './rollup_getInfo.js'
import { web3_clientVersion } from './web3_clientVersion.js'
import { web3_sha3 } from './web3_sha3.js'

/**
 * Every JSON-RPC method the reference node answers, by name. Handlers may return a promise; they
 * throw RpcError for error answers. eth_subscribe / eth_unsubscribe belong to the WebSocket
 * transport (they need a connection), which builds them on the node's events.
 */
export function createMethodTable(node: Rollup): MethodTable {
  const entries: [string, MethodHandler][] = [
    ['web3_clientVersion', web3_clientVersion()],
    ['web3_sha3', web3_sha3()],
    ['net_version', net_version(node)],
    ['net_listening', net_listening()],
    ['net_peerCount', net_peerCount()],
    ['eth_chainId', eth_chainId(node)],
    ['eth_blockNumber', eth_blockNumber(node)],
    ['eth_syncing', eth_syncing(node)],
    ['eth_gasPrice', eth_gasPrice(node)],
    ['eth_accounts', eth_accounts()],
    ['eth_getBalance', eth_getBalance(node)],
    ['eth_getTransactionCount', eth_getTransactionCount(node)],
    ['eth_getCode', eth_getCode(node)],
    ['eth_getStorageAt', eth_getStorageAt(node)],
    ['eth_getProof', eth_getProof(node)],
    ['eth_call', eth_call(node)],
    ['eth_estimateGas', eth_estimateGas(node)],
    ['eth_getBlockByNumber', eth_getBlockByNumber(node)],
    ['eth_getBlockByHash', eth_getBlockByHash(node)],
    ['eth_getBlockTransactionCountByNumber', eth_getBlockTransactionCountByNumber(node)],
    ['eth_getBlockTransactionCountByHash', eth_getBlockTransactionCountByHash(node)],
    ['eth_getTransactionByHash', eth_getTransactionByHash(node)],
    ['eth_getTransactionByBlockNumberAndIndex', eth_getTransactionByBlockNumberAndIndex(node)],
    ['eth_getTransactionByBlockHashAndIndex', eth_getTransactionByBlockHashAndIndex(node)],
    ['eth_getTransactionReceipt', eth_getTransactionReceipt(node)],
    ['eth_getLogs', eth_getLogs(node)],
    ['eth_sendRawTransaction', eth_sendRawTransaction(node)],
    ['eth_getBlockRange', eth_getBlockRange(node)],
    ['rollup_getInfo', rollup_getInfo(node)],
    ['rollup_gasPrices', rollup_gasPrices(node)],
    ['eth_getAccounts', eth_getAccounts()],
    ['eth_sendTransaction', eth_sendTransaction()],
  ]
  return new Map(entries)
}
