import { SaxesParser } from 'saxes'
import { describe, expect, it } from 'vitest'
import { junitXml } from './junitXml.js'
import { HOSTILE, sampleReport } from './sampleReport.js'

interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

/** Parses with a strict XML 1.0 parser (well-formedness, legal characters); throws on any error. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser()
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
  const stack = [root]
  parser.on('error', (error) => {
    throw error
  })
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes } as Record<string, string>, children: [], text: '' }
    stack.at(-1)!.children.push(element)
    stack.push(element)
  })
  parser.on('text', (text) => {
    stack.at(-1)!.text += text
  })
  parser.on('cdata', (text) => {
    stack.at(-1)!.text += text
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.write(xml).close()
  const [element] = root.children
  if (element === undefined || root.children.length !== 1) throw new Error('expected exactly one root element')
  return element
}

function find(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...find(child, name)])
}

function testcase(root: XmlElement, id: string): XmlElement {
  const found = find(root, 'testcase').find((element) => element.attributes['name']?.startsWith(`${id}: `) === true)
  if (found === undefined) throw new Error(`no testcase ${id}`)
  return found
}

describe('junitXml', () => {
  const xml = junitXml(sampleReport())
  const root = parseXml(xml)

  it('is well-formed XML 1.0 although the evidence holds markup, ]]> and control characters', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
    expect(xml).not.toContain('\u0000')
    expect(xml).not.toContain('<script>')
    expect(root.name).toBe('testsuites')
  })

  it('counts what CI counts: failures fail, warnings and known failures do not', () => {
    expect(root.attributes).toMatchObject({
      name: 'l2conf 0.1.0',
      tests: '11',
      failures: '1',
      errors: '0',
      skipped: '2',
      time: '12.345',
      timestamp: '2026-11-20T10:15:00.000Z',
    })
    expect(find(root, 'failure')).toHaveLength(1)
  })

  it('has one testsuite per requirement with results, in the requirement table order, and a run suite', () => {
    expect(find(root, 'testsuite').map((suite) => suite.attributes['name'])).toEqual([
      'RPC-ENVELOPE',
      'RPC-STANDARD',
      'RPC-ERRORS',
      'RANGE-ORDER',
      'RANGE-TAGS',
      'RANGE-CONSISTENT',
      'INFO-PROGRESS',
      'SENDRAW',
      'REST-SHAPE',
      'LIMITS',
      'l2conf run',
    ])
    const order = find(root, 'testsuite')[3]!
    expect(order.attributes).toMatchObject({ tests: '1', failures: '1', skipped: '0' })
    expect(find(order, 'property').map((property) => [property.attributes['name'], property.attributes['value']])).toEqual([
      ['level', 'MUST'],
      ['requirement', 'one block per number in [start, end], ascending, both ends inclusive'],
      ['seed', '424242'],
    ])
  })

  it('names each testcase by requirement, check id and title', () => {
    expect(testcase(root, 'range.order.tags').attributes).toEqual({
      classname: 'RANGE-ORDER',
      name: 'range.order.tags: Blocks ascending, both ends inclusive, for a tag range',
      time: '0.230',
    })
  })

  it('puts the message, the evidence and the reproduce line in the failure', () => {
    const [failure] = find(testcase(root, 'range.order.tags'), 'failure')
    expect(failure?.attributes).toEqual({ message: 'block 0x0 came after block 0x5: expected one block per number in [0x0, 0x5], ascending', type: 'MUST' })
    const body = failure?.text ?? ''
    expect(body).toContain('second line of detail')
    expect(body).toContain('request:\n{\n  "jsonrpc": "2.0",\n  "method": "eth_getBlockRange"')
    expect(body).toContain('<script>document.title=\\"pwned\\"</script>')
    expect(body).toContain(']]>')
    // JSON text spells control characters as escapes already; raw text gets the same spelling.
    expect(body).toContain('\\u0000\\u0007\\u001b[31m')
    expect(body).toContain(`reproduce:\ncurl -sS -X POST -H 'Content-Type: application/json' --data '{"jsonrpc":"2.0","method":"eth_getBlockRange"`)
  })

  it('writes a skip and an inconclusive check as <skipped> with the reason', () => {
    expect(find(testcase(root, 'sendraw.valid'), 'skipped')[0]?.attributes['message']).toBe('needs --profile full (it signs and sends a transaction)')
    expect(find(testcase(root, 'range.consistent.head'), 'skipped')[0]?.attributes['message']).toBe(
      'inconclusive: the head moved from 0x10 to 0x11 between the two reads (re-read twice)',
    )
  })

  it('writes warnings, known failures and unexpected passes as notes', () => {
    const warning = testcase(root, 'errors.parse.http')
    expect(find(warning, 'failure')).toEqual([])
    expect(find(warning, 'system-out')[0]?.text).toMatch(/^WARNING \(SHOULD; fails the run only with --strict\)\nmalformed JSON answered code -32600/)
    expect(find(testcase(root, 'rest.shape.v2-treasury-statistics'), 'system-out')[0]?.text).toMatch(
      /^KNOWN FAILURE \(listed in the expectations file; does not fail the run\)\nknown failure \(statistics carry an extra cacheTime/,
    )
    expect(find(testcase(root, 'info.progress.counters'), 'system-out')[0]?.text).toMatch(/^UNEXPECTED PASS: \[unexpected pass: /)
  })

  it('puts run notices in a last suite that does not fail CI', () => {
    const run = find(root, 'testsuite').at(-1)!
    expect(find(run, 'error')).toEqual([])
    expect(find(run, 'system-out')[0]?.text).toMatchInlineSnapshot(`
      "warning: TLS certificates of the target were not verified (--insecure)
      unexpected pass: info.progress.counters passed but known-deviations.yaml lists it as failing; remove the stale entry
      expectation "GAS-*" in known-deviations.yaml matched no check"
    `)
  })

  it('makes an interrupted run an error, so a partial run is not green', () => {
    const interrupted = parseXml(junitXml(sampleReport({ interrupted: 'SIGINT after 12 s' })))
    expect(interrupted.attributes['errors']).toBe('1')
    expect(find(interrupted, 'error')[0]?.attributes['message']).toBe('run interrupted: SIGINT after 12 s')
  })

  it('keeps attribute text exact: quotes, newlines, tabs', () => {
    const report = sampleReport()
    report.results[0]!.title = 'a "quoted"\ttitle & <more>'
    expect(testcase(parseXml(junitXml(report)), 'envelope.eth_chainId.http').attributes['name']).toBe('envelope.eth_chainId.http: a "quoted"\ttitle & <more>')
  })

  it('survives lone surrogates and every other character XML 1.0 forbids', () => {
    const report = sampleReport()
    const forbidden = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') + '\uD800 \uDFFF \uFFFE \uFFFF \u007F'
    report.results[3]!.message = forbidden
    report.results[3]!.title = forbidden
    const failure = find(testcase(parseXml(junitXml(report)), 'range.order.tags'), 'failure')[0]!
    expect(failure.text.slice(0, 30)).toBe('\\u0000\\u0001\\u0002\\u0003\\u0004')
    expect(failure.text).toContain('\\u0008\t\n\\u000B\\u000C\r\\u000E')
    expect(failure.text).toContain('\\uD800 \\uDFFF \\uFFFE \\uFFFF \\u007F')
    expect(HOSTILE).toContain(']]>')
  })
})

describe('junitXml with a producer that spells inconclusive in the message', () => {
  it('does not say it twice', () => {
    const report = sampleReport()
    const result = report.results.find((r) => r.id === 'range.consistent.head')!
    result.message = 'inconclusive: the head moved'
    expect(junitXml(report)).toContain('<skipped message="inconclusive: the head moved"/>')
  })
})
