import { join } from 'node:path'
import { normalisePrivateKey, parseHeaders, randomSeed, type RunConfig } from './runConfig.js'

/** The environment variable through which `l2conf run` hands its config to the suite (secrets stay in memory). */
export const RUN_CONFIG_ENV = 'L2CONF_RUN_CONFIG'

/** A development key of the bundled reference (the tenth well-known test account), for --reference runs. */
export const REFERENCE_DEV_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

/**
 * The run config for the conformance suites: the one `l2conf run` put in L2CONF_RUN_CONFIG, or one
 * built from L2CONF_RPC, L2CONF_WS, L2CONF_REST, L2CONF_PROFILE, L2CONF_PRIVATE_KEY, L2CONF_SEED,
 * L2CONF_RUNS, L2CONF_STRICT and L2CONF_HEADER (a plain `npx vitest --project conformance`).
 * Without any target it asks for the bundled reference.
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv, root: string): RunConfig {
  const passed = env[RUN_CONFIG_ENV]
  if (passed !== undefined && passed !== '') return JSON.parse(passed) as RunConfig
  const reference = env.L2CONF_RPC === undefined || env.L2CONF_RPC === ''
  const profile = env.L2CONF_PROFILE === 'full' || (reference && env.L2CONF_PROFILE === undefined) ? 'full' : 'read-only'
  const key = env.L2CONF_PRIVATE_KEY
  return {
    rpc: reference ? null : (env.L2CONF_RPC ?? null),
    ws: env.L2CONF_WS ?? null,
    rest: env.L2CONF_REST ?? null,
    reference,
    profile,
    privateKey: key !== undefined && key !== '' ? normalisePrivateKey(key) : reference ? REFERENCE_DEV_KEY : null,
    openrpc: env.L2CONF_OPENRPC ?? join(root, 'openrpc.json'),
    openapi: env.L2CONF_OPENAPI ?? join(root, 'openapi.yaml'),
    only: [],
    skip: [],
    seed: env.L2CONF_SEED !== undefined ? Number(env.L2CONF_SEED) : randomSeed(),
    runs: env.L2CONF_RUNS !== undefined ? Number(env.L2CONF_RUNS) : 20,
    timeoutMs: 10_000,
    concurrency: 8,
    rate: null,
    headers: env.L2CONF_HEADER !== undefined ? parseHeaders([env.L2CONF_HEADER]) : {},
    strict: env.L2CONF_STRICT === '1' || env.L2CONF_STRICT === 'true',
    expectFailures: null,
    reportDir: null,
    maxTimeMs: 600_000,
    tls: { ca: env.L2CONF_CA ?? null, insecure: env.L2CONF_INSECURE === '1' || env.L2CONF_INSECURE === 'true' },
    servers: [],
    serverVariables: {},
    discover: env.L2CONF_DISCOVER !== '0' && env.L2CONF_DISCOVER !== 'false',
    discoverCaps: { blockRange: 10_000, batchItems: 10_000, requestBytes: 16 * 1024 * 1024 },
  }
}
