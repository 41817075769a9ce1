import type { Exchange } from '../harness/transport/exchange.js'
import type { AnswerCheck } from './answerCheck.js'

/**
 * Judges an exchange made through the harness's transports as the benchmarks judge a bare answer:
 * undefined when it carries an answer that passes `check`, else why not (a harness failure first).
 * @example exchangeProblem(await http.call('eth_blockNumber'), resultCheck(isQuantity, 'a quantity'))
 */
export function exchangeProblem(exchange: Exchange, check: AnswerCheck): string | undefined {
  if (exchange.failure !== undefined) return `${exchange.failure.code}: ${exchange.failure.message}`
  return check(exchange.response)
}
