import { X509Certificate, createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createSecureContext } from 'node:tls'

/** A server certificate (PEM, the leaf first, intermediates after it) and its private key (PEM). */
export interface TlsMaterial {
  cert: string
  key: string
}

function readPem(file: string, flag: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : String((error as Error).message)
    throw new Error(`${flag}: cannot read ${file}: ${why}`)
  }
  return text
}

/**
 * Reads `--tls-cert` and `--tls-key` (interface spec 4.1: the node is reached over HTTPS and WSS) and
 * proves they make a usable pair before any server starts, so a bad file is one clear line (exit 2),
 * not a handshake failure later. Throws an Error whose message names the flag and the file.
 */
export function loadTlsMaterial(certFile: string, keyFile: string): TlsMaterial {
  const cert = readPem(certFile, '--tls-cert')
  const key = readPem(keyFile, '--tls-key')
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`--tls-cert: ${certFile} holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)`)
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key))
    throw new Error(`--tls-key: ${keyFile} holds no PEM private key (expected -----BEGIN ... PRIVATE KEY-----)`)
  try {
    new X509Certificate(cert)
  } catch (error) {
    throw new Error(`--tls-cert: ${certFile} is not a readable certificate: ${(error as Error).message}`)
  }
  try {
    createPrivateKey(key)
  } catch (error) {
    const encrypted = /ENCRYPTED/.test(key) ? ' (an encrypted key needs a passphrase the reference does not take: give it unencrypted)' : ''
    throw new Error(`--tls-key: ${keyFile} is not a readable private key: ${(error as Error).message}${encrypted}`)
  }
  try {
    createSecureContext({ cert, key })
  } catch (error) {
    const message = (error as Error).message
    if (/key values mismatch/i.test(message)) throw new Error(`--tls-key: ${keyFile} is not the private key of the certificate in ${certFile}`)
    throw new Error(`--tls-cert/--tls-key: ${certFile} and ${keyFile} cannot be used: ${message}`)
  }
  return { cert, key }
}
