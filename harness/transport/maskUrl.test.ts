import { describe, expect, it } from 'vitest'
import { maskUrl, urlSecrets } from './maskUrl.js'

describe('maskUrl', () => {
  it('masks user:password, query values and key-like path segments', () => {
    expect(maskUrl('https://me:hunter22@node.example/rpc')).toBe('https://***:***@node.example/rpc')
    expect(maskUrl('https://eth.example.io/v3/9aa3d95b3bc440fa88ea12eaa4456161')).toBe('https://eth.example.io/v3/***')
    expect(maskUrl('https://node.example/rpc?apikey=s3cr3t&x=1')).toBe('https://node.example/rpc?apikey=***&x=***')
  })
  it('leaves a plain address as it is', () => {
    expect(maskUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545')
    expect(maskUrl('http://127.0.0.1:3000/api/v2/treasury')).toBe('http://127.0.0.1:3000/api/v2/treasury')
    expect(maskUrl('not a url')).toBe('not a url')
  })
})

describe('urlSecrets', () => {
  it('lists the password, key-like segments and query values, raw and decoded', () => {
    expect(urlSecrets('https://me:p%40ss@node.example/v2/9aa3d95b3bc440fa88ea12eaa4456161?apikey=k%2Fy1')).toEqual([
      'p%40ss',
      '9aa3d95b3bc440fa88ea12eaa4456161',
      'k%2Fy1',
      'p@ss',
      'k/y1',
    ])
    expect(urlSecrets('http://127.0.0.1:8545')).toEqual([])
  })
})
