import pkg from '../../package.json' with { type: 'json' }
import type { MethodHandler } from '../rpc/methodTable.js'
import { positionalParams } from './positionalParams.js'

/** web3_clientVersion: "l2conf-reference/v<version>/<platform>-<arch>/node-<version>" (geth's name/version/os/runtime shape). */
export function web3_clientVersion(): MethodHandler {
  const version = `l2conf-reference/v${pkg.version}/${process.platform}-${process.arch}/node-${process.version}`
  return (params) => {
    positionalParams(params, 0)
    return version
  }
}
