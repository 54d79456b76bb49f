import { expect, test } from 'vitest'
import { EnvError, parseEnv } from './env.server.ts'

const SECRET = 'a-production-session-secret-0123456789abcdef'

test('production refuses to start without PUBLIC_URL, naming the variable', () => {
  expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toThrow(EnvError)
  expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toThrow(
    /PUBLIC_URL: is required in production/,
  )
  expect(
    parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://casino.example' }).PUBLIC_URL,
  ).toBe('https://casino.example')
})

test('development and tests may leave PUBLIC_URL unset', () => {
  expect(parseEnv({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined()
  expect(parseEnv({ NODE_ENV: 'test' }).PUBLIC_URL).toBeUndefined()
})

test('the demo player is seeded only when SEED_DEMO is true (npm start and npm run dev set it; the container does not)', () => {
  expect(parseEnv({}).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: '' }).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  expect(parseEnv({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
  expect(() => parseEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/)
})

test("GAME_FRAME_ORIGINS lists other providers' frame origins; a path, another scheme or a bad URL stops the server", () => {
  expect(parseEnv({}).GAME_FRAME_ORIGINS).toEqual([])
  expect(
    parseEnv({ GAME_FRAME_ORIGINS: ' https://games.acme.example , http://127.0.0.1:4200/' }).GAME_FRAME_ORIGINS,
  ).toEqual(['https://games.acme.example', 'http://127.0.0.1:4200'])
  for (const wrong of ['https://games.acme.example/play', 'javascript:alert(1)', 'games.acme.example', '*'])
    expect(() => parseEnv({ GAME_FRAME_ORIGINS: wrong })).toThrow(/GAME_FRAME_ORIGINS: .* is not an origin/)
})
