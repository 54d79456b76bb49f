import { useTranslation } from 'react-i18next'
import { type Card, rankOf, suitOf } from '#provider/games/cards.ts'

type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13

/** A card named in words ("Seven of hearts"), for the sentences that tell a round's result. */
export function useCardName() {
  const { t } = useTranslation()
  return (card: Card) =>
    t('games.cards.name', {
      rank: t(`games.cards.ranks.r${rankOf(card) as Rank}`),
      suit: t(`games.cards.suits.${suitOf(card)}`),
    })
}
