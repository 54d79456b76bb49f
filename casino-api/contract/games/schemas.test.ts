import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  GAME_CATEGORIES,
  GetBetListAnswer,
  GetBetListParams,
  GetGamesParams,
  GetGameUrlParams,
  GetLiveGameUrlParams,
} from './schemas.ts'

const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

test('the 31 categories of the spec', () => {
  expect(GAME_CATEGORIES).toHaveLength(31)
  expect(GAME_CATEGORIES).toContain('teen-patti')
})

test('game filters: category, provider, search, live flag and paging', () => {
  expect(
    GetGamesParams.parse({
      category: 'european-roulette',
      provider: 'house',
      search: '  ruleta ',
      live: false,
      page: 2,
    }),
  ).toEqual({
    category: 'european-roulette',
    provider: 'house',
    search: 'ruleta',
    live: false,
    sort: 'popular',
    language: 'es',
    page: 2,
    pageSize: 20,
  })
  expect(GetGamesParams.parse({ search: '', sort: 'name', language: 'en' })).toEqual({
    sort: 'name',
    language: 'en',
    page: 1,
    pageSize: 20,
  })
  expect(codes(GetGamesParams, { category: 'pachinko', live: 'yes' })).toEqual({
    category: 'invalid_value',
    live: 'invalid_value',
  })
})

test('a game URL needs a game and a mode; the language falls back to Spanish', () => {
  expect(GetGameUrlParams.parse({ gameId: 'g1', mode: 'demo', language: 'fr' })).toEqual({
    gameId: 'g1',
    mode: 'demo',
    language: 'es',
  })
  expect(codes(GetGameUrlParams, { mode: 'free' })).toEqual({ gameId: 'field_required', mode: 'invalid_value' })
  expect(GetLiveGameUrlParams.parse({ gameId: 'live-roulette', language: 'en' })).toEqual({
    gameId: 'live-roulette',
    mode: 'real',
    language: 'en',
  })
})

test('bet list: default range of 7 days, a custom range needs valid dates', () => {
  expect(GetBetListParams.parse({})).toEqual({ range: { period: '7d' }, language: 'es', page: 1, pageSize: 20 })
  expect(
    GetBetListParams.safeParse({ range: { period: 'custom', from: '2026-02-30', to: '2026-03-01' } }).success,
  ).toBe(false)
})

test('a bet row has the columns of the bet list, with totals', () => {
  const answer = {
    items: [
      {
        id: 'b1',
        roundId: 'r1',
        gameId: 'g1',
        gameName: 'Ruleta Europea',
        provider: 'House',
        bet: 100,
        win: 3600,
        total: 3500,
        currency: 'EUR',
        status: 'settled',
        verifiable: true,
        held: null,
        placedAt: '2026-11-22T10:00:00Z',
        settledAt: '2026-11-22T10:00:01Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
    totals: { bet: 100, win: 3600, total: 3500, currency: 'EUR' },
  }
  expect(GetBetListAnswer.parse(answer)).toEqual(answer)
})
