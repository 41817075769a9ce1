// Measures the event loop of the CLI process (`node --import ./bench/loopDelayPreload.mjs bin/l2conf.js ...`):
// with L2CONF_LOOP_DELAY_FILE=FILE, the process that runs bin/l2conf.js writes, when it exits, the
// delays its event loop saw (perf_hooks.monitorEventLoopDelay, 10 ms resolution) and its peak resident
// memory (process.resourceUsage().maxRSS) to FILE as JSON. Other processes (the reference) write nothing.
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.L2CONF_LOOP_DELAY_FILE
if (file !== undefined && file !== '' && (process.argv[1] ?? '').endsWith('l2conf.js')) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  process.once('exit', () => {
    histogram.disable()
    const ms = (ns) => ns / 1e6
    writeFileSync(
      file,
      JSON.stringify({
        maxMs: ms(histogram.max),
        p99Ms: ms(histogram.percentile(99)),
        meanMs: ms(histogram.mean),
        peakRssBytes: process.resourceUsage().maxRSS * 1024,
      }),
    )
  })
}
