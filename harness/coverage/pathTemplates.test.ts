import { describe, expect, it } from 'vitest'
import { pathTemplates } from './pathTemplates.js'

describe('pathTemplates', () => {
  const templates = pathTemplates(['/portfolio', '/portfolio/selected', '/tokens/{symbol}', '/tokens/top', '/v2/{a}/{b}'])

  it('matches a request path that ends with a template, a base path before it', () => {
    expect(templates.match('/portfolio')).toBe('/portfolio')
    expect(templates.match('/api/portfolio')).toBe('/portfolio')
    expect(templates.match('/api/portfolio/')).toBe('/portfolio')
    expect(templates.match('/api/portfolio/selected')).toBe('/portfolio/selected')
  })

  it('prefers literal segments over params, and more segments over fewer', () => {
    expect(templates.match('/tokens/top')).toBe('/tokens/top')
    expect(templates.match('/tokens/ETH')).toBe('/tokens/{symbol}')
    expect(templates.match('/v2/x/y')).toBe('/v2/{a}/{b}')
  })

  it('matches nothing else: a param stands for one non-empty segment, and a template must end the path', () => {
    expect(templates.match('/tokens/')).toBeUndefined()
    expect(templates.match('/tokens/a/b')).toBeUndefined()
    expect(templates.match('/portfolios')).toBeUndefined()
    expect(templates.match('/api/portfolio/other')).toBeUndefined()
    expect(templates.match('/xportfolio')).toBeUndefined()
  })
})
