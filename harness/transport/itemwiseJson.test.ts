import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { JsonShapeScanner, MAX_JSON_DEPTH } from '../../common/jsonShape.js'
import { parseItems } from './itemwiseJson.js'

/** The body cut into chunks at the given places (as a socket might hand it over). */
function chunked(body: Buffer, cuts: number[]): Buffer[] {
  const places = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b)
  const chunks: Buffer[] = []
  let from = 0
  for (const place of places) {
    if (place > from) chunks.push(Buffer.from(body.subarray(from, place)))
    from = Math.max(from, place)
  }
  if (from < body.length || chunks.length === 0) chunks.push(Buffer.from(body.subarray(from)))
  return chunks
}

/** What the transport does with a large body: scan its chunks, then parse the array an item at a time. */
function itemwise(chunks: Buffer[], maxItems = 10_000): unknown[] | undefined {
  const scanner = new JsonShapeScanner(MAX_JSON_DEPTH, { items: maxItems })
  for (const chunk of chunks) scanner.scan(chunk)
  const items = scanner.topLevelItems
  return items === undefined
    ? undefined
    : parseItems(
        chunks,
        items,
        chunks.reduce((sum, chunk) => sum + chunk.length, 0),
      )
}

/** JSON.parse of the whole body, or undefined when it is not JSON. */
function whole(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}

const whitespace = fc.array(fc.constantFrom(' ', '\n', '\r', '\t'), { maxLength: 3 }).map((parts) => parts.join(''))
const cuts = fc.array(fc.nat(), { maxLength: 12 })

describe('parseItems', () => {
  test('gives JSON.parse of the whole text for any array, however it is indented and cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(undefined, 0, 1, 2, '\t'),
        whitespace,
        whitespace,
        cuts,
        (value, indent, before, after, places) => {
          const body = Buffer.from(`${before}${JSON.stringify(value, null, indent)}${after}`)
          expect(itemwise(chunked(body, places))).toEqual(whole(body))
        },
      ),
    )
  })

  test('never gives a value JSON.parse would not: changed bytes, invalid UTF-8 and stray text are parsed whole or give the same value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
        cuts,
        (value, edits, places) => {
          const bytes = [...Buffer.from(JSON.stringify(value))]
          for (const [at, byte] of edits) bytes.splice(at % (bytes.length + 1), 0, byte)
          const body = Buffer.from(bytes)
          const parsed = itemwise(chunked(body, places))
          if (parsed !== undefined) expect(parsed).toEqual(whole(body))
        },
      ),
    )
  })

  test('leaves to the whole parse what is not one array of items: an object, two values, text around it, an empty array, too many items', () => {
    for (const text of ['{"a":[1,2]}', '[1,2][3]', '[1,2] 3', 'x[1,2]', '[1,2]"x"', '[]', '[ ]', '[1,,2]', '[1,2', '"[1,2]"', '1']) {
      expect(itemwise([Buffer.from(text)]), text).toBeUndefined()
    }
    expect(itemwise([Buffer.from('[1,2,3]')], 1)).toBeUndefined()
    expect(itemwise([Buffer.from('[1,2,3]')], 2)).toEqual([1, 2, 3])
  })

  test('reads an item cut across several chunks, and strings holding brackets, commas and escaped quotes', () => {
    const body = Buffer.from(' [{"result":"a,]\\"[b","id":1}, [1,[2,3]] ,"\\\\",null]\n')
    for (let size = 1; size <= 4; size++) {
      const chunks: Buffer[] = []
      for (let at = 0; at < body.length; at += size) chunks.push(Buffer.from(body.subarray(at, at + size)))
      expect(itemwise(chunks)).toEqual([{ result: 'a,]"[b', id: 1 }, [1, [2, 3]], '\\', null])
    }
  })
})
