import { useTranslation } from 'react-i18next'
import { type Card, isRedCard, rankOf, suitOf } from '#provider/games/cards.ts'
import * as styles from '#ui/games.css.ts'
import { useCardName } from './card-name.ts'

const RANK_GLYPHS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']
const SUIT_GLYPHS = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const
const RED = '#b3261e'
const INK = '#16181d'

/** The pips of a number card (x, y in a 60 × 84 face), as a card's own layout has them. */
const PIPS: Record<number, [number, number][]> = {
  1: [[30, 42]],
  2: [
    [30, 20],
    [30, 64],
  ],
  3: [
    [30, 20],
    [30, 42],
    [30, 64],
  ],
  4: [
    [19, 20],
    [41, 20],
    [19, 64],
    [41, 64],
  ],
  5: [
    [19, 20],
    [41, 20],
    [30, 42],
    [19, 64],
    [41, 64],
  ],
  6: [
    [19, 20],
    [41, 20],
    [19, 42],
    [41, 42],
    [19, 64],
    [41, 64],
  ],
  7: [
    [19, 20],
    [41, 20],
    [30, 31],
    [19, 42],
    [41, 42],
    [19, 64],
    [41, 64],
  ],
  8: [
    [19, 20],
    [41, 20],
    [30, 31],
    [19, 42],
    [41, 42],
    [30, 53],
    [19, 64],
    [41, 64],
  ],
  9: [
    [19, 18],
    [41, 18],
    [19, 34],
    [41, 34],
    [30, 42],
    [19, 50],
    [41, 50],
    [19, 66],
    [41, 66],
  ],
  10: [
    [19, 18],
    [41, 18],
    [30, 26],
    [19, 34],
    [41, 34],
    [19, 50],
    [41, 50],
    [30, 58],
    [19, 66],
    [41, 66],
  ],
}

/** A card's face in SVG: its rank and suit in two corners, its pips, or a court card's frame. */
function CardFace({ card }: { card: Card }) {
  const rank = rankOf(card)
  const suit = SUIT_GLYPHS[suitOf(card)]
  const colour = isRedCard(card) ? RED : INK
  const corner = (
    <g fill={colour} fontWeight="700" textAnchor="middle">
      <text x="8" y="13" fontSize="11">
        {RANK_GLYPHS[rank - 1]}
      </text>
      <text x="8" y="23" fontSize="9">
        {suit}
      </text>
    </g>
  )
  return (
    <svg viewBox="0 0 60 84" aria-hidden>
      <rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fbf8f1" stroke="#c9c2b0" />
      {corner}
      <g transform="rotate(180 30 42)">{corner}</g>
      {rank > 10 ? (
        <g>
          <rect x="14" y="16" width="32" height="52" rx="3" fill="none" stroke={colour} strokeWidth="1.5" />
          <rect x="17" y="19" width="26" height="46" rx="2" fill={colour} opacity="0.1" />
          <text
            x="30"
            y="40"
            textAnchor="middle"
            fontSize="20"
            fontWeight="800"
            fill={colour}
            fontFamily="Georgia, serif"
          >
            {RANK_GLYPHS[rank - 1]}
          </text>
          <text x="30" y="58" textAnchor="middle" fontSize="14" fill={colour}>
            {suit}
          </text>
        </g>
      ) : (
        <g fill={colour} textAnchor="middle" dominantBaseline="central" fontSize={rank === 1 ? 30 : 12}>
          {PIPS[rank]!.map(([x, y], i) => (
            <text key={i} x={x} y={y} transform={y > 42 ? `rotate(180 ${x} ${y})` : undefined}>
              {suit}
            </text>
          ))}
        </g>
      )}
    </svg>
  )
}

/** A card's back: a gold lattice on deep red. */
const CardBack = () => (
  <svg viewBox="0 0 60 84" aria-hidden>
    <rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#7a1a16" stroke="#d4af37" />
    <rect x="5" y="5" width="50" height="74" rx="3" fill="none" stroke="#d4af37" strokeWidth="1" />
    <path
      d={Array.from(
        { length: 9 },
        (_, i) => `M5 ${5 + i * 12} L50 ${50 + i * 12} M55 ${5 + i * 12} L10 ${50 + i * 12}`,
      ).join(' ')}
      stroke="#d4af37"
      strokeWidth="0.6"
      opacity="0.55"
    />
    <circle cx="30" cy="42" r="9" fill="#7a1a16" stroke="#d4af37" strokeWidth="1.5" />
  </svg>
)

/**
 * One card face up (drawn, and named in words for screen readers), or face down. A card is dealt
 * onto the table with a slide, the `order`th of its row a moment after the one before; a card
 * turned over (the dealer's hole card) turns as it changes.
 */
export function PlayingCard({ card, order = 0 }: { card: Card | null; order?: number }) {
  const { t } = useTranslation()
  const cardName = useCardName()
  const deal = `${styles.playingCard} ${styles.dealt} ${styles.dealDelay[Math.min(order, 5)]}`
  if (card === null)
    return (
      <span className={deal}>
        <CardBack />
        <span className="visually-hidden">{t('games.cards.faceDown')}</span>
      </span>
    )
  return (
    <span className={deal}>
      <CardFace card={card} />
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
          // Keyed by what it shows too: a card turned over is a new face, which turns in.
          <li key={`${i}:${card ?? 'down'}`}>
            <PlayingCard card={card} order={i} />
          </li>
        ))}
      </ul>
    </div>
  )
}
