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
