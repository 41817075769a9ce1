import { toolInfo } from './packageInfo.js'

// The commands read these from packageInfo.ts (importing them from here would be an import cycle);
// still exported here for callers outside the CLI.
export { packageRoot, toolInfo } from './packageInfo.js'

const USAGE = `l2conf: conformance suite for a layer-2 rollup node's JSON-RPC interface and its treasury REST API

Usage:
  l2conf run --rpc URL [--ws URL] [--rest URL] [options]   certify a target
  l2conf run --reference [options]                          start the bundled reference and certify it
  l2conf reference [--port 8545] [--rest-port 3000] ...     start the bundled reference node and REST service
  l2conf lint [openrpc.json] [openapi.yaml]                 validate the specs and their examples
  l2conf diff --rpc URL_A --rpc URL_B [options]             compare two targets' answers
  l2conf sweep --rpc URL [--rpc URL_B] --blocks FROM..TO     verify every block of a window of history, or two nodes' against each other
  l2conf spec-diff OLD NEW [options]                        classify the changes between two spec versions
  l2conf check DIR [options]                                judge a transcript (run --record DIR) or .io fixtures offline
  l2conf replay DIR --rpc URL [--ws URL] [--rest URL]       send a transcript's requests to another target and compare
  l2conf merge DIR... [options]                             join the partial reports of a sharded run (run --shard i/n)
  l2conf coverage REPORT_OR_DIR... [--format markdown]      what of the specs a run exercised (markdown: a pull-request comment)
  l2conf proxy --upstream URL --port P [options]            forward live traffic byte for byte and judge every exchange
  l2conf watch --rpc URL [--ws URL] [options]               watch conformance over time, with Prometheus metrics

  l2conf <command> --help    the options of one command
  l2conf --version           the tool's version

Exit codes of run: 0 every MUST check passed; 1 a check failed, the run was interrupted or nothing
was certified; 2 bad usage or config; 3 the target could not be reached at all.`

type Command = (argv: string[]) => Promise<number>

const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./runCommand.js')).runCommand,
  reference: async () => (await import('./referenceCommand.js')).referenceCommand,
  lint: async () => (await import('./lintCommand.js')).lintCommand,
  diff: async () => (await import('./diffCommand.js')).diffCommand,
  sweep: async () => (await import('./sweepCommand.js')).sweepCommand,
  'spec-diff': async () => (await import('./specDiffCommand.js')).specDiffCommand,
  check: async () => (await import('./checkCommand.js')).checkCommand,
  replay: async () => (await import('./replayCommand.js')).replayCommand,
  merge: async () => (await import('./mergeCommand.js')).mergeCommand,
  coverage: async () => (await import('./coverageCommand.js')).coverageCommand,
  proxy: async () => (await import('./proxyCommand.js')).proxyCommand,
  watch: async () => (await import('./watchCommand.js')).watchCommand,
}

/** Entry of the `l2conf` bin: dispatches to a subcommand and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    console.log(USAGE)
    return first === undefined ? 2 : 0
  }
  if (first === '--version' || first === '-v') {
    console.log(toolInfo().version)
    return 0
  }
  const load = commands[first]
  if (load === undefined) {
    console.error(`l2conf: unknown command '${first}'. Commands: ${Object.keys(commands).join(', ')}. See 'l2conf --help'.`)
    return 2
  }
  const command = await load()
  return command(rest)
}
