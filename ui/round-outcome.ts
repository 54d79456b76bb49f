import type { TFunction } from 'i18next'

/**
 * What a finished round's text says (issue 24, after the UK Gambling Commission's RTS 14: no
 * losses disguised as wins): a win, with its colour, only when the return is above the stake; a
 * return of the stake or less is "you get back", said plainly; nothing returned is "no win".
 */
export type RoundOutcome = 'won' | 'gotBack' | 'lost'

export function roundOutcome(round: { stake: number; win: number | null }): RoundOutcome {
  if (!round.win) return 'lost'
  return round.win > round.stake ? 'won' : 'gotBack'
}

/** The result's words in the player's language: "You win …", "You get back …" or "No win this time". */
export function outcomeText(
  t: TFunction,
  round: { stake: number; win: number | null },
  amount: (cents: number) => string,
): string {
  const said = roundOutcome(round)
  return said === 'lost' ? t('games.frame.lost') : t(`games.frame.${said}`, { amount: amount(round.win ?? 0) })
}
