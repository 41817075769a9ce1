#!/usr/bin/env node
// The package's bin: runs the compiled CLI of dist/ (`npm run build`). In a source checkout, dist/ is
// first rebuilt when a source is newer than it, so an edited .ts never runs as a stale build; an
// installed package (no sources) runs its dist/ as shipped.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const buildScript = new URL('../build/dist.js', import.meta.url)
if (existsSync(buildScript)) {
  const { ensureFreshDist } = await import(buildScript.href)
  await ensureFreshDist(fileURLToPath(new URL('../', import.meta.url)))
}
const { main } = await import('../dist/harness/cli/main.js')
process.exitCode = await main(process.argv.slice(2))
