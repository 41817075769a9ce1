import { keccak_256 } from '@noble/hashes/sha3.js'
import type { MutantDefinition } from '../mutant.js'
import { errorCode, isObject } from '../rpcMessage.js'

/** The chain id the reference runs with (its default): the one a chain-specific checksum is made for. */
const REFERENCE_CHAIN_ID = 901

/**
 * The EIP-1191 spelling of a lower-case address for `chainId`: the case of each letter from the
 * keccak of "<chainId>0x<address>", not of the address alone (EIP-55). Nodes of chains that adopted
 * it (RSK) answer so; the interface allows any case, and a library that demands EIP-55 refuses it.
 */
export function chainChecksumAddress(address: string, chainId: number): string {
  const hex = address.slice(2).toLowerCase()
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(`${chainId}0x${hex}`))).toString('hex')
  return `0x${[...hex].map((c, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`
}

const ADDRESS_KEYS = new Set(['miner', 'from', 'to', 'contractAddress', 'address'])

function chainChecksummed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(chainChecksummed)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      ADDRESS_KEYS.has(k) && typeof v === 'string' && /^0x[0-9a-f]{40}$/.test(v) ? chainChecksumAddress(v, REFERENCE_CHAIN_ID) : chainChecksummed(v),
    ]),
  )
}

/** A revert's words as a node that does not say "revert" gives them (OpenEthereum and Nethermind answered this). */
export const VM_ERROR_MESSAGE = 'VM execution error.'

/**
 * Broken variants that the interface document allows but client libraries do not read (CLIENT-COMPAT):
 * every other requirement passes them, and a library's reading of them fails. Each is a deviation
 * real nodes made.
 */
export const clientMutants: MutantDefinition[] = [
  {
    name: 'client-revert-message-without-revert',
    requirement: 'CLIENT-COMPAT',
    description: `eth_call and eth_estimateGas answer a revert with code 3 and its data, but the message "${VM_ERROR_MESSAGE}": JSON-RPC codes are what the interface names, while ethers and web3 look for "revert" in the message before they read the data, so they lose the reason`,
    create: () => ({
      response: (call, response) => {
        if ((call.method !== 'eth_call' && call.method !== 'eth_estimateGas') || errorCode(response) !== 3 || !isObject(response) || !isObject(response.error))
          return response
        return { ...response, error: { ...response.error, message: VM_ERROR_MESSAGE } }
      },
    }),
  },
  {
    name: 'client-address-chain-checksum',
    requirement: 'CLIENT-COMPAT',
    description: `every address in every answer spelled with the EIP-1191 checksum of chain ${REFERENCE_CHAIN_ID} (mixed case, but not EIP-55's): the interface allows any case (the equivalent EIP-55 variant passes everything), ethers refuses a mixed case that is not EIP-55`,
    create: () => ({
      response: (_call, response) => (isObject(response) && 'result' in response ? { ...response, result: chainChecksummed(response.result) } : response),
      notification: (message) => chainChecksummed(message) as Record<string, unknown>,
    }),
  },
]
