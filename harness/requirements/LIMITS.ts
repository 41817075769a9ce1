import { requirement } from './requirement.js'

/** LIMITS: the limits the target enforces, measured (largest block range, batch, request body, WebSocket message; rate limiting seen). */
export const row = requirement({
  id: 'LIMITS',
  level: 'INFO',
  text: 'the limits the target enforces, measured (largest block range, batch, request body, WebSocket message; rate limiting seen)',
  section: '8 (limits are not stated, so they are measured and reported, never failed)',
})
