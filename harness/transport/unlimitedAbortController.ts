import { setMaxListeners } from 'node:events'

/**
 * An AbortController whose signal takes any number of listeners: a transport's requests in flight
 * each listen to one signal (aborted when the transport is judged unusable), and with --concurrency
 * above 10 Node would warn of a listener leak that is none.
 */
export function unlimitedAbortController(): AbortController {
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  return controller
}
