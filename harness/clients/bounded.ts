/** How a library call ended within its bound: its value, what it threw, or nothing in time. */
export type Bounded<T> = { value: T } | { error: unknown } | { timedOut: true }

/**
 * Runs a library call bounded by `ms`: a library's own waits (network detection, polling, a retry it
 * was not asked for) never hold a check past its bound. The call is not cancelled (a library offers
 * no way to), so its bridge is closed when the check ends: whatever it sends later fails at once.
 */
export async function bounded<T>(ms: number, call: () => Promise<T>): Promise<Bounded<T>> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<Bounded<T>>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), ms)
  })
  const ran = (async (): Promise<Bounded<T>> => {
    try {
      return { value: await call() }
    } catch (error) {
      return { error }
    }
  })()
  try {
    return await Promise.race([ran, timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/** What a library threw, verbatim (name and message), bounded so a report stays small. */
export function thrownText(error: unknown, max = 600): string {
  let text: string
  try {
    if (error instanceof Error) text = `${error.name}: ${error.message}`
    else text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))
  } catch {
    text = 'an unreadable exception'
  }
  text = text.replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max)}…` : text
}
