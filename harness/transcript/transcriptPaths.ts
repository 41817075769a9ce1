import { join } from 'node:path'

/** The manifest's file name in a transcript folder. */
export const MANIFEST_FILE = 'transcript.json'
/** Where exchanges made outside any check (a suite's shared setup) are kept. */
export const OUTSIDE_CHECKS = '(outside any check)'

/** A check id as a file name: characters a file system may refuse become `_` (the file's header keeps the id). */
export function fileStem(checkId: string): string {
  return checkId === OUTSIDE_CHECKS ? '_outside-checks' : checkId.replace(/[^A-Za-z0-9._-]/g, '_')
}

/** The file holding a check's JSON-RPC exchanges (HTTP and WebSocket) and the one holding its REST exchanges. */
export function transcriptFiles(dir: string, checkId: string): { rpc: string; rest: string } {
  const stem = fileStem(checkId)
  return { rpc: join(dir, 'rpc', `${stem}.io`), rest: join(dir, 'rest', `${stem}.rest`) }
}

/** Where the WebSocket frames nobody asked for are kept, one `// l2conf-unsolicited {kind, text, firstOnConnection}` line each. */
export const UNSOLICITED_FILE = '_unsolicited.io'
export const UNSOLICITED_CHECK = '(unsolicited frames of the run)'
export const UNSOLICITED_LINE = '// l2conf-unsolicited '
