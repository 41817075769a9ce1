#!/usr/bin/env node
// The package's bin: runs the compiled CLI of dist/ (`npm run build`). In a source checkout, dist/ is
// first rebuilt when a source is newer than it, so an edited .ts never runs as a stale build; an
// installed package (no sources) runs its dist/ as shipped.
import { existsSync } from 'node:fs'
import module from 'node:module'
import { fileURLToPath } from 'node:url'

// Node.js 22.1 and later keep V8's compiled code of the modules on disk (os.tmpdir() unless
// NODE_COMPILE_CACHE names a folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off): the CLI, the suites'
// worker and the reference each load hundreds of modules, and compiling them is much of a short
// run's start-up. The folder is handed to those processes through the environment. Node.js 20 has
// no such cache and runs as before.
if (typeof module.enableCompileCache === 'function') {
  const { directory } = module.enableCompileCache()
  if (directory !== undefined) process.env.NODE_COMPILE_CACHE = directory
}

const buildScript = new URL('../build/dist.js', import.meta.url)
if (existsSync(buildScript)) {
  const { ensureFreshDist } = await import(buildScript.href)
  await ensureFreshDist(fileURLToPath(new URL('../', import.meta.url)))
}
const { main } = await import('../dist/harness/cli/main.js')
process.exitCode = await main(process.argv.slice(2))
// The command has ended and written its reports. A run cut short (a signal, --max-time, a target that
// stopped answering) leaves the checks it no longer waits for to wind down on their own (a
// subscription waiting for heads, a request's time-out): they decide nothing any more, so they do not
// hold the process. Standard output and error are files, pipes or terminals here, written synchronously.
setTimeout(() => process.exit(), 1000).unref()
