import { execFile } from 'node:child_process'
import { mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const packageRoot = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)
const tsc = require.resolve('typescript/bin/tsc')
const tsxLoader = pathToFileURL(require.resolve('tsx')).href
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** A TypeScript consumer of the package, as a team would write one: import by name, certify, read the report. */
const CONSUMER = `import { certify, lint, requirements, verdictOf, checkEnvelope, type Report, type CertifyOptions } from 'l2conf'

const options: CertifyOptions = { reference: true, only: ['RANGE-ORDER', 'SPEC-VALID'], seed: 7, discover: false }
const report: Report = await certify(options)
const failed = report.results.filter((result) => result.status === 'failed').map((result) => result.id)
const judged = checkEnvelope({ transport: 'http', request: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, response: { jsonrpc: '2.0', id: 2, result: '0x1' }, durationMs: 1 } as never, 1)
const linted = await lint()
console.log(JSON.stringify({
  verdict: report.verdict,
  again: verdictOf(report, { strict: false }),
  exitCode: report.exitCode,
  selected: report.results.filter((result) => result.status !== 'skipped').map((result) => result.requirement),
  failed,
  requirements: requirements.map((requirement) => requirement.id),
  envelopeFindings: judged.length,
  lintProblems: linted.map((file) => file.problems.length),
}))
`

/** A consumer the package's types must refuse: they are real declarations, not \`any\`. */
const MISTYPED = `import { certify } from 'l2conf'
const report = await certify({ reference: true })
const wrong: number = report.verdict
await certify({ rcp: 'http://127.0.0.1:8545' })
export { wrong }
`

const TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [] },
  files: ['consumer.ts'],
}

describe('the packed package, imported by name from another project', () => {
  it('installs from its tarball, certifies the reference through certify(), and its types check a consumer', { timeout: 1_200_000 }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'l2conf-pack-'))
    // npm pack runs prepack: the build into dist/ that the tarball ships.
    await run(npm, ['pack', '--pack-destination', work], { cwd: packageRoot, maxBuffer: 64 * 1024 * 1024 })
    const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'))
    expect(tarball).toBeDefined()

    const project = join(work, 'consumer')
    await run('mkdir', [project])
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    await writeFile(join(project, 'consumer.ts'), CONSUMER)
    // From the cache where it can, from the registry for what it lacks.
    await run(npm, ['install', join(work, tarball!), '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project, maxBuffer: 64 * 1024 * 1024 })

    const { stdout: files } = await run('tar', ['tzf', join(work, tarball!)])
    expect(files).toContain('package/dist/harness/index.js')
    expect(files).toContain('package/dist/harness/index.d.ts')
    expect(files).toContain('package/openrpc.json')
    // The README links the manual: the package carries it.
    expect(files).toContain('package/docs/run.md')
    expect(files).not.toMatch(/\/mutants\/|\/testing\/|^package\/bench\/|\.test\.ts/m)

    await run(process.execPath, [tsc, '-p', project], { cwd: project })
    await writeFile(join(project, 'consumer.ts'), MISTYPED)
    const refused = await run(process.execPath, [tsc, '-p', project], { cwd: project }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    )
    expect(refused).toMatch(/consumer\.ts\(3,7\): error TS2322/)
    expect(refused).toMatch(/'rcp' does not exist in type 'CertifyOptions'/)

    await writeFile(join(project, 'consumer.ts'), CONSUMER)
    const { stdout } = await run(process.execPath, ['--import', tsxLoader, join(project, 'consumer.ts')], { cwd: project, maxBuffer: 64 * 1024 * 1024 })
    const outcome = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>
    expect(outcome).toMatchObject({ verdict: 'pass', again: 'pass', exitCode: 0, failed: [], lintProblems: [0, 0] })
    expect(new Set(outcome.selected as string[])).toEqual(new Set(['RANGE-ORDER', 'SPEC-VALID']))
    expect(outcome.requirements).toContain('CHAIN-INTEGRITY')
    expect(outcome.envelopeFindings).toBeGreaterThan(0)
  })
})
