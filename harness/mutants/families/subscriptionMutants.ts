import { OMIT, type MutantDefinition } from '../mutant.js'
import { resultAnswer } from '../rpcMessage.js'

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
    name: 'subscribe-no-notifications',
    requirement: 'RPC-SUBSCRIBE',
    description: 'eth_subscribe answers a subscription id, but no notification is ever sent',
    create: () => ({ notification: (message) => (message.method === 'eth_subscription' ? OMIT : message) }),
  },
]
