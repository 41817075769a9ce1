import { X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { HarnessError } from '../errors/harnessError.js'

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g

/**
 * Reads the `--ca FILE` of a run (ARCHITECTURE.md CLI contract; interface spec 4.1, HTTPS and WSS targets):
 * one or more PEM certificates. Throws HarnessError L2CONF_ERR_USAGE (exit 2) naming the file when it
 * cannot be read or holds no readable certificate, so a typo never turns into a TLS failure later.
 * @example const pem = readCaFile('private-ca.pem')
 */
export function readCaFile(file: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message
    throw new HarnessError('L2CONF_ERR_USAGE', `--ca: cannot read ${file}: ${why}`, { file })
  }
  const blocks = text.match(PEM_CERTIFICATE) ?? []
  if (blocks.length === 0) throw new HarnessError('L2CONF_ERR_USAGE', `--ca: ${file} holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)`, { file })
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block)
    } catch (error) {
      throw new HarnessError('L2CONF_ERR_USAGE', `--ca: certificate ${index + 1} of ${file} cannot be read: ${(error as Error).message}`, { file })
    }
  })
  return `${blocks.join('\n')}\n`
}
