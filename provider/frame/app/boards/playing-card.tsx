import { useTranslation } from 'react-i18next'
import { type Card, isRedCard, rankOf, suitOf } from '#provider/games/cards.ts'
import * as styles from '#ui/games.css.ts'
import { useCardName } from './card-name.ts'

const RANK_GLYPHS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
const SUIT_GLYPHS = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const

/** One card face up (rank and suit, named in words for screen readers), or face down. */
export function PlayingCard({ card }: { card: Card | null }) {
  const { t } = useTranslation()
  const cardName = useCardName()
  if (card === null)
    return (
      <span className={`${styles.playingCard} ${styles.cardBack}`}>
        <span className="visually-hidden">{t('games.cards.faceDown')}</span>
      </span>
    )
  const rank = rankOf(card)
  const suit = suitOf(card)
  return (
    <span className={`${styles.playingCard} ${isRedCard(card) ? styles.cardRed : ''}`}>
      <span aria-hidden="true">
        {RANK_GLYPHS[rank - 1]}
        {SUIT_GLYPHS[suit]}
      </span>
      <span className="visually-hidden">{cardName(card)}</span>
    </span>
  )
}

/** A row of cards with a heading (a hand, the dealer's cards, the andar pile...). */
export function CardRow({ label, cards, note }: { label: string; cards: (Card | null)[]; note?: string }) {
  return (
    <div className={styles.hand}>
      <p className={styles.handLabel}>
        {label}
        {note ? <span className={styles.small}> · {note}</span> : null}
      </p>
      <ul className={styles.cardRow} aria-label={label}>
        {cards.map((card, i) => (
          <li key={i}>
            <PlayingCard card={card} />
          </li>
        ))}
      </ul>
    </div>
  )
}
