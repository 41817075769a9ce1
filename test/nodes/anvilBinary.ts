import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The npm package that ships Anvil's binary for each platform (Foundry's own naming). */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

/**
 * The path of the Anvil binary (tests and benchmarks only). The project depends on the platform
 * package directly (an optional dependency) rather than on Foundry's launcher package, whose lock
 * entries for the other platforms npm cannot always resolve; spawning the binary itself also leaves
 * no orphan when a test kills it.
 */
export function anvilBinary(platform: string = process.platform, arch: string = process.arch): string {
  const name = PACKAGES[`${platform}-${arch}`]
  if (name === undefined) throw new Error(`Anvil ships no binary for ${platform}/${arch}`)
  try {
    const root = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`))
    return join(root, 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil')
  } catch {
    throw new Error(`Anvil is not installed for ${platform}/${arch}: it comes from the npm package ${name} (npm install --no-save ${name})`)
  }
}
