import { requirement } from './requirement.js'

/** SPEC-VALID: openrpc.json and openapi.yaml valid against their meta-schemas; every example valid against its schema. */
export const row = requirement({
  id: 'SPEC-VALID',
  level: 'MUST',
  text: 'openrpc.json and openapi.yaml valid against their meta-schemas; every example valid against its schema',
  section: '2.4 and 9 (the interface descriptions), OpenRPC 1.3, OpenAPI 3.0',
})
