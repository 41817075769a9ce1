/**
 * Maps `items` through `fn` with at most `parallel` calls under way at a time, and answers the
 * results in the items' order (not the order they finished in). For a check's independent exchanges:
 * their requests still pass the run's request gate (--concurrency, --rate), and against a remote
 * target their round trips overlap instead of adding up. A rejection rejects the whole, as
 * Promise.all does, once the calls under way have settled.
 * @example const exchanges = await sideBySide(paths, context.config.concurrency, (path) => get(context, path))
 */
export async function sideBySide<T, R>(items: readonly T[], parallel: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, parallel), items.length) }, worker))
  return results
}
