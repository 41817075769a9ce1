import { keccak_256 } from '@noble/hashes/sha3.js'
import type { MutantDefinition } from '../mutant.js'
import { isObject } from '../rpcMessage.js'

/** The EIP-55 mixed-case spelling of a lower-case address. */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase()
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString('hex')
  return `0x${[...hex].map((c, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`
}

const ADDRESS_KEYS = new Set(['miner', 'from', 'to', 'contractAddress', 'address'])

function checksummed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(checksummed)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      ADDRESS_KEYS.has(k) && typeof v === 'string' && /^0x[0-9a-f]{40}$/.test(v) ? checksumAddress(v) : checksummed(v),
    ]),
  )
}

/**
 * Equivalent variants: answers that differ from the reference's but that JSON-RPC and the spec allow.
 * Their requirement is null: a correct suite passes them (a failure is a false alarm of the suite).
 */
export const equivalentMutants: MutantDefinition[] = [
  {
    name: 'equivalent-batch-reversed',
    requirement: null,
    description: 'batch answers in reverse order (JSON-RPC 2.0 section 6: any order, matched by id)',
    create: () => ({ batch: (items) => [...items].reverse() }),
  },
  {
    name: 'equivalent-checksum-addresses',
    requirement: null,
    description: 'every address in every answer spelled with its EIP-55 checksum (the spec allows mixed case)',
    create: () => ({
      response: (_call, response) => (isObject(response) && 'result' in response ? { ...response, result: checksummed(response.result) } : response),
      notification: (message) => checksummed(message) as Record<string, unknown>,
    }),
  },
]
