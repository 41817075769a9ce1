import { EMPTY_ACCOUNT, TRANSFER_REVERT_REASON } from './tokenAccounts.js'

/**
 * The smallest contract that answers as an ERC-20 token does to what CLIENT-COMPAT calls (the full
 * profile deploys it on a chain that holds no token): balanceOf(a) is 0 for EMPTY_ACCOUNT and 1 for
 * any other account; transfer(to, value) returns true, or, called by EMPTY_ACCOUNT, reverts with
 * Error(TRANSFER_REVERT_REASON) as a token does for a sender without balance; anything else reverts
 * with no data. It keeps no state, so calls and estimates are all it is used for.
 */

/** One instruction or a label of the tiny assembler below. */
type Piece = { op: string } | { push: number | string; bytes?: number } | { label: string } | { pushLabel: string } | { raw: string }

const OPCODES: Record<string, string> = {
  STOP: '00',
  EQ: '14',
  ISZERO: '15',
  SHR: '1c',
  CALLER: '33',
  CALLDATALOAD: '35',
  CODECOPY: '39',
  MSTORE: '52',
  JUMPI: '57',
  JUMPDEST: '5b',
  DUP1: '80',
  RETURN: 'f3',
  REVERT: 'fd',
}

/** Hex of a push of `value` (a number, or hex without 0x) in `bytes` bytes (PUSH1..PUSH32). */
function push(value: number | string, bytes?: number): string {
  const hex = typeof value === 'number' ? value.toString(16) : value
  const size = bytes ?? Math.max(1, Math.ceil(hex.length / 2))
  return (0x5f + size).toString(16) + hex.padStart(size * 2, '0')
}

/** Assembles `pieces` (labels resolved; every label push is one byte, the code being short). */
function assemble(pieces: readonly Piece[]): string {
  const size = (piece: Piece): number =>
    'op' in piece ? 1 : 'push' in piece ? push(piece.push, piece.bytes).length / 2 : 'pushLabel' in piece ? 2 : 'raw' in piece ? piece.raw.length / 2 : 0
  const labels = new Map<string, number>()
  let offset = 0
  for (const piece of pieces) {
    if ('label' in piece) labels.set(piece.label, offset)
    offset += size(piece)
  }
  return pieces
    .map((piece) => {
      if ('op' in piece) return OPCODES[piece.op]!
      if ('push' in piece) return push(piece.push, piece.bytes)
      if ('pushLabel' in piece) return push(labels.get(piece.pushLabel)!, 1)
      if ('raw' in piece) return piece.raw
      return ''
    })
    .join('')
}

/** Error(reason), ABI-encoded: the selector, the offset 32, the length, the bytes padded to 32. */
export function errorStringData(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8')
  const word = (n: number): string => n.toString(16).padStart(64, '0')
  return `08c379a0${word(32)}${word(bytes.length)}${bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0')}`
}

/** The runtime code of the probe token (hex, no 0x). */
export function probeTokenRuntime(): string {
  const empty = EMPTY_ACCOUNT.slice(2).replace(/^0+/, '')
  const payload = errorStringData(TRANSFER_REVERT_REASON)
  const length = payload.length / 2
  const code: Piece[] = [
    { push: 0 },
    { op: 'CALLDATALOAD' },
    { push: 0xe0 },
    { op: 'SHR' },
    { op: 'DUP1' },
    { push: '70a08231', bytes: 4 },
    { op: 'EQ' },
    { pushLabel: 'balanceOf' },
    { op: 'JUMPI' },
    { op: 'DUP1' },
    { push: 'a9059cbb', bytes: 4 },
    { op: 'EQ' },
    { pushLabel: 'transfer' },
    { op: 'JUMPI' },
    { push: 0 },
    { op: 'DUP1' },
    { op: 'REVERT' },
    // balanceOf(a): a != EMPTY_ACCOUNT, as one word.
    { label: 'balanceOf' },
    { op: 'JUMPDEST' },
    { push: 4 },
    { op: 'CALLDATALOAD' },
    { push: empty },
    { op: 'EQ' },
    { op: 'ISZERO' },
    { push: 0 },
    { op: 'MSTORE' },
    { push: 32 },
    { push: 0 },
    { op: 'RETURN' },
    // transfer(to, value): true, or Error(reason) when the caller is EMPTY_ACCOUNT.
    { label: 'transfer' },
    { op: 'JUMPDEST' },
    { op: 'CALLER' },
    { push: empty },
    { op: 'EQ' },
    { pushLabel: 'refuse' },
    { op: 'JUMPI' },
    { push: 1 },
    { push: 0 },
    { op: 'MSTORE' },
    { push: 32 },
    { push: 0 },
    { op: 'RETURN' },
    { label: 'refuse' },
    { op: 'JUMPDEST' },
    { push: length },
    { pushLabel: 'payload' },
    { push: 0 },
    { op: 'CODECOPY' },
    { push: length },
    { push: 0 },
    { op: 'REVERT' },
    { label: 'payload' },
    { raw: payload },
  ]
  return assemble(code)
}

/** The init code that deploys the probe token: it copies the runtime into memory and returns it. */
export function probeTokenInitCode(): string {
  const runtime = probeTokenRuntime()
  const length = runtime.length / 2
  // PUSH1 length, PUSH1 offset (the init code's own length, 12), PUSH1 0, CODECOPY, PUSH1 length, PUSH1 0, RETURN.
  const init = `${push(length, 1)}${push(12, 1)}${push(0, 1)}39${push(length, 1)}${push(0, 1)}f3`
  return `0x${init}${runtime}`
}
