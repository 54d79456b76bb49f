import { expect, test } from 'vitest'
import { notFoundUnless } from './responses.server.ts'

function thrown(run: () => void): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

test('notFoundUnless lets a truthy condition through and narrows it', () => {
  const games = [{ slug: 'roulette', name: 'Roulette' }]
  const game = games.find((g) => g.slug === 'roulette')
  notFoundUnless(game)
  expect(game.name).toBe('Roulette')
})

test('notFoundUnless throws a 404 carrying the catalogue code the error boundary shows', () => {
  for (const condition of [undefined, null, false, 0, '']) {
    const error = thrown(() => notFoundUnless(condition)) as { init: ResponseInit; data: unknown }
    expect(error.init.status).toBe(404)
    expect(error.data).toEqual({ code: 'not_found' })
  }
  const gone = thrown(() => notFoundUnless(undefined, 'game_not_found')) as { data: unknown }
  expect(gone.data).toEqual({ code: 'game_not_found' })
})
