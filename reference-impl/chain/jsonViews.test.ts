import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestNode, type TestNode } from '../methods/startTestNode.js'
import { blockJson } from './blockJson.js'
import { JsonViews } from './jsonViews.js'

describe('JsonViews', () => {
  let node: TestNode
  beforeAll(async () => {
    node = await startTestNode({ history: 12 })
  }, 60_000)
  afterAll(() => node.stop())

  it('answers every block in both shapes as the JSON of its object, through evictions, and null past the head', () => {
    const store = node.rollup.chain.store
    const views = new JsonViews(store, 3)
    for (let round = 0; round < 2; round++) {
      for (let number = 0; number <= 12; number++) {
        for (const full of [false, true]) {
          const expected = JSON.stringify(blockJson(store.byNumber(number)!, full))
          expect(views.blockBytes(number, full)?.toString('utf8')).toBe(expected)
          // Asked again at once: the cached bytes, the same object.
          expect(views.blockBytes(number, full)).toBe(views.blockBytes(number, full))
        }
      }
    }
    expect(views.blockBytes(13, false)).toBeNull()
  })
})
