import type { MethodSpec, OpenRpcSpec } from '../../harness/spec/loadOpenRpc.js'

/** An `x-` extension of a method in the (dereferenced) OpenRPC document, or undefined. */
export function methodExtension(spec: OpenRpcSpec, method: string, key: string): unknown {
  const methods = (spec.document as { methods?: Array<Record<string, unknown>> }).methods ?? []
  return methods.find((m) => m.name === method)?.[key]
}

/** The method is served over HTTP (not a WebSocket-only method such as eth_subscribe). */
export function overHttp(method: MethodSpec): boolean {
  return method.transports.includes('http')
}

/**
 * The method changes state when it succeeds (`x-mutates-state` in openrpc.json): the read-only profile
 * never sends it with params that could succeed.
 */
export function mutatesState(spec: OpenRpcSpec, method: MethodSpec): boolean {
  return methodExtension(spec, method.name, 'x-mutates-state') === true
}

/**
 * The method is one of the node's own (`x-custom` in openrpc.json: eth_getBlockRange, rollup_*): its
 * behaviour is certified by its own requirements (RANGE-*, INFO-*, GAS-*), not by RPC-STANDARD.
 */
export function isCustom(spec: OpenRpcSpec, method: MethodSpec): boolean {
  return methodExtension(spec, method.name, 'x-custom') === true
}

/** Whether the suite may generate params for the method (`x-generated-params: false` opts out of unbounded work, e.g. eth_getLogs). */
export function generatesParams(spec: OpenRpcSpec, method: MethodSpec): boolean {
  return methodExtension(spec, method.name, 'x-generated-params') !== false
}

/** Standard methods a read-only run can call with any valid params: over HTTP, not blocked, not custom, not mutating. */
export function readOnlyStandardMethods(spec: OpenRpcSpec): MethodSpec[] {
  return spec.methods.filter((m) => overHttp(m) && m.blocked === undefined && !isCustom(spec, m) && !mutatesState(spec, m))
}
