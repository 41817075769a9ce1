// report.html as a person sees it: rendered by headless Chromium (Debian package `chromium`).
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { requirementIds } from '../requirements/index.js'
import { sampleReport } from './sampleReport.js'
import { writeReports } from './writeReports.js'

const CHROMIUM = '/usr/bin/chromium'
const MISSING = `report.html is not rendered: ${CHROMIUM} is missing; install the Debian package "chromium" (apt-get install -y chromium)`

function chromium(args: string[]): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'l2conf-chromium-'))
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--hide-scrollbars',
    `--user-data-dir=${profile}`,
  ]
  return new Promise((resolve, reject) => {
    execFile(CHROMIUM, [...flags, ...args], { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`chromium failed: ${error.message}\n${stderr.slice(-2000)}`))
      else resolve(stdout)
    })
  })
}

/** The IHDR size and the inflated pixel rows of a PNG (enough to tell a page from a blank). */
function readPng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  const idat: Buffer[] = []
  let width = 0
  let height = 0
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const data = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
    }
    if (type === 'IDAT') idat.push(data)
    offset += 12 + length
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) }
}

describe('report.html in headless Chromium', () => {
  it('renders the matrix and the failure, runs nothing the target sent, and paints a real page', async (context) => {
    if (!existsSync(CHROMIUM)) {
      console.warn(MISSING)
      context.skip(MISSING)
    }
    const dir = mkdtempSync(join(tmpdir(), 'l2conf-html-'))
    const { html } = await writeReports(sampleReport(), dir)
    const url = pathToFileURL(html).href

    const dom = await chromium(['--dump-dom', url])
    expect(dom).toContain('<table class="matrix">')
    // One row per requirement of the table, whatever it holds.
    expect(dom.match(/<tr class="row-[a-z-]+" data-requirement="/g)).toHaveLength(requirementIds.length)
    expect(dom).toMatch(/<tr class="row-failed" data-requirement="RANGE-ORDER">/)
    expect(dom).toMatch(/<article class="finding failed" id="check-\d+" data-check="range.order.tags">/)
    expect(dom).toContain('block 0x0 came after block 0x5')
    expect(dom).toContain('<pre class="reproduce">curl -sS -X POST')
    expect(dom).toContain('<svg class="chart" role="img"')
    // The hostile evidence stayed text: no element was made from it, and its script did not run.
    expect(dom).toContain('&lt;script&gt;document.title=')
    expect(dom).not.toMatch(/<img\b/)
    expect(dom).toContain('<title>l2conf report: FAIL: http://127.0.0.1:8545</title>')

    const shot = join(dir, 'shot.png')
    await chromium([`--screenshot=${shot}`, '--window-size=1280,2000', url])
    const png = readFileSync(shot)
    const { width, height, pixels } = readPng(png)
    expect([width, height]).toEqual([1280, 2000])
    expect(png.length).toBeGreaterThan(50_000)
    // A blank or single-colour page inflates to a few distinct byte values; text, badges and tables to many.
    expect(new Set(pixels).size).toBeGreaterThan(64)
    console.info(`report.html screenshot: ${shot} (${png.length} bytes)`)
  }, 200_000)
})
