import { describe, expect, it } from 'vitest'
import { bodyHeaders } from './httpTransport.js'

describe('bodyHeaders', () => {
  it('reads the media type and the declared length whatever their case, without parameters', () => {
    expect(bodyHeaders(['Host', 'x', 'Content-Type', 'Application/JSON; charset=utf-8', 'CONTENT-LENGTH', '42'])).toEqual({
      type: 'application/json',
      length: 42,
    })
  })

  it('keeps the first of each, as Node does for these two', () => {
    expect(bodyHeaders(['content-type', 'text/plain', 'content-type', 'application/json', 'content-length', '1', 'content-length', '2'])).toEqual({
      type: 'text/plain',
      length: 1,
    })
  })

  it('says when they are absent', () => {
    const headers = bodyHeaders(['host', 'x', 'transfer-encoding', 'chunked'])
    expect(headers.type).toBe('')
    expect(headers.length).toBeNaN()
  })

  it('is not fooled by names of the same length', () => {
    expect(bodyHeaders(['content-tipe', 'application/json', 'content-lengtx', '3']).type).toBe('')
  })
})
