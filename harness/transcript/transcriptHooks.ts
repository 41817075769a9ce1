import { currentCheck, type DeclaredCheck } from '../run/certify.js'
import type { RunConfig } from '../run/runConfig.js'
import { textRedactor } from '../report/redact.js'
import type { Exchange } from '../transport/exchange.js'
import type { RunHealth } from '../transport/transportHealth.js'
import type { TransportOptions } from '../transport/transportOptions.js'
import { preloadUnsolicited } from './preloadUnsolicited.js'
import { readTranscriptFiles } from './readTranscript.js'
import { replayClock, stopReplayClock } from './replayClock.js'
import { runSecrets } from './runSecrets.js'
import { TranscriptRecorder } from './transcriptRecorder.js'
import { TranscriptReplay } from './transcriptReplay.js'

/** What a run context adds to its transports for transcripts: a replay source, and hooks that record. */
export interface TranscriptHooks {
  /** `l2conf check`: answers come from this transcript (the transports then get no health: nothing is probed). */
  replay: TranscriptReplay | undefined
  /** `--record DIR`: called with every exchange of the run, filed under the check of its async context. */
  onExchange: (exchange: Exchange) => void
  /** `--record DIR`: the TransportOptions that file each notification under the check that subscribed. */
  options: Pick<TransportOptions, 'captureContext' | 'onNotification'>
  /** Ends the run's transcript side: the clock a replay set back is this process's own again, and every recorded line is written. */
  close(): Promise<void>
}

/**
 * The transcript side of a run's context (ARCHITECTURE.md, transcripts): with `config.record`, a
 * recorder masking every line as the reports are masked, fed by the exchanges, the notifications
 * and the unsolicited frames of the run; with `config.replay`, the transcript that answers instead
 * of the network, its unsolicited frames counted again and the clock set back to the recording's.
 */
export function transcriptHooks(config: RunConfig, health: RunHealth): TranscriptHooks {
  const recorder = config.record == null ? undefined : new TranscriptRecorder(config.record, textRedactor(runSecrets(config), config.redact))
  let replay: TranscriptReplay | undefined
  if (config.replay != null) {
    // l2conf check read and parsed every file to find a corrupt line before anything ran: not twice.
    const files = config.replayFiles ?? readTranscriptFiles(config.replay)
    replay = new TranscriptReplay(files)
    preloadUnsolicited(files, health.unsolicited)
    replayClock(config.recordedAt ?? undefined)
  }
  const close = async (): Promise<void> => {
    if (config.replay != null) stopReplayClock()
    await recorder?.flushed()
  }
  if (recorder === undefined) return { replay, onExchange: () => undefined, options: {}, close }
  health.unsolicited.onAdd = (kind, text, first) => recorder.unsolicited(kind, text, first)
  return {
    replay,
    onExchange: (exchange) => recorder.exchange(exchange, currentCheck()),
    options: { captureContext: currentCheck, onNotification: (message, check) => recorder.notification(message, check as DeclaredCheck | undefined) },
    close,
  }
}
