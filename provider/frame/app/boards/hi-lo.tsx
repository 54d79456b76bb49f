import { useTranslation } from 'react-i18next'
import type { HiLoGuess, HiLoView } from '#provider/games/engines/hi-lo.ts'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'
import { useCardName } from './card-name.ts'
import { CardRow } from './playing-card.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, MoveProps, SaidProps } from './types.ts'

const GUESSES: HiLoGuess[] = ['higher', 'lower']

function useMultiplier() {
  const locale = useLocale()
  return (m: number) => formatNumber(m, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

/** The cards dealt (the last one is the card to beat), the multiplier so far, and how the round ended. */
/** How the round ended, in words: the card that beat the guess, or the multiplier cashed out. */
function HiLoSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const cardName = useCardName()
  const multiplier = useMultiplier()
  const round = view as HiLoView | undefined
  if (!round?.cards || round.outcome === 'open') return null
  return round.outcome === 'lost'
    ? t('games.hiLo.lost', { card: cardName(round.cards.at(-1)!) })
    : t('games.hiLo.cashed', { multiplier: multiplier(round.multiplier) })
}

function HiLoBoard({ view, config, symbols }: BoardProps) {
  const { t } = useTranslation()
  const cardName = useCardName()
  const multiplier = useMultiplier()
  const round = view as HiLoView | undefined
  if (!round?.cards) return null
  const last = round.cards.at(-1)!
  return (
    <div className={styles.stacked}>
      <CardRow
        label={t('games.hiLo.cards')}
        cards={round.cards}
        note={round.outcome === 'open' ? t('games.hiLo.current', { card: cardName(last) }) : undefined}
      />
      {round.outcome === 'open' && round.guesses.length > 0 ? (
        <p>{t('games.hiLo.multiplier', { multiplier: multiplier(round.multiplier), count: round.guesses.length })}</p>
      ) : null}
      {round.outcome === 'open' ? null : (
        <p className={styles.outcome}>
          <HiLoSaid view={view} config={config} symbols={symbols} />
        </p>
      )}
    </div>
  )
}

/** Higher, lower (each with its chance and multiplier) and cash out: one button each. */
function HiLoMoves({ view, amount, busy }: MoveProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const multiplier = useMultiplier()
  const round = view as HiLoView
  return (
    <>
      {GUESSES.map((guess) => {
        const offer = round.offers?.[guess] ?? null
        return (
          <button
            key={guess}
            type="submit"
            name="move"
            value={guess}
            className={styles.bigButton}
            disabled={busy || !offer}
          >
            {t(`games.hiLo.${guess}`)}
            <span>
              {' · '}
              {offer
                ? t('games.hiLo.offer', {
                    chance: formatNumber(offer.chance * 100, locale, { maximumFractionDigits: 1 }),
                    multiplier: multiplier(offer.multiplier),
                  })
                : t('games.hiLo.unavailable')}
            </span>
          </button>
        )
      })}
      <button
        type="submit"
        name="move"
        value="cashout"
        className={styles.demoButton}
        disabled={busy || round.cashout === null}
      >
        {round.cashout === null
          ? t('games.hiLo.cashoutLater')
          : t('games.hiLo.cashout', { amount: amount(round.cashout) })}
      </button>
    </>
  )
}

const HiLoControls = (controls: ControlsProps) => {
  const { t } = useTranslation()
  return <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
}

export const hiLoUi: GameUi = {
  Board: HiLoBoard,
  Controls: HiLoControls,
  Said: HiLoSaid,
  betFromForm: (form) => ({ stake: cents(form.get('stake')) }),
  playLabel: 'deal',
  Moves: HiLoMoves,
  actionFromForm: (form) => ({ move: form.get('move') }),
}
