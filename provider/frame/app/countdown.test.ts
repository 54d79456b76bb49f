// The live table's countdown (issue 19, point 8: it showed '1 second left' and then 15 again):
// readings of the table arrive late and out of order, and the seconds shown for a round never go
// up; a new round, and only a new round or a later phase, starts a countdown of its own.
import { describe, expect, test } from 'vitest'
import { type Countdown, follow, type Reading, secondsLeft } from './countdown.ts'

const T0 = Date.parse('2026-05-01T12:00:00.000Z')
const at = (ms: number) => new Date(T0 + ms).toISOString()

/** Round `seq` opened at `opened` (ms after T0): 15 s of bets, 5 s of spin, 5 s of result. */
function round(seq: number, opened: number, phase: Reading['round']['phase']): Reading['round'] {
  return {
    id: `round-${seq}`,
    seq,
    phase,
    bettingClosesAt: at(opened + 15_000),
    resultAt: at(opened + 20_000),
    nextAt: at(opened + 25_000),
  }
}

/** The readings in the order the page hears them, and the seconds it shows after each at `shownAt`. */
function shown(readings: (Reading & { shownAt: number })[]) {
  let countdown: Countdown | null = null
  return readings.map((reading) => {
    countdown = follow(countdown, reading)
    return secondsLeft(countdown, reading.shownAt)
  })
}

// The page's clock is the server's here, and every reading arrives 100 ms after it left.
const heard = (r: Reading['round'], leftServer: number, shownAt = leftServer + 100) => ({
  round: r,
  serverNow: at(leftServer),
  heardAt: T0 + leftServer + 100,
  shownAt: T0 + shownAt,
})

describe('the live countdown', () => {
  test('a late reading from before the betting closed does not bring the count back up', () => {
    expect(
      shown([
        heard(round(1, 0, 'betting'), 0),
        heard(round(1, 0, 'betting'), 13_900),
        // The betting closed; then a load that left the server at 0.5 s answers last.
        heard(round(1, 0, 'closed'), 15_200),
        heard(round(1, 0, 'betting'), 500, 16_200),
      ]),
    ).toEqual([15, 2, 5, 4])
  })

  test("a late reading of the round before does not restart this round's countdown", () => {
    expect(
      shown([
        heard(round(2, 25_000, 'betting'), 25_000),
        heard(round(2, 25_000, 'betting'), 38_500),
        heard(round(1, 0, 'result'), 24_000, 39_200),
      ]),
    ).toEqual([15, 2, 1])
  })

  test('a slow answer (its server time older) does not add the time it travelled', () => {
    let countdown = follow(null, { round: round(1, 0, 'betting'), serverNow: at(0), heardAt: T0 + 50 })
    expect(secondsLeft(countdown, T0 + 13_100)).toBe(2)
    // This one took 3 s: by its server time alone, the page's clock would seem 3 s ahead.
    countdown = follow(countdown, { round: round(1, 0, 'betting'), serverNow: at(10_000), heardAt: T0 + 13_000 })
    expect(secondsLeft(countdown, T0 + 13_100)).toBe(2)
  })

  test('a new round starts its own countdown', () => {
    expect(shown([heard(round(1, 0, 'result'), 24_000), heard(round(2, 25_000, 'betting'), 25_100)])).toEqual([1, 15])
  })
})
