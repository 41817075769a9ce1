import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodHandler } from '../rpc/methodTable.js'
import { startRpcServer, type RpcServer } from '../server/startRpcServer.js'
import { selfSignedCertificate } from '../../test/reference/selfSignedCertificate.js'
import { createNodeClient, UpstreamError } from './nodeClient.js'

// A certificate for a name loopback is not: the pin must not care about names or issuers.
const served = selfSignedCertificate(['node.example.invalid'])
const other = selfSignedCertificate(['node.example.invalid'])
const methods = new Map<string, MethodHandler>([['eth_blockNumber', () => '0x7']])

describe.skipIf(served === undefined || other === undefined)('pinnedCertificateConnector (the REST service reading its node over HTTPS)', () => {
  let node: RpcServer
  beforeAll(async () => {
    node = await startRpcServer({ port: 0, methods, log: () => {}, tls: served! })
  })
  afterAll(async () => {
    await node.close()
  })

  it('reaches the node that presents the pinned certificate, whatever names it carries', async () => {
    const client = createNodeClient(node.url, { timeoutMs: 2_000, pinnedCertificate: served!.cert })
    try {
      expect(await client.call('eth_blockNumber', [])).toBe('0x7')
      expect(await client.batch([{ method: 'eth_blockNumber', params: [] }])).toEqual(['0x7'])
    } finally {
      await client.close()
    }
  })

  it('refuses a node presenting any other certificate', async () => {
    const client = createNodeClient(node.url, { timeoutMs: 2_000, pinnedCertificate: other!.cert })
    try {
      const error: unknown = await client.call('eth_blockNumber', []).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(UpstreamError)
      expect((error as UpstreamError).failure).toBe('unreachable')
      expect((error as Error).message).toMatch(/another certificate/)
    } finally {
      await client.close()
    }
  })
})
