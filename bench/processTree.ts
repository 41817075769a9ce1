import { readdirSync, readFileSync } from 'node:fs'

const PAGE_BYTES = 4096

/** The process ids below `root` (its children, theirs...), read from /proc (Linux). */
export function descendants(root: number): number[] {
  const parents = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = parents.get(ppid) ?? []
      list.push(Number(name))
      parents.set(ppid, list)
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.shift() as number
    for (const child of parents.get(pid) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}

/** Resident bytes of a process now (0 once it has ended). */
export function rssOf(pid: number): number {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1])
    return pages * PAGE_BYTES
  } catch {
    return 0
  }
}

/**
 * Samples the resident memory of the tree below `root` (its descendants, summed; `withRoot` counts
 * `root` too) every `intervalMs` until `stop`, which gives the peak seen; `largestProcess` gives the
 * most any one process of the tree held. Nothing is sampled for a process that never started.
 */
export function sampleTreeRss(
  root: number | undefined,
  intervalMs: number,
  options: { withRoot?: boolean } = {},
): { stop(): number; largestProcess(): number } {
  let peak = 0
  let largest = 0
  const sampler = setInterval(() => {
    if (root === undefined) return
    const each = [...(options.withRoot === true ? [root] : []), ...descendants(root)].map(rssOf)
    peak = Math.max(
      peak,
      each.reduce((sum, rss) => sum + rss, 0),
    )
    largest = Math.max(largest, ...each)
  }, intervalMs)
  return {
    stop() {
      clearInterval(sampler)
      return peak
    },
    largestProcess: () => largest,
  }
}
