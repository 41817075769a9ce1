import { OMIT, type MutantDefinition } from '../mutant.js'
import { flipLastDigit, isObject, resultAnswer } from '../rpcMessage.js'

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
  {
    name: 'subscribe-drops-every-other-head',
    requirement: 'RPC-SUBSCRIBE',
    description: 'newHeads notifies only every other new block (a node that drops notifications under load)',
    create: () => {
      let heads = 0
      return { notification: (message) => (message.method === 'eth_subscription' && isHeader(message.params) && heads++ % 2 === 1 ? OMIT : message) }
    },
  },
  {
    name: 'subscribe-mislabelled-id',
    requirement: 'RPC-SUBSCRIBE',
    description: 'every notification carries a subscription id other than the one eth_subscribe answered',
    create: () => ({
      notification: (message) =>
        message.method === 'eth_subscription' && isObject(message.params)
          ? { ...message, params: { ...message.params, subscription: flipLastDigit(message.params.subscription) } }
          : message,
    }),
  },
  {
    name: 'subscribe-logs-filter-ignored',
    requirement: 'RPC-SUBSCRIBE',
    description: 'eth_subscribe ["logs", {address}] notifies every log, whatever its address (the filter is dropped)',
    create: () => ({
      request: (call) =>
        call.transport === 'ws' &&
        call.method === 'eth_subscribe' &&
        call.params[0] === 'logs' &&
        isObject(call.params[1]) &&
        call.params[1].address !== undefined
          ? { forward: { ...(call.request as Record<string, unknown>), params: ['logs', {}] } }
          : undefined,
    }),
  },
]
