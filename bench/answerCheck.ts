/** Judges a parsed JSON-RPC answer: undefined when it is what the benchmark asked for, else why not. */
export type AnswerCheck = (answer: unknown) => string | undefined

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function excerpt(value: unknown): string {
  return JSON.stringify(value).slice(0, 200)
}

/**
 * A check that the answer is a JSON-RPC success whose `result` passes `test` (`what` names it in the reason).
 * @example resultCheck((r) => Array.isArray(r) && r.length === 100, '100 blocks')
 */
export function resultCheck(test: (result: unknown) => boolean, what: string): AnswerCheck {
  return (answer) => (isObject(answer) && 'result' in answer && test(answer.result) ? undefined : `expected ${what}, got ${excerpt(answer)}`)
}

/**
 * A check that the answer is a batch of `count` JSON-RPC successes whose results each pass `test`.
 * @example batchCheck(100, (r) => typeof r === 'object' && r !== null, 'a block')
 */
export function batchCheck(count: number, test: (result: unknown) => boolean, what: string): AnswerCheck {
  return (answer) => {
    if (!Array.isArray(answer) || answer.length !== count) return `expected a batch of ${count} answers, got ${excerpt(answer)}`
    for (const item of answer) {
      if (!isObject(item) || !('result' in item) || !test(item.result)) return `expected ${what} in every item, got ${excerpt(item)}`
    }
    return undefined
  }
}

/** True for a JSON object (a block, a transaction). */
export function isBlockObject(value: unknown): boolean {
  return isObject(value) && typeof value.number === 'string' && Array.isArray(value.transactions)
}
