import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isHarnessError } from '../errors/harnessError.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc, type ServerSpec } from '../spec/loadOpenRpc.js'
import { resolveServers, type SpecServers } from './resolveServers.js'

const root = join(import.meta.dirname, '../..')

const specs: SpecServers = {
  openrpc: [
    { name: 'node-https', url: 'https://{host}{path}', variables: { host: { default: 'rpc.example.org' }, path: { default: '' } } },
    { name: 'node-ws', url: 'wss://{host}/ws', variables: { host: { default: 'ws.example.org' } } },
    { name: 'staging', url: 'https://{region}.staging.example.org', variables: { region: { enum: ['eu', 'us'], description: 'where the staging node runs' } } },
    { name: 'broken', url: 'https://{nowhere}/', variables: {} },
    { name: 'ftp', url: 'ftp://files.example.org', variables: {} },
  ],
  openapi: [
    { name: 'Production', url: 'https://{host}/api', variables: { host: { default: 'api.example.org' } } },
    {
      name: 'Development',
      url: '{scheme}://{host}/api',
      variables: { scheme: { default: 'http', enum: ['http', 'https'] }, host: { default: 'localhost:3000' } },
    },
    { name: 'relative', url: '/api', variables: {} },
  ],
}

function usageError(names: string[], variables: Record<string, string> = {}, servers: SpecServers = specs): string {
  try {
    resolveServers(names, variables, servers)
  } catch (error) {
    if (isHarnessError(error, 'L2CONF_ERR_USAGE')) return error.message
    throw error
  }
  throw new Error('no usage error')
}

describe('resolveServers', () => {
  it("gives --rpc or --ws by an openrpc.json server's scheme, --rest for an openapi.yaml server, defaults filled", () => {
    expect(resolveServers(['node-https', 'node-ws', 'Production'], {}, specs)).toEqual({
      rpc: 'https://rpc.example.org',
      ws: 'wss://ws.example.org/ws',
      rest: 'https://api.example.org/api',
      addresses: [
        { server: 'node-https', spec: 'openrpc.json', flag: '--rpc', url: 'https://rpc.example.org' },
        { server: 'node-ws', spec: 'openrpc.json', flag: '--ws', url: 'wss://ws.example.org/ws' },
        { server: 'Production', spec: 'openapi.yaml', flag: '--rest', url: 'https://api.example.org/api' },
      ],
    })
    expect(resolveServers([], {}, specs)).toEqual({ rpc: null, ws: null, rest: null, addresses: [] })
  })

  it('matches names case-insensitively', () => {
    expect(resolveServers(['development'], {}, specs).rest).toBe('http://localhost:3000/api')
    expect(resolveServers(['NODE-HTTPS'], {}, specs).rpc).toBe('https://rpc.example.org')
  })

  it('fills variables from --var: plain names in every chosen server, SERVER.name in one', () => {
    expect(resolveServers(['Development'], { scheme: 'https', host: '127.0.0.1:8443' }, specs).rest).toBe('https://127.0.0.1:8443/api')
    expect(resolveServers(['node-https', 'node-ws'], { host: 'node.example.net' }, specs)).toMatchObject({
      rpc: 'https://node.example.net',
      ws: 'wss://node.example.net/ws',
    })
    expect(
      resolveServers(['node-https', 'node-ws'], { 'node-https.host': 'a.example.net', 'NODE-WS.host': 'b.example.net', path: '/rpc' }, specs),
    ).toMatchObject({ rpc: 'https://a.example.net/rpc', ws: 'wss://b.example.net/ws' })
    expect(resolveServers(['node-ws', 'Production'], { host: 'shared.example.net', 'Production.host': 'api.example.net' }, specs)).toMatchObject({
      ws: 'wss://shared.example.net/ws',
      rest: 'https://api.example.net/api',
    })
    expect(resolveServers(['staging'], { region: 'eu' }, specs).rpc).toBe('https://eu.staging.example.org')
  })

  it('refuses what it cannot resolve, in one line that names what is missing (exit 2)', () => {
    expect(usageError(['mainnet'])).toMatchInlineSnapshot(
      `"--server mainnet: no such server; the specs name openrpc.json: node-https, node-ws, staging, broken, ftp; openapi.yaml: Production, Development, relative"`,
    )
    expect(usageError(['staging'])).toMatchInlineSnapshot(
      `"server 'staging' (openrpc.json) needs --var region=VALUE: its variable 'region' has no default (where the staging node runs)"`,
    )
    expect(usageError(['Development'], { scheme: 'ftp' })).toMatchInlineSnapshot(
      `"--var scheme=ftp: server 'Development' (openapi.yaml) allows scheme to be one of http, https"`,
    )
    expect(usageError(['Development'], { hots: 'x' })).toMatchInlineSnapshot(
      `"--var hots=... is not a variable of the chosen servers (Development: scheme, host); a typo?"`,
    )
    expect(usageError(['Production'], { 'Development.host': 'x' })).toMatchInlineSnapshot(
      `"--var Development.host=... is not a variable of the chosen servers (Production: host); a typo?"`,
    )
    expect(usageError([], { host: 'x' })).toMatchInlineSnapshot(`"--var host=...: no --server was given, so no server variable takes it"`)
    expect(usageError(['Production', 'Development'])).toMatchInlineSnapshot(
      `"--server Production and --server Development both give the --rest address: choose one"`,
    )
    expect(usageError(['broken'])).toMatchInlineSnapshot(
      `"server 'broken' (openrpc.json) uses {nowhere} in its URL https://{nowhere}/ but declares no such variable: fix the spec"`,
    )
    expect(usageError(['ftp'])).toMatchInlineSnapshot(`"server 'ftp' (openrpc.json) gives 'ftp://files.example.org': expected an http, https, ws or wss URL"`)
    expect(usageError(['relative'])).toMatchInlineSnapshot(
      `"server 'relative' (openapi.yaml) gives '/api', which is not an absolute URL: set its variables with --var, or give the address directly"`,
    )
  })

  it('lists "(none)" for a spec without servers', () => {
    const none: ServerSpec[] = []
    expect(usageError(['x'], {}, { openrpc: none, openapi: specs.openapi })).toContain('openrpc.json: (none); openapi.yaml: Production')
  })
})

describe('resolveServers with the bundled specs: every server', async () => {
  const [openrpc, openapi] = await Promise.all([loadOpenRpc(join(root, 'openrpc.json')), loadOpenApi(join(root, 'openapi.yaml'))])
  const bundled: SpecServers = { openrpc: openrpc.servers, openapi: openapi.servers }

  it('has the servers the interface document names (4.1 HTTPS and WebSocket; 4.4 Production, Development, Preview)', () => {
    expect(bundled.openrpc.map((server) => server.name)).toEqual(['mainnet-https', 'mainnet-websocket'])
    expect(bundled.openapi.map((server) => server.name)).toEqual(['Production', 'Development', 'Preview'])
  })

  const cases: Array<[string, Record<string, string>, 'rpc' | 'ws' | 'rest', string]> = [
    ['mainnet-https', { host: 'rpc.node.example', path: '/v1' }, 'rpc', 'https://rpc.node.example/v1'],
    ['mainnet-websocket', { host: 'ws.node.example:8546', path: '/ws' }, 'ws', 'wss://ws.node.example:8546/ws'],
    ['Production', { host: 'api.node.example' }, 'rest', 'https://api.node.example/api'],
    ['Development', { scheme: 'http', host: '127.0.0.1:3000' }, 'rest', 'http://127.0.0.1:3000/api'],
    ['Preview', { host: 'preview.node.example' }, 'rest', 'https://preview.node.example/api'],
  ]
  it.each(cases)('--server %s', (name, variables, kind, url) => {
    const resolved = resolveServers([name], variables, bundled)
    expect(resolved[kind]).toBe(url)
    expect(resolved.addresses).toHaveLength(1)
    // Without any --var every bundled server still resolves (its defaults are placeholders to fill in).
    expect(resolveServers([name.toUpperCase()], {}, bundled)[kind]).toMatch(/^(https?|wss?):\/\//)
  })

  it("resolves the node's two servers and a REST server together, each host scoped", () => {
    expect(
      resolveServers(
        ['mainnet-https', 'mainnet-websocket', 'Production'],
        { 'mainnet-https.host': 'rpc.node.example', 'mainnet-websocket.host': 'ws.node.example', 'production.host': 'api.node.example' },
        bundled,
      ),
    ).toMatchObject({ rpc: 'https://rpc.node.example', ws: 'wss://ws.node.example', rest: 'https://api.node.example/api' })
  })
})
