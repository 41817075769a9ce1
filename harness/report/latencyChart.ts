import { escapeHtml } from './escapeHtml.js'
import type { MethodLatency } from './latencyStats.js'

const LABEL_WIDTH = 230
const PLOT_WIDTH = 400
const VALUE_WIDTH = 210
const ROW = 26
const TOP = 48
const WIDTH = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH

/**
 * report.html's "latency per method" (ARCHITECTURE.md): an inline SVG bar chart, one row per method with
 * its max, p95 and p50 as nested bars on a linear scale, labelled with the numbers, followed by the
 * same figures as a table (the accessible alternative, and what prints exactly).
 */
export function latencyChart(stats: readonly MethodLatency[]): string {
  if (stats.length === 0) return '<p class="muted">No latencies were recorded in this run.</p>'
  const scaleMax = niceCeiling(Math.max(...stats.map((stat) => stat.max), 1))
  const x = (ms: number): number => LABEL_WIDTH + (ms / scaleMax) * PLOT_WIDTH
  const height = TOP + stats.length * ROW + 8
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => fraction * scaleMax)
  const parts: string[] = [
    `<svg class="chart" role="img" aria-labelledby="latency-title latency-desc" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" xmlns="http://www.w3.org/2000/svg">`,
    '<title id="latency-title">Latency per method</title>',
    `<desc id="latency-desc">Bars show the median (p50), 95th percentile and maximum latency in milliseconds of each of ${stats.length} methods, on a linear scale from 0 to ${formatMs(scaleMax)} ms. The table below gives the same figures.</desc>`,
    // Legend.
    `<g class="legend" font-size="12"><rect x="${LABEL_WIDTH}" y="6" width="12" height="12" class="bar-p50"/><text x="${LABEL_WIDTH + 16}" y="16">p50</text>`,
    `<rect x="${LABEL_WIDTH + 60}" y="6" width="12" height="12" class="bar-p95"/><text x="${LABEL_WIDTH + 76}" y="16">p95</text>`,
    `<rect x="${LABEL_WIDTH + 120}" y="6" width="12" height="12" class="bar-max"/><text x="${LABEL_WIDTH + 136}" y="16">max</text></g>`,
  ]
  parts.push(`<text class="tick" x="${LABEL_WIDTH + PLOT_WIDTH + 8}" y="${TOP - 12}" font-size="11">p50 / p95 / max</text>`)
  for (const tick of ticks) {
    parts.push(`<line class="grid" x1="${x(tick).toFixed(1)}" x2="${x(tick).toFixed(1)}" y1="${TOP - 8}" y2="${height - 6}"/>`)
    parts.push(`<text class="tick" x="${x(tick).toFixed(1)}" y="${TOP - 12}" text-anchor="middle" font-size="11">${formatMs(tick)} ms</text>`)
  }
  stats.forEach((stat, index) => {
    const y = TOP + index * ROW
    const label = stat.method.length > 30 ? `${stat.method.slice(0, 29)}…` : stat.method
    parts.push(
      `<g class="row"><title>${escapeHtml(`${stat.method} (${stat.transports.join(', ')}, ${stat.count} samples): p50 ${formatMs(stat.p50)} ms, p95 ${formatMs(stat.p95)} ms, max ${formatMs(stat.max)} ms`)}</title>`,
    )
    parts.push(`<text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end" font-size="12" class="label">${escapeHtml(label)}</text>`)
    for (const [name, value, inset] of [
      ['max', stat.max, 2],
      ['p95', stat.p95, 5],
      ['p50', stat.p50, 8],
    ] as const) {
      const barWidth = Math.max(1, x(value) - LABEL_WIDTH)
      parts.push(`<rect class="bar-${name}" x="${LABEL_WIDTH}" y="${y + inset}" width="${barWidth.toFixed(1)}" height="${20 - inset * 2}"/>`)
    }
    parts.push(
      `<text x="${LABEL_WIDTH + PLOT_WIDTH + 8}" y="${y + 15}" font-size="11" class="value">${formatMs(stat.p50)} / ${formatMs(stat.p95)} / ${formatMs(stat.max)} ms</text></g>`,
    )
  })
  parts.push('</svg>')
  const rows = stats.map(
    (stat) =>
      `<tr><th scope="row"><code>${escapeHtml(stat.method)}</code></th><td>${escapeHtml(stat.transports.join(', '))}</td><td class="num">${stat.count}</td><td class="num">${formatMs(stat.p50)}</td><td class="num">${formatMs(stat.p95)}</td><td class="num">${formatMs(stat.max)}</td></tr>`,
  )
  return [
    `<figure class="latency">${parts.join('\n')}<figcaption>p50 / p95 / max in milliseconds, per method, over the whole run.</figcaption></figure>`,
    '<table class="latency-table"><caption>Latency per method (ms)</caption>',
    '<thead><tr><th scope="col">Method</th><th scope="col">Transports</th><th scope="col" class="num">Samples</th><th scope="col" class="num">p50</th><th scope="col" class="num">p95</th><th scope="col" class="num">max</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody></table>`,
  ].join('\n')
}

/** 1, 2, 2.5 or 5 times a power of ten, at or above `value`: round figures on the axis. */
function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power
  return 10 * power
}

function formatMs(ms: number): string {
  if (ms >= 100) return String(Math.round(ms))
  if (ms >= 10) return ms.toFixed(1).replace(/\.0$/, '')
  return ms.toFixed(2).replace(/\.?0+$/, '')
}
