import type { Currency, GameMode, Locale } from '#contract'
import { formatMoney, formatNumber } from '#casino-api/contract/format.ts'

/** Formats cents as the session's money (euros, or fun chips in demo). */
export type Amount = (cents: number) => string

/**
 * Amounts as a game session shows them: money in real play, fun chips in demo (`chips` is the
 * word for them in the page's language, games.frame.chips).
 */
export const sessionAmount =
  (mode: GameMode, currency: Currency, locale: Locale, chips: string): Amount =>
  (minor) =>
    mode === 'demo'
      ? `${formatNumber(minor / 100, locale, { minimumFractionDigits: 2 })} ${chips}`
      : formatMoney(minor, currency, locale)
