import type { RunConfig } from './runConfig.js'

/**
 * The options that shaped a run, for report.json's `options` (ARCHITECTURE.md report format: a report says how
 * it was made). Secrets stay out: header names only, never values; the private key and the --redact
 * patterns only as whether they were given.
 */
export function runOptions(config: RunConfig): Record<string, unknown> {
  return {
    reference: config.reference,
    blockTime: config.blockTime,
    referencePorts: config.referencePorts,
    profile: config.profile,
    strict: config.strict,
    runs: config.runs,
    timeoutMs: config.timeoutMs,
    concurrency: config.concurrency,
    rate: config.rate,
    maxTimeMs: config.maxTimeMs,
    discover: config.discover,
    discoverCaps: config.discoverCaps,
    openrpc: config.openrpc,
    openapi: config.openapi,
    expectFailures: config.expectFailures,
    tls: config.tls,
    servers: config.servers,
    headers: Object.keys(config.headers),
    privateKey: config.privateKey === null ? 'none' : 'given',
    redactPatterns: config.redact.length,
    maxFailures: config.maxFailures ?? null,
    shard: config.shard ?? null,
  }
}
