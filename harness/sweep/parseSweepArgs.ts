import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { HarnessError } from '../errors/harnessError.js'
import { integerFlag, SHARED_FLAGS } from '../diff/parseDiffArgs.js'
import { parseHeaders } from '../run/runConfig.js'
import { readCaFile } from '../tls/readCaFile.js'
import { parseBlocksFile } from './sweepPlan.js'
import type { SweepOptions, SweepSources } from './runSweep.js'

/** Everything one `l2conf sweep` needs, checked before anything is sent. */
export interface SweepConfig extends Omit<SweepOptions, 'tool' | 'onProgress' | 'signal'> {
  reportDir: string
  json: string | null
  junit: string | null
  html: string | null
  quiet: boolean
}

/** The widest window: the reference's eth_getBlockRange bound, and geth's batch cap of 1,000 items. */
export const MAX_WINDOW = 1000

export const SWEEP_USAGE = `Usage: l2conf sweep --rpc URL [--rpc URL_B] (--blocks FROM..TO | --sample log | --blocks-file FILE) [options]

Verifies every block of a window of history. One node: the block hash recomputed from its header;
transactionsRoot, receiptsRoot and logsBloom recomputed from its transactions, receipts and logs;
every transaction and receipt naming its block and index, cumulative gas adding up, log indexes
running across the block; eth_getBlockRange answering each block as eth_getBlockByNumber does
(hashes and full transactions); eth_getLogs over each window answering the receipts' logs. Two
nodes: each node's own consistency, and every answer compared between them after the
normalisation of 'l2conf diff' (errors by code and data; a method both refused is a warning:
agreement there compares nothing).

Blocks (at least one; together they are merged):
  --blocks FROM..TO       numbers (decimal or 0x) or tags: earliest, latest, safe, finalized, pending
                          (with two nodes a tag is the lower head of the two)
  --sample log            the head, head-1, head-2, head-4 ... back to the oldest block served
  --blocks-file FILE      a pinned corpus: a number or FROM..TO per line, '#' comments
Scale:
  --window N              consecutive blocks read per range and batch (default 100, at most ${MAX_WINDOW})
  --concurrency N         windows in flight per node (default 4); behind a slow link raise it
  --shard I/N             sweep the I-th of N equal parts of the blocks (I from 1), for a CI matrix
                          or a Kubernetes Indexed Job; 'l2conf merge' joins the parts' reports
  --resume                continue from the checkpoint of an interrupted sweep (the same nodes,
                          blocks, shard and --state; the blocks flags may be left out)
  --checkpoint FILE       where the checkpoint goes (default <report-dir>/checkpoint.json)
Two nodes:
  --state                 also compare the balance, nonce and code of the accounts each block's
                          transactions touched, at the block and the one before, above the oldest
                          state both nodes serve
Connection:
  --timeout MS            bound on each request (default 30000)
  --header 'Name: value'  sent to every node, e.g. auth (repeatable); never written into a report
  --ca FILE | --insecure  TLS trust for https:// nodes
Output:
  --report-dir DIR        report.json, junit.xml, report.html and the checkpoint (default
                          reports/sweep, or reports/sweep-shard-I-of-N with --shard)
  --json FILE, --junit FILE, --html FILE   write that form here instead
  --quiet, -q             no progress line

Exit codes (as 'l2conf diff'): 0 every block verifies (and two nodes agree); 1 a block failed, the
nodes differ, or the sweep was cut short (SIGINT: the checkpoint is written, continue with
--resume); 2 bad usage; 3 a node could not be reached.

Examples:
  l2conf sweep --rpc http://127.0.0.1:8545 --blocks 0..latest
  l2conf sweep --rpc http://old:8545 --rpc http://new:8545 --blocks 0..latest --state --concurrency 16
  l2conf sweep --rpc http://node:8545 --sample log --blocks-file corpus.txt
  l2conf sweep --rpc http://node:8545 --blocks 0..latest --shard 2/8`

function usage(message: string): HarnessError {
  return new HarnessError('L2CONF_ERR_USAGE', message)
}

const HEIGHT = /^(\d+|0x[0-9a-fA-F]+|earliest|latest|safe|finalized|pending)$/

/**
 * Parses `l2conf sweep` flags into a SweepConfig (or 'help'). Throws HarnessError L2CONF_ERR_USAGE
 * with a one-line reason on bad flags (a --blocks-file that cannot be read included), before
 * anything is sent (exit 2).
 */
export function parseSweepArgs(argv: string[]): SweepConfig | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        rpc: { type: 'string', multiple: true },
        blocks: { type: 'string' },
        sample: { type: 'string' },
        'blocks-file': { type: 'string' },
        window: { type: 'string' },
        shard: { type: 'string' },
        resume: { type: 'boolean' },
        checkpoint: { type: 'string' },
        state: { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        ...SHARED_FLAGS,
      },
    })
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
  const v = parsed.values
  if (v.help === true) return 'help'
  const targets = v.rpc ?? []
  if (targets.length < 1 || targets.length > 2) throw usage(`give --rpc once (one node) or twice (A, then B), got ${targets.length}`)
  for (const text of targets) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw usage(`--rpc is not a URL: '${text}'`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usage(`--rpc must be an http or https URL, got '${text}'`)
  }
  let blocks: string | null = null
  if (v.blocks !== undefined) {
    const parts = v.blocks.split('..')
    if (parts.length !== 2 || !parts.every((p) => HEIGHT.test(p))) throw usage(`--blocks takes FROM..TO (numbers or tags, e.g. 0..latest), got '${v.blocks}'`)
    blocks = v.blocks
  }
  if (v.sample !== undefined && v.sample !== 'log') throw usage(`--sample takes 'log' (log-spaced heights from the head back), got '${v.sample}'`)
  let blocksFile: SweepSources['blocksFile'] = null
  if (v['blocks-file'] !== undefined) {
    const name = v['blocks-file']
    let text: string
    try {
      text = readFileSync(name, 'utf8')
    } catch (error) {
      throw usage(`--blocks-file ${name} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
    }
    try {
      blocksFile = { name, ranges: parseBlocksFile(text) }
    } catch (error) {
      throw usage(`--blocks-file ${name}: ${(error as Error).message}`)
    }
    if (blocksFile.ranges.length === 0) throw usage(`--blocks-file ${name} names no block`)
  }
  const resume = v.resume === true
  if (blocks === null && v.sample === undefined && blocksFile === null && !resume)
    throw usage('say which blocks: --blocks FROM..TO, --sample log or --blocks-file FILE')
  let shard: SweepConfig['shard'] = null
  if (v.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(v.shard)
    if (m === null) throw usage(`--shard takes I/N (e.g. 2/8), got '${v.shard}'`)
    const [index, count] = [Number(m[1]), Number(m[2])]
    if (count < 1 || index < 1 || index > count) throw usage(`--shard ${v.shard}: I must be between 1 and N`)
    shard = { index, count }
  }
  // Each part resolves its blocks by itself: a moving head would cut each part from another plan.
  if (shard !== null && (v.sample !== undefined || (blocks !== null && /[a-z]{4}/.test(blocks.replace(/^earliest\.\./, '')))))
    throw usage(
      `--shard needs blocks every part reads alike: give TO as a number (e.g. --blocks 0..HEAD with the head's number), not a moving tag or --sample log`,
    )
  if (v.state === true && targets.length !== 2) throw usage('--state compares two nodes: give --rpc twice')
  if (v.ca !== undefined) readCaFile(v.ca)
  const reportDir = resolve(v['report-dir'] ?? join('reports', shard === null ? 'sweep' : `sweep-shard-${shard.index}-of-${shard.count}`))
  return {
    targets,
    sources: { blocks, sampleLog: v.sample === 'log', blocksFile },
    shard,
    window: integerFlag('window', v.window, 100, 1, MAX_WINDOW),
    concurrency: integerFlag('concurrency', v.concurrency, 4, 1, 256),
    timeoutMs: integerFlag('timeout', v.timeout, 30_000, 100, 600_000),
    headers: parseHeaders(v.header ?? []),
    tls: { ca: v.ca === undefined ? null : resolve(v.ca), insecure: v.insecure === true },
    state: v.state === true,
    resume,
    reportDir,
    checkpoint: resolve(v.checkpoint ?? join(reportDir, 'checkpoint.json')),
    json: v.json ?? null,
    junit: v.junit ?? null,
    html: v.html ?? null,
    quiet: v.quiet === true,
  }
}
