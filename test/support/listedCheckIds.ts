import { runCli } from './runCli.js'

/**
 * The ids of every check the suites declare, as `l2conf run --list` prints them (tests only): a
 * whole run must report each of them exactly once, whatever checks the specs and suites add.
 * `--list` sends nothing, so the address it is given is never contacted.
 */
export async function listedCheckIds(): Promise<string[]> {
  const run = await runCli(['run', '--rpc', 'http://127.0.0.1:9', '--list'])
  if (run.code !== 0) throw new Error(`l2conf run --list exited ${run.code}: ${run.stderr.slice(-2000)}`)
  return run.stdout
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => line.split('\t')[0]!)
}
