import { resolve } from 'node:path'
import { HarnessError, isHarnessError } from '../errors/harnessError.js'
import { loadExpectations, type Expectation } from '../report/expectations.js'
import { textRedactor } from '../report/redact.js'
import type { Report } from '../report/result.js'
import { resolveServers } from '../servers/resolveServers.js'
import { targetFromServers } from '../servers/targetFromServers.js'
import { compiledBefore, rememberCompiled } from '../spec/compiledSpecStore.js'
import type { ValidatorOptions } from '../spec/documentValidators.js'
import { loadOpenApi } from '../spec/loadOpenApi.js'
import { loadOpenRpc } from '../spec/loadOpenRpc.js'
import { readCaFile } from '../tls/readCaFile.js'
import { maskUrl, urlSecrets } from '../transport/maskUrl.js'
import { catalogue, requirementIds } from '../requirements/index.js'
import type { OpenApiSpec } from '../spec/loadOpenApi.js'
import type { OpenRpcSpec } from '../spec/loadOpenRpc.js'
import { declareChecks, type CheckDeclaration } from './registry.js'
import { REFERENCE_DEV_KEY, type RunConfig } from './runConfig.js'
import { unmatchedGlobs } from './selection.js'
import { shardSlice } from './shardSlice.js'
import type { ListedCheck } from './listRows.js'

/** A run whose configuration has been checked: everything known before anything is sent. */
export interface PreparedRun {
  config: RunConfig
  expectations: Expectation[]
  specs: Report['specs']
  /** The specs, loaded (and, unless these bytes compiled before, every validator compiled). */
  loaded: { openrpc: OpenRpcSpec; openapi: OpenApiSpec }
  /** The checks this run runs: every check the requirements declare for the specs, or this shard's slice of them. */
  declared: CheckDeclaration[]
  /** The same checks as `--list` and the report know them (id, requirement, level, title, needs). */
  catalogue: ListedCheck[]
  /** Every check of the unsharded run (a shard's report names them, so `merge` can tell one missing). */
  wholeCatalogue: ListedCheck[]
  /** Requirements that could not declare their checks (their checks are missing: the run cannot pass). */
  declarationErrors: string[]
  /** Masks header values, the private key, URL credentials and --redact patterns in any text. */
  redact: (text: string) => string
  /** The secrets `redact` masks, for redactReport. */
  secrets: string[]
  /** Lines worth telling the operator (which --server gave which address). */
  notices: string[]
}

/**
 * Checks a parsed run configuration against everything it names, before anything is sent
 * (ARCHITECTURE.md, the CLI contract: bad usage or config is exit 2): the CA file, the expectations
 * file, both specs, the --server / --var addresses, and that every --only / --skip glob selects
 * something, and declares the requirements' checks for the specs (this shard's slice of them). Throws HarnessError L2CONF_ERR_USAGE (or L2CONF_ERR_SPEC) with a
 * message for the operator; `config` is completed in place (absolute paths, addresses from servers).
 */
export async function prepareRun(config: RunConfig, root: string, options: { needCatalogue?: boolean } = {}): Promise<PreparedRun> {
  config.openrpc = resolve(config.openrpc)
  config.openapi = resolve(config.openapi)
  if (config.tls.ca !== null) {
    // Read now, so a wrong path is a usage error (exit 2), not a TLS failure later; absolute for the suite's workers.
    config.tls.ca = resolve(config.tls.ca)
    readCaFile(config.tls.ca)
  }
  const expectations = config.expectFailures === null ? [] : loadExpectations(config.expectFailures)

  let specs: Report['specs']
  let servers
  let loaded: PreparedRun['loaded']
  try {
    const [openrpc, openapi] = await Promise.all([loadVetted(config.openrpc, loadOpenRpc), loadVetted(config.openapi, loadOpenApi)])
    loaded = { openrpc, openapi }
    specs = {
      openrpc: { path: openrpc.file, version: openrpc.version, sha256: openrpc.sha256 },
      openapi: { path: openapi.file, version: openapi.version, sha256: openapi.sha256 },
    }
    servers = { openrpc: openrpc.servers, openapi: openapi.servers }
  } catch (error) {
    if (isHarnessError(error)) throw new HarnessError(error.code, `${error.message} (try 'l2conf lint')`, error.details, { cause: error })
    throw error
  }

  // --server NAME / --var name=value: addresses from the specs' servers (a --var nothing takes is refused, --reference runs too).
  const resolved = resolveServers(config.servers, config.serverVariables, servers)
  if (!config.reference) Object.assign(config, targetFromServers({ rpc: config.rpc, ws: config.ws, rest: config.rest }, resolved, servers))
  const notices = resolved.addresses.map((address) => `--server ${address.server} (${address.spec}) gives ${address.flag} ${maskUrl(address.url)}`)

  // The checks the requirements declare for these specs, known without sending anything: --only / --skip are
  // vetted against every check (not one shard's: the same flags must be valid in every slice).
  const everyCheck = declareChecks(catalogue, { config, ...loaded })
  if (options.needCatalogue === true && everyCheck.errors.length > 0)
    throw new HarnessError('L2CONF_ERR_USAGE', `a requirement failed to declare its checks: ${everyCheck.errors.join('; ')}`)
  const wholeCatalogue = everyCheck.checks.map(listed)
  const unmatched = unmatchedGlobs(config, wholeCatalogue, requirementIds)
  if (unmatched.length > 0) {
    throw new HarnessError(
      'L2CONF_ERR_USAGE',
      [
        ...unmatched.map(({ flag, glob }, index) => `${index === 0 ? '' : '  '}${flag} '${glob}' matches no check id and no requirement id`),
        `  requirement ids: ${requirementIds.join(', ')}`,
        `  check ids: see 'l2conf run --list' (it sends nothing)`,
      ].join('\n'),
    )
  }
  const declared = config.shard === null ? everyCheck.checks : shardSlice(everyCheck.checks, config.shard, config)
  const secrets = runSecrets(config)
  return {
    config,
    expectations,
    specs,
    loaded,
    declared,
    catalogue: declared.map(listed),
    wholeCatalogue,
    declarationErrors: everyCheck.errors,
    redact: textRedactor(secrets, config.redact),
    secrets,
    notices,
  }
}

/** A declared check as `--list` and the report's catalogue show it. */
function listed(check: CheckDeclaration): ListedCheck {
  return { ...check.spec, needs: check.needs }
}

/**
 * A spec loaded with every validator compiled, so that a schema that does not compile is found before
 * anything is sent; unless these very bytes compiled whole before with the code running now
 * (compiledSpecStore), when they are loaded as they are and the validators compile on first use.
 */
async function loadVetted<Spec extends { sha256: string }>(file: string, load: (file: string, options?: ValidatorOptions) => Promise<Spec>): Promise<Spec> {
  const loaded = await load(file, { compile: 'on-first-use' })
  if (compiledBefore(loaded.sha256)) return loaded
  const compiled = await load(file)
  rememberCompiled(compiled.sha256)
  return compiled
}

/** What no output may show: header values, a private key that is not the reference's public one, URL credentials. */
export function runSecrets(config: RunConfig): string[] {
  return [
    ...Object.values(config.headers),
    // The reference's development key is public; any other key is a secret.
    ...(config.privateKey === null || config.privateKey === REFERENCE_DEV_KEY ? [] : [config.privateKey]),
    ...[config.rpc, config.ws, config.rest].flatMap((url) => (url === null ? [] : urlSecrets(url))),
  ]
}
