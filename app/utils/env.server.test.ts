import { expect, test } from 'vitest'
import { parseEnv } from './env.server.ts'

test('the demo player is seeded only when SEED_DEMO is true (npm start and npm run dev set it; the container does not)', () => {
  expect(parseEnv({}).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: '' }).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
  expect(() => parseEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/)
})
