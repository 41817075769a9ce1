import { afterAll, beforeAll } from 'vitest'
import { createNode, type Node } from '../../reference-impl/createNode.js'
import { startRpcServer, type RpcServer, type RpcServerOptions } from '../../reference-impl/server/startRpcServer.js'

/**
 * Tests only: a node with no history, served over HTTP and WebSocket on a free port for the tests of
 * the file that calls it (started before them, stopped after them, quietly). Answers the server,
 * readable once the tests run.
 * @example const server = servedNode({ batchExecutionMs: 1_000 }); it('...', async () => request(server().url, ...))
 */
export function servedNode(options: Omit<RpcServerOptions, 'port' | 'methods' | 'log'> = {}): () => RpcServer {
  let node: Node | undefined
  let server: RpcServer | undefined
  beforeAll(async () => {
    node = await createNode({ history: 0 })
    server = await startRpcServer({ ...options, port: 0, methods: node.methods, log: () => {} })
  })
  afterAll(async () => {
    await server?.close()
    await node?.stop()
  })
  return () => {
    if (server === undefined) throw new Error('servedNode: the server is started before the tests, not while the file loads')
    return server
  }
}
