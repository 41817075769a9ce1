import { requirement } from './requirement.js'

/** REST-SHAPE: each path in openapi.yaml: 200, JSON content type, body valid against its schema. */
export const row = requirement({
  id: 'REST-SHAPE',
  level: 'MUST',
  text: 'each path in openapi.yaml: 200, JSON content type, body valid against its schema',
  section: '2.4 and 4.4',
})
