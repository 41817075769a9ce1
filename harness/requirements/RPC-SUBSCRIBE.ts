import { requirement } from './requirement.js'

/** RPC-SUBSCRIBE: subscriptions over WebSocket notify, and stop once cancelled. */
export const row = requirement({
  id: 'RPC-SUBSCRIBE',
  level: 'MUST',
  text: 'eth_subscribe (newHeads at least) notifies; eth_unsubscribe cancels and notifications stop',
  section: '6',
})

// The judges, each a pure function of the notifications and the blocks the chain made meanwhile
// (a moving head: no block made is inconclusive, never a pass). The scenario that collects them, and
// how long it waits, is suites/support/liveSubscriptions.ts.
export { judgeNewHeads } from '../checks/judgeNewHeads.js'
export { judgeLogNotifications } from '../checks/judgeLogNotifications.js'
export { judgeUnsubscribe } from '../checks/judgeUnsubscribe.js'
export type { HeadWindow, LiveVerdict } from '../checks/liveVerdict.js'
