import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { TRAFFIC_ACCOUNT } from './chain/backgroundTraffic.js'
import { DEV_ACCOUNTS } from './chain/devAccounts.js'
import { createNode, matchesLogFilter, type Node, type NodeOptions } from './createNode.js'
import { startRestServer, type RestServer } from './rest/startRestServer.js'
import { limits } from './server/limits.js'
import { loadTlsMaterial, type TlsMaterial } from './server/loadTlsMaterial.js'
import { startRpcServer, type RpcServer } from './server/startRpcServer.js'

/** What the reference was asked to run, from its flags. */
export interface ReferenceFlags {
  host: string
  port: number
  restPort: number
  node: NodeOptions
  /** --tls-cert and --tls-key: serve HTTPS, WSS and the REST API over HTTPS. */
  tls?: { certFile: string; keyFile: string }
  /** --rate-limit N: at most N JSON-RPC requests a second per client address (default: none). */
  rateLimit?: number
}

const DEFAULTS = { host: '127.0.0.1', port: 8545, restPort: 3000, chainId: 901 } as const
const MiB = 1024 * 1024

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'rest-port': { type: 'string' },
  'chain-id': { type: 'string' },
  history: { type: 'string' },
  quiet: { type: 'string' },
  'l1-rpc': { type: 'string' },
  datadir: { type: 'string' },
  'l2-gas-price': { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'rate-limit': { type: 'string' },
  'block-time': { type: 'string' },
  'state-history': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

/** `--help`: the flags, the development accounts, the limits. */
export function usage(): string {
  const accounts = DEV_ACCOUNTS.map((account, index) => `  (${index}) ${account.address}  key ${account.privateKey}`).join('\n')
  return `l2conf reference: the bundled reference layer-2 node (JSON-RPC over HTTP and WebSocket) and treasury REST API

Usage: node --import tsx reference-impl/main.ts [flags]      (or: l2conf reference [flags])

Flags:
  --host HOST            interface to listen on (default ${DEFAULTS.host})
  --port N               JSON-RPC port, HTTP POST and WebSocket (default ${DEFAULTS.port}; 0 picks a free port)
  --rest-port N          treasury REST API port, served under /api (default ${DEFAULTS.restPort}; 0 picks a free port)
  --chain-id N           chain id (default ${DEFAULTS.chainId})
  --history N            blocks of deterministic generated history before the first live block (default 40,
                         at most 200000: about 2 ms and 4 KB of memory each, every state kept): ETH and
                         token transfers, approvals, reverts, deposits, and now and then a contract created
                         and called (storage written)
  --quiet N              after the history, N blocks of layer-1 deposits only (no signed transaction,
                         contract or log): a chain gone quiet, on purpose (default 0, at most 200000)
  --l1-rpc URL           follow a real layer-1 node's head (default: a simulated layer-1 clock)
  --datadir DIR          keep the chain in DIR across restarts (default: in memory)
  --l2-gas-price WEI     layer-2 gas price; cheaper transactions are rejected (default 1 gwei)
  --tls-cert FILE        serve over TLS: JSON-RPC over HTTPS and WSS (same port), REST over HTTPS;
                         FILE is the server certificate in PEM (leaf first, then any intermediates)
  --tls-key FILE         the certificate's private key in PEM (unencrypted); both flags or neither
  --rate-limit N         at most N JSON-RPC requests a second per client address, over HTTP and WebSocket
                         (a burst of N passes); past it HTTP 429 with Retry-After, or over WebSocket the
                         error -32005 "rate limit exceeded" (default: no rate limit)
  --block-time S         a live chain: every S seconds (1 to 3600) a development account (${TRAFFIC_ACCOUNT.address},
                         not the one \`l2conf run --reference\` signs with) sends a transaction, so the head
                         moves and subscriptions notify as on a busy network; it first deploys two tokens,
                         then a mix: ether and tokens sent to development accounts, approvals, a transfer
                         that reverts, a counter contract created every 50 blocks and called (storage
                         written); the chain grows by one block, a few KB, per tick. Default: the head moves
                         only when a transaction is sent
  --state-history N      serve the state of the last N blocks only (at least 1), as a node that prunes older
                         state does: a balance, nonce, code, storage, call or proof at an older block answers
                         -32000 "missing trie node ..." (default: every block's state)
  -h, --help             this text

When ready it prints one line on stdout:
  l2conf reference ready rpc=http://HOST:PORT ws=ws://HOST:PORT rest=http://HOST:RESTPORT/api chainId=N
(https://, wss:// and https:// with --tls-cert). Everything else goes to stderr. SIGINT/SIGTERM stop it cleanly (exit 0).

Development accounts (mnemonic "test test test test test test test test test test test junk"),
each funded with 10000 ETH at genesis:
${accounts}

Limits:
  request body ${limits.maxBodyBytes / MiB} MiB (HTTP 413), batch ${limits.maxBatchItems} requests (-32600),
  WebSocket message ${limits.maxWsPayloadBytes / MiB} MiB (close 1009), eth_getBlockRange 1000 blocks,
  a WebSocket reader more than ${limits.maxWsBufferedBytes / MiB} MiB behind is dropped (close 1008), no rate limit
  unless --rate-limit sets one.
  response ${limits.maxResponseBytes} bytes, one answer or a batch's answers together (-32003 "response too
  large"; the rest of the batch is not executed); eth_call and eth_estimateGas 5 s each, a batch's calls
  ${limits.batchExecutionMs / 1000} s together (-32000 "execution aborted").`
}

/** Reads the flags; throws a message fit for the user on anything it cannot use. */
export function parseReferenceFlags(argv: readonly string[]): ReferenceFlags | 'help' {
  const { values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false })
  if (values.help === true) return 'help'
  const node: NodeOptions = { chainId: integer(values['chain-id'], '--chain-id', 1, 2 ** 53 - 1) ?? DEFAULTS.chainId }
  // Every block's state stays readable (no pruning): 200,000 blocks is about 0.8 GB and 7 minutes.
  const history = integer(values.history, '--history', 0, 200_000)
  if (history !== undefined) node.history = history
  const quiet = integer(values.quiet, '--quiet', 0, 200_000)
  if (quiet !== undefined) node.quietBlocks = quiet
  if (values['l1-rpc'] !== undefined) {
    let url: URL
    try {
      url = new URL(values['l1-rpc'])
    } catch {
      throw new Error(`--l1-rpc: not a URL: ${values['l1-rpc']}`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--l1-rpc: expected an http(s) URL')
    node.l1Rpc = url.href
  }
  if (values.datadir !== undefined) {
    if (values.datadir === '') throw new Error('--datadir: expected a directory')
    node.datadir = values.datadir
  }
  if (values['l2-gas-price'] !== undefined) {
    const text = values['l2-gas-price']
    if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text)) throw new Error(`--l2-gas-price: expected an amount of wei, got ${text}`)
    node.l2GasPrice = BigInt(text)
  }
  const host = values.host ?? DEFAULTS.host
  if (host === '') throw new Error('--host: expected a host name or address')
  const flags: ReferenceFlags = {
    host,
    port: integer(values.port, '--port', 0, 65_535) ?? DEFAULTS.port,
    restPort: integer(values['rest-port'], '--rest-port', 0, 65_535) ?? DEFAULTS.restPort,
    node,
  }
  const certFile = values['tls-cert']
  const keyFile = values['tls-key']
  if ((certFile === undefined) !== (keyFile === undefined))
    throw new Error('--tls-cert and --tls-key go together: give both (the certificate and its private key) or neither')
  if (certFile !== undefined && keyFile !== undefined) flags.tls = { certFile, keyFile }
  const blockTime = integer(values['block-time'], '--block-time', 1, 3600)
  if (blockTime !== undefined) node.blockTime = blockTime
  const stateHistory = integer(values['state-history'], '--state-history', 1, 2 ** 31)
  if (stateHistory !== undefined) node.stateHistory = stateHistory
  const rateLimit = integer(values['rate-limit'], '--rate-limit', 1, 1_000_000)
  if (rateLimit !== undefined) flags.rateLimit = rateLimit
  return flags
}

function integer(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`${flag}: expected an integer from ${min} to ${max}, got ${JSON.stringify(text)}`)
  return value
}

function log(message: string): void {
  process.stderr.write(`[reference] ${message}\n`)
}

/** Where the REST service reaches the node: a wildcard listen address is reached on loopback. */
function loopbackFor(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::' || host === '[::]') return '::1'
  return host
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/** Runs the reference until SIGINT/SIGTERM; returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let flags: ReferenceFlags | 'help'
  try {
    flags = parseReferenceFlags(argv)
  } catch (error) {
    process.stderr.write(`l2conf reference: ${error instanceof Error ? error.message : String(error)}\nSee --help for the flags.\n`)
    return 2
  }
  if (flags === 'help') {
    process.stdout.write(`${usage()}\n`)
    return 0
  }
  let tls: TlsMaterial | undefined
  try {
    if (flags.tls !== undefined) tls = loadTlsMaterial(flags.tls.certFile, flags.tls.keyFile)
  } catch (error) {
    process.stderr.write(`l2conf reference: ${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }

  let node: Node | undefined
  let rpc: RpcServer | undefined
  let rest: RestServer | undefined
  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      await rest?.close()
      await rpc?.close()
      await node?.stop()
    })()
    return stopping
  }

  try {
    node = await createNode(flags.node)
    rpc = await startRpcServer({
      host: flags.host,
      port: flags.port,
      methods: node.methods,
      events: node.events,
      matchesLogFilter,
      log,
      ...(tls === undefined ? {} : { tls }),
      ...(flags.rateLimit === undefined ? {} : { rateLimit: flags.rateLimit }),
    })
    // Over TLS the REST service still reaches its node on loopback, pinning the node's own
    // certificate (see pinnedCertificateConnector): no second, unencrypted listener is opened.
    const rpcUrl = `${tls === undefined ? 'http' : 'https'}://${urlHost(loopbackFor(flags.host))}:${rpc.port}`
    rest = await startRestServer({ host: flags.host, port: flags.restPort, rpcUrl, log, ...(tls === undefined ? {} : { tls, rpcCertificate: tls.cert }) })
  } catch (error) {
    log(startFailure(error, flags))
    await stop().catch((stopError: unknown) => log(`while stopping: ${String(stopError)}`))
    return 1
  }

  const exitCode = new Promise<number>((resolve) => {
    const onSignal = (reason: string): void => {
      if (stopping !== undefined) {
        log(`${reason} again: exiting at once`)
        resolve(1)
        return
      }
      log(`${reason}: stopping`)
      const force = setTimeout(() => {
        log('did not stop within 10 s: exiting anyway')
        resolve(1)
      }, 10_000)
      force.unref()
      stop().then(
        () => {
          clearTimeout(force)
          log('stopped')
          resolve(0)
        },
        (error: unknown) => {
          log(`failed to stop cleanly: ${error instanceof Error ? error.message : String(error)}`)
          resolve(1)
        },
      )
    }
    process.on('SIGINT', () => onSignal('SIGINT'))
    process.on('SIGTERM', () => onSignal('SIGTERM'))
    // Started by a parent with an IPC channel (the harness): when the parent goes away, however it
    // died, the channel closes and the reference stops instead of living on as an orphan.
    if (process.channel !== undefined) {
      process.channel.unref()
      process.once('disconnect', () => onSignal('the parent process is gone'))
    }
  })

  const host = urlHost(flags.host)
  const [http, ws] = tls === undefined ? ['http', 'ws'] : ['https', 'wss']
  process.stdout.write(
    `l2conf reference ready rpc=${http}://${host}:${rpc.port} ws=${ws}://${host}:${rpc.port} rest=${http}://${host}:${rest.port}/api chainId=${node.chainId}\n`,
  )
  log(`head at block ${node.head()}; ${DEV_ACCOUNTS.length} development accounts funded (see --help)`)
  if (flags.node.blockTime !== undefined) log(`background traffic from ${TRAFFIC_ACCOUNT.address}: a block every ${flags.node.blockTime} s`)
  if (flags.node.stateHistory !== undefined) log(`state served for the last ${flags.node.stateHistory} blocks only (older: "missing trie node")`)
  return exitCode
}

function startFailure(error: unknown, flags: ReferenceFlags): string {
  const code = (error as { code?: unknown } | null)?.code
  const port = (error as { port?: unknown } | null)?.port
  if (code === 'EADDRINUSE') {
    return `cannot listen on ${flags.host}:${String(port)}: the port is already in use (another node running? --port 0 / --rest-port 0 pick free ports)`
  }
  if (code === 'EACCES') return `cannot listen on ${flags.host}:${String(port)}: permission denied (ports under 1024 need privileges)`
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on ${flags.host}: no such local address`
  return `cannot start: ${error instanceof Error ? error.message : String(error)}`
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await main(process.argv.slice(2))
  process.exit(code)
}
