import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { FIRST_SUITES, LAST_SUITES, suiteOrder } from './suiteOrderSequencer.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const suiteFiles = readdirSync(`${root}suites`).filter((name) => name.endsWith('.test.ts')).map((name) => `suites/${name}`)

describe('suiteOrder', () => {
  test('files of waiting checks first, run-level suites last in their order, the rest by name', () => {
    const given = ['/x/suites/unsolicited.test.ts', '/x/suites/rest.test.ts', '/x/suites/sendraw.test.ts', '/x/suites/background.test.ts', '/x/suites/blocked.test.ts', '/x/suites/subscribe.test.ts']
    expect(suiteOrder(given)).toEqual(['/x/suites/subscribe.test.ts', '/x/suites/sendraw.test.ts', '/x/suites/blocked.test.ts', '/x/suites/rest.test.ts', '/x/suites/background.test.ts', '/x/suites/unsolicited.test.ts'])
  })

  test('the same order whatever order the files come in', () => {
    const files = suiteFiles.map((file) => `/x/${file}`)
    expect(suiteOrder([...files].reverse())).toEqual(suiteOrder(files))
  })
})

describe('the lists follow the suites', () => {
  test('every suite file that declares a waiting check is among FIRST_SUITES, and each of those declares one', () => {
    const waiting = suiteFiles.filter((file) => /waits:\s*true/.test(readFileSync(`${root}${file}`, 'utf8')))
    expect(waiting.length).toBeGreaterThan(0)
    expect([...FIRST_SUITES].sort()).toEqual([...waiting].sort())
  })

  test('the run-level suites exist', () => {
    for (const file of LAST_SUITES) expect(existsSync(`${root}${file}`), file).toBe(true)
  })
})
