import { expect, test } from 'vitest'

test("the browser's zod runs without compiled parsers (no `new Function` under the CSP)", async () => {
  await import('./zod-config.client.ts')
  const { config } = await import('zod/v4/core')
  expect(config().jitless).toBe(true)
})
