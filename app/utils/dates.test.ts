import { expect, test } from 'vitest'
import { formatDate, formatDateTime } from './dates.ts'

test('dates read YYYY.MM.DD hh:mm:ss on a 24-hour clock', () => {
  expect(formatDateTime('2026-01-05T03:04:05Z', 'UTC')).toBe('2026.01.05 03:04:05')
  expect(formatDateTime('2026-11-22T23:59:59Z', 'UTC')).toBe('2026.11.22 23:59:59')
  expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)), 'UTC')).toBe('2026.01.01 00:00:00')
})

test("the site's time zone by default (Madrid: +2 h in summer, +1 h in winter)", () => {
  expect(formatDateTime('2026-07-05T23:04:05Z')).toBe('2026.07.06 01:04:05')
  expect(formatDateTime('2026-01-05T23:04:05Z')).toBe('2026.01.06 00:04:05')
})

test('date only', () => {
  expect(formatDate('2026-03-09T10:00:00Z', 'UTC')).toBe('2026.03.09')
})

test('an invalid date is an error, not "Invalid Date"', () => {
  expect(() => formatDateTime('not a date')).toThrow(RangeError)
})
