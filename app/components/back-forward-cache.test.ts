import { expect, test } from 'vitest'
import { ignoreAbort } from './back-forward-cache.ts'

test('a revalidation aborted by a navigation is dropped; any other failure still surfaces', async () => {
  const controller = new AbortController()
  controller.abort()
  // What the router rejects a superseded revalidation with: the signal's reason, an AbortError.
  await expect(Promise.reject(controller.signal.reason).catch(ignoreAbort)).resolves.toBeUndefined()
  await expect(Promise.reject(new TypeError('Failed to fetch')).catch(ignoreAbort)).rejects.toThrow('Failed to fetch')
})
