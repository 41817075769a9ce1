import { type JsonSchema, type SchemaContext, unsupported } from './jsonSchema.js'

export interface ResolvedSchema {
  schema: JsonSchema
  /** The name of the last component followed (e.g. "quantity"), a hint for the domain. */
  refName?: string
  context: SchemaContext
}

const componentRef = /^#\/components\/schemas\/([^/]+)$/

/**
 * Follows `$ref`s of the form `#/components/schemas/<name>` (OpenRPC and OpenAPI both use it) to
 * the schema they name; siblings of a $ref are ignored, as in draft-07 and OpenAPI 3.0.
 * Throws L2CONF_ERR_SPEC for another kind of ref, a missing name, or a cycle.
 */
export function resolveSchema(schema: unknown, context: SchemaContext): ResolvedSchema {
  let current = schema
  let refName: string | undefined
  let following = context.following
  while (current !== null && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
    const ref = (current as { $ref: string }).$ref
    const name = componentRef.exec(ref)?.[1]
    if (name === undefined) throw unsupported(context, `only #/components/schemas/<name> refs are followed, not ${ref}`)
    if (following.includes(ref)) throw unsupported(context, `the schema refers to itself through ${ref}`)
    const decoded = decodeURIComponent(name).replaceAll('~1', '/').replaceAll('~0', '~')
    if (!Object.hasOwn(context.schemas, decoded)) throw unsupported(context, `${ref} names no schema in components`)
    following = [...following, ref]
    current = context.schemas[decoded]
    refName = decoded
  }
  if (typeof current !== 'boolean' && (current === null || typeof current !== 'object' || Array.isArray(current))) {
    throw unsupported(context, `not a schema: ${JSON.stringify(current)}`)
  }
  const resolved: ResolvedSchema = { schema: current as JsonSchema, context: { ...context, following } }
  if (refName !== undefined) resolved.refName = refName
  return resolved
}
