import { describe, expect, it } from 'vitest'
import { createDocumentValidators, LARGE_VALUE_VALUES, MAX_LISTED_ERRORS } from './documentValidators.js'

const document = {
  components: {
    schemas: {
      Closed: { type: 'object', required: ['success'], properties: { success: { type: 'boolean' } }, additionalProperties: false },
      Numbers: { type: 'array', items: { type: 'integer' } },
    },
  },
}

const closed = () => createDocumentValidators(document, 'spec.json').at('/components/schemas/Closed')

describe('document validators on values a hostile target sends', () => {
  it('lists every problem of an ordinary value', () => {
    const issues = closed()({ success: 'yes', extra: 1 })
    expect(issues.map((issue) => issue.pointer).sort()).toEqual(['/extra', '/success'])
  })

  it('judges a body of 200,000 unexpected keys fail-fast, with one problem and why the list stops', () => {
    const body: Record<string, unknown> = { success: true }
    for (let index = 0; index < 2 * LARGE_VALUE_VALUES; index++) body[`k${index}`] = index
    const issues = closed()(body)
    expect(issues).toHaveLength(2)
    expect(issues[0]).toMatchObject({ pointer: '/k0', message: expect.stringContaining('not allowed') })
    expect(issues[1]!.message).toContain('validation stopped at the first problem')
  })

  it('finds a large valid value valid', () => {
    const numbers = createDocumentValidators(document, 'spec.json').at('/components/schemas/Numbers')
    expect(numbers(Array.from({ length: LARGE_VALUE_VALUES + 10 }, (_, index) => index))).toEqual([])
  })

  it('turns at most MAX_LISTED_ERRORS errors into issues and counts the rest', () => {
    const numbers = createDocumentValidators(document, 'spec.json').at('/components/schemas/Numbers')
    const issues = numbers(Array.from({ length: 1000 }, () => 'x'))
    expect(issues).toHaveLength(MAX_LISTED_ERRORS + 1)
    expect(issues.at(-1)!.message).toBe(`and ${1000 - MAX_LISTED_ERRORS} more problems (not listed)`)
  })
})

describe('validators compiled on first use', () => {
  const broken = {
    components: {
      schemas: { Bad: { type: 'string', pattern: '(' }, Good: { $ref: '#/components/schemas/Closed' }, Closed: document.components.schemas.Closed },
    },
  }

  it('judge values as the eager ones do', () => {
    const lazy = createDocumentValidators(document, 'spec.json', { compile: 'on-first-use' }).at('/components/schemas/Closed')
    expect(lazy({ success: 'yes', extra: 1 })).toEqual(closed()({ success: 'yes', extra: 1 }))
    expect(lazy({ success: true })).toEqual([])
  })

  it('find a schema that does not compile at the first validation, not before', () => {
    const validators = createDocumentValidators(broken, 'spec.json', { compile: 'on-first-use' })
    const bad = validators.at('/components/schemas/Bad')
    expect(() => bad('x')).toThrow(expect.objectContaining({ code: 'L2CONF_ERR_SPEC' }))
    expect(validators.at('/components/schemas/Good')({ success: false })).toEqual([])
    expect(() => createDocumentValidators(broken, 'spec.json').at('/components/schemas/Bad')).toThrow(expect.objectContaining({ code: 'L2CONF_ERR_SPEC' }))
  })

  it('still refuse a pointer that names nothing at once', () => {
    expect(() => createDocumentValidators(document, 'spec.json', { compile: 'on-first-use' }).at('/components/schemas/Missing')).toThrow(
      expect.objectContaining({ code: 'L2CONF_ERR_SPEC' }),
    )
  })
})
