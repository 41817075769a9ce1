// Profiles a whole process tree where `--cpu-prof` cannot reach (NODE_OPTIONS refuses it, and
// children are spawned with their own arguments): NODE_OPTIONS='--import ./bench/cpuProfilePreload.mjs'
// with L2CONF_CPU_PROFILE_DIR=DIR makes every Node process of the run write DIR/<pid>.cpuprofile when it
// exits. Summarise with bench/cpuProfileSummary.ts.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { join } from 'node:path'

const dir = process.env.L2CONF_CPU_PROFILE_DIR
if (dir !== undefined && dir !== '') {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  session.post('Profiler.setSamplingInterval', { interval: 1000 })
  session.post('Profiler.start')
  const role = process.argv
    .slice(1)
    .map((arg) => arg.split('/').slice(-2).join('/'))
    .join(' ')
    .slice(0, 80)
    .replace(/[^\w.-]+/g, '_')
  process.once('exit', () => {
    // The in-process session answers synchronously, so this works in 'exit'.
    session.post('Profiler.stop', (error, result) => {
      if (error === null) writeFileSync(join(dir, `${process.pid}-${role}.cpuprofile`), JSON.stringify(result.profile))
    })
  })
  // vitest stops its worker with SIGTERM: exit normally, so 'exit' writes the profile (a process that
  // handles SIGTERM itself, as the reference does, exits its own way).
  process.on('SIGTERM', () => {
    if (process.listenerCount('SIGTERM') === 1) process.exit(143)
  })
}
