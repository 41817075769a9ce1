/** How a header field of an RPC block object is encoded into the header's RLP list. */
export type HeaderFieldKind = 'hash' | 'address' | 'bloom' | 'quantity' | 'bytes' | 'nonce'

export interface HeaderField {
  /** The field's name in the JSON-RPC block object. */
  name: string
  kind: HeaderFieldKind
}

/** The standard layouts; a header with another mix of fork fields is named "<layout>+<field>…". */
export type HeaderLayoutName = 'pre-london' | 'london' | 'shanghai' | 'cancun' | 'prague'

export interface HeaderLayout {
  /** A standard layout name, or e.g. "pre-london+blobGasUsed+excessBlobGas" for a non-standard mix. */
  name: string
  fields: readonly HeaderField[]
}

/** The 15 fields of every header since Frontier, in RLP order (yellow paper, section 4.3). */
export const baseHeaderFields: readonly HeaderField[] = [
  { name: 'parentHash', kind: 'hash' },
  { name: 'sha3Uncles', kind: 'hash' },
  { name: 'miner', kind: 'address' },
  { name: 'stateRoot', kind: 'hash' },
  { name: 'transactionsRoot', kind: 'hash' },
  { name: 'receiptsRoot', kind: 'hash' },
  { name: 'logsBloom', kind: 'bloom' },
  { name: 'difficulty', kind: 'quantity' },
  { name: 'number', kind: 'quantity' },
  { name: 'gasLimit', kind: 'quantity' },
  { name: 'gasUsed', kind: 'quantity' },
  { name: 'timestamp', kind: 'quantity' },
  { name: 'extraData', kind: 'bytes' },
  { name: 'mixHash', kind: 'hash' },
  { name: 'nonce', kind: 'nonce' },
]

/** The fields later forks append, in RLP order, with the layout each completes. */
export const forkHeaderFields: ReadonlyArray<HeaderField & { completes?: HeaderLayoutName }> = [
  { name: 'baseFeePerGas', kind: 'quantity', completes: 'london' }, // EIP-1559
  { name: 'withdrawalsRoot', kind: 'hash', completes: 'shanghai' }, // EIP-4895
  { name: 'blobGasUsed', kind: 'quantity' }, // EIP-4844
  { name: 'excessBlobGas', kind: 'quantity' },
  { name: 'parentBeaconBlockRoot', kind: 'hash', completes: 'cancun' }, // EIP-4788
  { name: 'requestsHash', kind: 'hash', completes: 'prague' }, // EIP-7685
]

/**
 * The header layout of an RPC block object, by the fields it carries: the 15 base fields, then
 * each fork field present (not absent, not null) in fork order. A standard chain's headers carry a
 * prefix of the fork fields (pre-london, london, shanghai, cancun, prague); a node that shows
 * another mix (Anvil at Berlin shows blobGasUsed and excessBlobGas, and hashes them) gets the
 * fields it shows, as alloy-based nodes encode them. Answers an error when a base field is missing.
 */
export function headerLayout(block: Record<string, unknown>): HeaderLayout | { error: string } {
  const missing = baseHeaderFields.filter((field) => block[field.name] === undefined).map((field) => field.name)
  if (missing.length > 0) return { error: `missing header field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` }
  const present = forkHeaderFields.filter((field) => block[field.name] !== undefined && block[field.name] !== null)
  let name: string = 'pre-london'
  let prefix = 0
  while (prefix < present.length && present[prefix] === forkHeaderFields[prefix]) prefix += 1
  for (const field of forkHeaderFields.slice(0, prefix)) name = field.completes ?? name
  // A prefix that stops inside a fork's group (blobGasUsed without parentBeaconBlockRoot) or any
  // field past a gap makes a non-standard layout: name the fields beyond the last complete layout.
  const lastComplete = forkHeaderFields.findIndex((field) => field.completes === name)
  const extras = present.slice(lastComplete + 1).map((field) => field.name)
  if (extras.length > 0) name = `${name}+${extras.join('+')}`
  return { name, fields: [...baseHeaderFields, ...present] }
}
