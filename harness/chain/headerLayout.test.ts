import { describe, expect, it } from 'vitest'
import { baseHeaderFields, forkHeaderFields, headerLayout } from './headerLayout.js'

const withFields = (names: readonly string[]): Record<string, unknown> => Object.fromEntries(names.map((name) => [name, '0x0']))
const base = baseHeaderFields.map((f) => f.name)
const fork = forkHeaderFields.map((f) => f.name)

describe('headerLayout()', () => {
  it.each([
    [0, 'pre-london'],
    [1, 'london'],
    [2, 'shanghai'],
    [5, 'cancun'],
    [6, 'prague'],
  ])('names the standard layout of the base fields and the first %i fork fields: %s', (count, name) => {
    const layout = headerLayout(withFields([...base, ...fork.slice(0, count)]))
    expect(layout).toEqual({ name, fields: [...baseHeaderFields, ...forkHeaderFields.slice(0, count)] })
  })

  it('keeps the RLP order whatever the order of the JSON keys', () => {
    const layout = headerLayout(withFields([...fork.slice(0, 2)].reverse().concat([...base].reverse())))
    expect('fields' in layout && layout.fields.map((f) => f.name)).toEqual([...base, ...fork.slice(0, 2)])
  })

  it('names a partial or gapped mix after the standard layout it extends', () => {
    expect(headerLayout(withFields([...base, ...fork.slice(0, 3)]))).toMatchObject({ name: 'shanghai+blobGasUsed' })
    expect(headerLayout(withFields([...base, 'requestsHash']))).toMatchObject({ name: 'pre-london+requestsHash' })
  })

  it('needs every base field', () => {
    expect(headerLayout(withFields(base.filter((n) => n !== 'logsBloom')))).toEqual({ error: 'missing header field logsBloom' })
  })
})
