import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

/** What Token.json holds: everything the node needs from the compiler, committed so start-up never compiles. */
export interface TokenArtifact {
  contractName: 'Token'
  compiler: { version: string; evmVersion: 'berlin'; optimizer: { enabled: true; runs: number } }
  abi: unknown[]
  /** Creation code (constructor + runtime), for deployments made by transactions. */
  bytecode: string
  /** Runtime code, placed at genesis at each treasury token's address. */
  deployedBytecode: string
  /** State variable -> storage slot (decimal string), from the compiler's storageLayout output. */
  storageLayout: Record<string, string>
}

const sourcePath = fileURLToPath(new URL('./Token.sol', import.meta.url))
const artifactPath = fileURLToPath(new URL('./Token.json', import.meta.url))

/**
 * Compiles Token.sol with the npm `solc` package for the Berlin EVM (the reference node's hardfork:
 * no PUSH0, no BASEFEE) and returns the artifact. `bytecodeHash: 'none'` keeps the runtime code
 * independent of the metadata file, so the committed artifact is reproducible.
 */
export async function compileToken(): Promise<TokenArtifact> {
  const source = await readFile(sourcePath, 'utf8')
  const input = {
    language: 'Solidity',
    sources: { 'Token.sol': { content: source } },
    settings: {
      evmVersion: 'berlin',
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none' },
      outputSelection: { 'Token.sol': { Token: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'storageLayout'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<
      string,
      Record<
        string,
        {
          abi: unknown[]
          evm: { bytecode: { object: string }; deployedBytecode: { object: string } }
          storageLayout: { storage: { label: string; slot: string }[] }
        }
      >
    >
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`Token.sol does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const contract = output.contracts['Token.sol']?.['Token']
  if (contract === undefined) throw new Error('Token.sol: the compiler returned no Token contract')
  return {
    contractName: 'Token',
    compiler: { version: String(solc.version()), evmVersion: 'berlin', optimizer: { enabled: true, runs: 200 } },
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    storageLayout: Object.fromEntries(contract.storageLayout.storage.map((v) => [v.label, v.slot])),
  }
}

// Run as a script (`node --import tsx reference-impl/contracts/compileToken.ts`): rewrite Token.json.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const artifact = await compileToken()
  await writeFile(artifactPath, `${JSON.stringify(artifact, null, 2)}\n`)
  process.stderr.write(`wrote ${artifactPath} (solc ${artifact.compiler.version})\n`)
}
