/** A stack frame in a client library's own code. */
const LIBRARY_FRAME = /[\\/]node_modules[\\/](viem|ethers|web3(-[a-z-]+)?)[\\/]/

let guarded = false

/**
 * Keeps a client library's own stray promise (one it rejects and never awaits, as ethers does with
 * the eth_unsubscribe it sends when a listener goes) from ending the run: Node ends a process on an
 * unhandled rejection. Installed once, when a library is first loaded; a rejection whose error was
 * not made in a library's code is thrown on, as Node would have (so the process still ends on it).
 */
export function guardLibraryRejections(): void {
  if (guarded) return
  guarded = true
  process.on('unhandledRejection', (reason) => {
    const stack = reason instanceof Error ? (reason.stack ?? '') : ''
    if (LIBRARY_FRAME.test(stack)) return
    throw reason
  })
}
