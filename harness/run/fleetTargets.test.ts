import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadFleetTargets } from './fleetTargets.js'

const dir = mkdtempSync(join(tmpdir(), 'l2conf-fleet-'))
function file(text: string): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.yaml`)
  writeFileSync(path, text)
  return path
}
function errorOf(text: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    loadFleetTargets(file(text), env)
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

describe('loadFleetTargets', () => {
  it('reads a list (or targets:) of named addresses, taking ${VARS} from the environment', () => {
    const targets = loadFleetTargets(
      file(
        'targets:\n  - name: eu-west\n    rpc: https://eu.example.org\n    ws: wss://eu.example.org\n  - name: us\n    rpc: ${US_RPC}\n    rest: http://us.example.org/api\n',
      ),
      { US_RPC: 'http://us.example.org:8545' },
    )
    expect(targets).toEqual([
      { name: 'eu-west', rpc: 'https://eu.example.org', ws: 'wss://eu.example.org', rest: null },
      { name: 'us', rpc: 'http://us.example.org:8545', ws: null, rest: 'http://us.example.org/api' },
    ])
    expect(loadFleetTargets(file('- name: a\n  rpc: http://a\n'))).toHaveLength(1)
  })
  it('refuses what would make a bad run or a bad directory, naming the entry and field', () => {
    expect(errorOf('[]')).toMatch(/must hold a list of targets/)
    expect(errorOf('- name: ../up\n  rpc: http://a\n')).toMatch(/entry 1: name must be/)
    expect(errorOf('- name: a\n  rpc: http://a\n- name: a\n  rpc: http://b\n')).toMatch(/entry 2: the name 'a' is given twice/)
    expect(errorOf('- name: a\n')).toMatch(/entry 1 \(a\): rpc is required/)
    expect(errorOf('- name: a\n  rpc: ws://a\n')).toMatch(/rpc must be a http or https URL/)
    expect(errorOf('- name: a\n  rpc: http://a\n  wss: ws://a\n')).toMatch(/unknown field wss/)
    expect(errorOf('- name: a\n  rpc: ${MISSING}\n')).toMatch(/uses \$\{MISSING\}, which is not set/)
    expect(errorOf('- name: [a\n')).toMatch(/cannot be read as YAML/)
  })
})
