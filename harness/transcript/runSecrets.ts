import { REFERENCE_DEV_KEY, type RunConfig } from '../run/runConfig.js'
import { urlSecrets } from '../transport/maskUrl.js'

/**
 * The secrets of a run, as its reports mask them: header values, a private key (but the reference's
 * public development key), and the secret parts of the target addresses.
 */
export function runSecrets(config: RunConfig): string[] {
  return [
    ...Object.values(config.headers),
    ...(config.privateKey === null || config.privateKey === REFERENCE_DEV_KEY ? [] : [config.privateKey]),
    ...[config.rpc, config.ws, config.rest].flatMap((url) => (url === null ? [] : urlSecrets(url))),
  ]
}
