import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../cli/packageInfo.js'
import { parseRunArgs, type RunConfig } from '../run/runConfig.js'
import { RunHealth } from '../transport/transportHealth.js'
import { readTranscriptFiles } from './readTranscript.js'
import { transcriptHooks } from './transcriptHooks.js'

const REFERENCE = join(packageRoot, 'harness/transcript/fixtures/reference')

function replayConfig(replay: string): RunConfig {
  const config = parseRunArgs(['--rpc', 'http://127.0.0.1:1'], {
    openrpc: join(packageRoot, 'openrpc.json'),
    openapi: join(packageRoot, 'openapi.yaml'),
    env: {},
  })
  if (config === 'help') throw new Error('unexpected help')
  config.replay = replay
  return config
}

describe('transcriptHooks', () => {
  it('replays the files l2conf check already read and parsed, without reading the folder again', async () => {
    const files = readTranscriptFiles(REFERENCE)
    // A folder that is not there: reading it again would be a usage error.
    const config = { ...replayConfig(join(REFERENCE, 'no-such-folder')), replayFiles: files }
    const hooks = transcriptHooks(config, new RunHealth())
    expect(hooks.replay).toBeDefined()
    await hooks.close()
  })

  it('reads the folder when no files are handed', async () => {
    expect(() => transcriptHooks(replayConfig(join(REFERENCE, 'no-such-folder')), new RunHealth())).toThrow(/no such transcript folder/)
    const hooks = transcriptHooks(replayConfig(REFERENCE), new RunHealth())
    expect(hooks.replay).toBeDefined()
    await hooks.close()
  })
})
