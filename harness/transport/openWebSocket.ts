import WebSocket from 'ws'
import { HarnessError, type HarnessErrorCode } from '../errors/harnessError.js'
import { maskUrl } from './maskUrl.js'
import { describeNetworkError, networkFailureCode } from './networkFailure.js'
import { parseTargetUrl } from './targetUrl.js'
import type { TransportOptions } from './transportOptions.js'
import { wireHeaders } from './wireHeaders.js'

/**
 * Opens a WebSocket to a JSON-RPC node (interface spec 4.1: the same methods over WebSocket, plus
 * subscriptions), bounded: the whole upgrade within `timeoutMs` (a server that accepts and never
 * completes the upgrade times out), frames capped at `maxResponseBytes`, no compression, no
 * redirects. The configured headers go on the upgrade request. Rejects with a HarnessError:
 * UNREACHABLE (refused, DNS, upgrade answered with a non-101 status, details.httpStatus),
 * RATE_LIMITED (upgrade answered 429), TLS, TIMEOUT, BAD_RESPONSE (a 101 that is not a WebSocket
 * upgrade), USAGE (not a ws/wss address).
 * @example const socket = await openWebSocket('ws://127.0.0.1:8546', options)
 */
export function openWebSocket(url: string, options: TransportOptions): Promise<WebSocket> {
  const parsed = parseTargetUrl(url, 'the WebSocket address', ['ws:', 'wss:'])
  const shown = maskUrl(url)
  const settings: WebSocket.ClientOptions = {
    headers: wireHeaders(parsed, {}, options),
    maxPayload: options.maxResponseBytes,
    perMessageDeflate: false,
    followRedirects: false,
  }
  if (options.tls?.ca !== undefined) settings.ca = options.tls.ca
  if (options.tls?.insecure === true) settings.rejectUnauthorized = false
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, settings)
    let settled = false
    let lastError: unknown
    const fail = (code: HarnessErrorCode, message: string, details: Record<string, unknown> = {}): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.terminate()
      reject(new HarnessError(code, message, { url: shown, ...details }, { cause: lastError }))
    }
    const timer = setTimeout(() => fail('L2CONF_ERR_TIMEOUT', `no WebSocket connection to ${shown} within ${options.timeoutMs} ms`), options.timeoutMs)
    // An 'error' listener stays for the socket's life: ws emits errors, and an unheard one would crash the process.
    socket.on('error', (error) => {
      lastError = error
    })
    socket.once('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0
      response.resume()
      const code = status === 429 ? 'L2CONF_ERR_RATE_LIMITED' : 'L2CONF_ERR_UNREACHABLE'
      fail(code, `${shown} answered the WebSocket upgrade with HTTP ${status}, not 101`, { httpStatus: status })
    })
    socket.once('open', () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(socket)
    })
    socket.once('close', () => {
      const message = describeNetworkError(lastError ?? new Error('closed before the upgrade completed'))
      const code = /^Invalid (Upgrade|Sec-WebSocket)|subprotocol|extension/.test(message) ? 'L2CONF_ERR_BAD_RESPONSE' : networkFailureCode(lastError, false)
      fail(code, `no WebSocket connection to ${shown}: ${message}`)
    })
  })
}
