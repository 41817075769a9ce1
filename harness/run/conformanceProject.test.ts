import { describe, expect, it } from 'vitest'
import { conformanceOptions, WORKER_MALLOC_ENV } from './conformanceProject.js'

describe('the conformance worker', () => {
  it('starts with a collector exposed and the allocator settings that give freed memory back', () => {
    const options = conformanceOptions()
    expect(options.execArgv).toContain('--expose-gc')
    expect(options.env).toEqual(WORKER_MALLOC_ENV)
    expect(WORKER_MALLOC_ENV).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' })
  })
})
