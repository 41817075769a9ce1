import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { resolveServers, type SpecServers } from './resolveServers.js'
import { targetFromServers, type TargetAddresses } from './targetFromServers.js'

const specs: SpecServers = {
  openrpc: [
    { name: 'node-https', url: 'https://{host}', variables: { host: { default: 'rpc.example.org' } } },
    { name: 'node-ws', url: 'wss://ws.example.org', variables: {} },
  ],
  openapi: [{ name: 'Development', url: 'http://{host}/api', variables: { host: { default: 'localhost:3000' } } }],
}
const none: TargetAddresses = { rpc: null, ws: null, rest: null }

function usageError(flags: TargetAddresses, names: string[]): string {
  try {
    targetFromServers(flags, resolveServers(names, {}, specs), specs)
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_USAGE')) return error.message
    throw error
  }
  throw new Error('no usage error')
}

describe('targetFromServers', () => {
  it('takes each address from a flag or from a server', () => {
    expect(targetFromServers(none, resolveServers(['node-https', 'node-ws', 'development'], {}, specs), specs)).toEqual({
      rpc: 'https://rpc.example.org',
      ws: 'wss://ws.example.org',
      rest: 'http://localhost:3000/api',
    })
    expect(targetFromServers({ rpc: 'http://127.0.0.1:8545', ws: null, rest: null }, resolveServers(['Development'], {}, specs), specs)).toEqual({
      rpc: 'http://127.0.0.1:8545',
      ws: null,
      rest: 'http://localhost:3000/api',
    })
  })

  it('refuses a flag and a server giving the same address, and a target without the node', () => {
    expect(usageError({ rpc: 'http://127.0.0.1:8545', ws: null, rest: 'http://127.0.0.1:3000/api' }, ['Development'])).toMatchInlineSnapshot(
      `"--rest and --server Development both give the REST address: give one of them"`,
    )
    expect(usageError({ rpc: 'http://127.0.0.1:8545', ws: null, rest: null }, ['node-https'])).toMatchInlineSnapshot(
      `"--rpc and --server node-https both give the JSON-RPC address: give one of them"`,
    )
    expect(usageError(none, ['Development'])).toMatchInlineSnapshot(
      `"the node's JSON-RPC address is needed too: add --rpc URL or --server node-https (openrpc.json)"`,
    )
  })
})
