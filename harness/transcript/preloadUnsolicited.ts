import type { UnsolicitedFrames } from '../transport/transportHealth.js'
import type { TranscriptFile } from './recordedExchange.js'
import { UNSOLICITED_LINE } from './transcriptPaths.js'

const PREFIX = UNSOLICITED_LINE.slice(2).trim()

/**
 * Counts again the WebSocket frames nobody asked for that a transcript recorded (`l2conf check`):
 * the run-wide tallies RPC-WS and RPC-SUBSCRIBE judge at the end of the run hold what they held live.
 */
export function preloadUnsolicited(files: readonly TranscriptFile[], unsolicited: UnsolicitedFrames): void {
  for (const file of files) {
    for (const comment of file.comments) {
      if (!comment.startsWith(`${PREFIX} `)) continue
      let frame: { kind?: unknown; text?: unknown; firstOnConnection?: unknown }
      try {
        frame = JSON.parse(comment.slice(PREFIX.length + 1)) as typeof frame
      } catch {
        continue
      }
      if ((frame.kind === 'responses' || frame.kind === 'notifications') && typeof frame.text === 'string')
        unsolicited.add(frame.kind, frame.text, frame.firstOnConnection === true)
    }
  }
}
