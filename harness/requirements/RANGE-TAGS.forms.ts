import { toQuantity } from '../generate/toQuantity.js'

/** The forms a bound of eth_getBlockRange may take (interface section 4.2: a tag, or a number as a hex quantity or a plain JSON integer). */
export type BoundForm = 'earliest' | 'latest' | 'pending' | 'hex' | 'integer'

export const BOUND_FORMS: readonly BoundForm[] = ['earliest', 'latest', 'pending', 'hex', 'integer']

/** One bound as sent, and the block number it stands for with the head where it was chosen. */
export interface RangeBound {
  form: BoundForm
  /** The JSON value sent: the tag, the hex quantity, or the integer. */
  param: string | number
  /** The block it names, the head being `head` (tags: earliest 0, latest and pending the head). */
  block: number
}

/** A range written in two forms, and the same range written as two hex quantities. */
export interface RangeFormCase {
  /** `hex-latest`, `integer-hex`...: the forms of start and end. */
  name: string
  start: RangeBound
  end: RangeBound
  /** The equivalent params with both bounds as hex quantities (the range to compare with). */
  equivalent: [string, string]
  /** Whether a tag that names the head is in it: the answer depends on the head, which may move. */
  followsHead: boolean
}

/** A range of blocks `start`..`end` is cheap enough to fetch twice per case: the earliest-to-head case stays small. */
const CHEAP_SPAN = 64
/**
 * Numbers of at least this size read differently as decimal and as hex digits (10 is 0x10 = 16 if
 * misread), so an integer read as hex digits names another block.
 */
const AMBIGUOUS_FROM = 10

/** A bound of `form` naming block `number` (ignored for tags), the head being `head`. */
export function boundOf(form: BoundForm, number: number, head: number): RangeBound {
  switch (form) {
    case 'earliest':
      return { form, param: 'earliest', block: 0 }
    case 'latest':
    case 'pending':
      return { form, param: form, block: head }
    case 'hex':
      return { form, param: toQuantity(number), block: number }
    case 'integer':
      return { form, param: number, block: number }
  }
}

const isTag = (form: BoundForm): boolean => form === 'earliest' || form === 'latest' || form === 'pending'
const namesHead = (form: BoundForm): boolean => form === 'latest' || form === 'pending'

/**
 * Every combination of start and end forms (RANGE-TAGS) that makes a valid range on a chain whose
 * head is `head`: start at most end, at most `maxBlockRange` blocks, the end at most the head.
 * Numbers are chosen near the head and, where the head allows, at least 10, so an integer misread
 * as hex digits names another block. A numeric end after a head tag is the head itself.
 */
export function rangeFormCases(head: number, maxBlockRange: number): RangeFormCase[] {
  const cases: RangeFormCase[] = []
  const nearHead = Math.max(0, head - 2)
  const small = Math.min(head, Math.max(AMBIGUOUS_FROM + 2, 2), Math.max(0, maxBlockRange - 1))
  for (const startForm of BOUND_FORMS) {
    for (const endForm of BOUND_FORMS) {
      // Two hex numbers are the equivalent itself: the range every other form is compared with.
      if (startForm === 'hex' && endForm === 'hex') continue
      const startNumber = endForm === 'earliest' ? 0 : nearHead
      const endNumber = namesHead(startForm) ? head : startForm === 'earliest' ? small : Math.max(nearHead, head - 1)
      const start = boundOf(startForm, startNumber, head)
      const end = boundOf(endForm, endNumber, head)
      const span = end.block - start.block + 1
      if (span < 1 || span > maxBlockRange) continue
      if (isTag(startForm) && isTag(endForm) && span > CHEAP_SPAN) continue
      cases.push({
        name: `${startForm}-${endForm}`,
        start,
        end,
        equivalent: [toQuantity(start.block), toQuantity(end.block)],
        followsHead: namesHead(startForm) || namesHead(endForm),
      })
    }
  }
  return cases
}
