/**
 * Waits until `condition` returns a truthy value (or resolves to one) and returns it; fails with
 * `what` after `timeoutMs` (generous: the suite must pass on a busy machine). For conditions
 * that have no event to wait on, e.g. a background retry reaching a server.
 */
export async function waitFor<T>(
  what: string | (() => string),
  condition: () => T | Promise<T>,
  { timeoutMs = 60_000, intervalMs = 50 } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await condition()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
