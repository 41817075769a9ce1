import { OMIT, type MutantDefinition } from '../mutant.js'
import { isObject, resultAnswer } from '../rpcMessage.js'

/** A newHeads notification's params: the result is a block header. */
const isHeader = (params: unknown): boolean => isObject(params) && isObject(params.result) && 'parentHash' in params.result

/** Broken variants of WebSocket subscriptions: RPC-SUBSCRIBE. */
export const subscriptionMutants: MutantDefinition[] = [
  {
    name: 'subscribe-unsubscribe-ignored',
    requirement: 'RPC-SUBSCRIBE',
    description: 'eth_unsubscribe answers true but cancels nothing: the notifications keep coming',
    create: () => ({
      request: (call) => (call.transport === 'ws' && call.method === 'eth_unsubscribe' ? { answer: resultAnswer(call.id, true) } : undefined),
    }),
  },
  {
    name: 'subscribe-no-new-heads',
    requirement: 'RPC-SUBSCRIBE',
    description: 'eth_subscribe ["newHeads"] answers a subscription id, but no block header is ever notified (logs still are)',
    create: () => ({ notification: (message) => (message.method === 'eth_subscription' && isHeader(message.params) ? OMIT : message) }),
  },
]
