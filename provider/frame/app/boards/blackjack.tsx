import { useTranslation } from 'react-i18next'
import type { BlackjackView } from '#provider/games/engines/blackjack.ts'
import * as styles from '#ui/games.css.ts'
import { CardRow } from './playing-card.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, MoveProps, SaidProps } from './types.ts'

/** The dealer's total and each hand's, with its result, in words. */
function BlackjackSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const state = view as BlackjackView | undefined
  if (!state?.hands) return null
  const dealer =
    state.dealerTotal === null
      ? []
      : [`${t('games.blackjack.dealer')}, ${t('games.blackjack.total', { total: state.dealerTotal })}`]
  const hands = state.hands.map((hand, i) =>
    [
      state.hands.length > 1 ? t('games.blackjack.handN', { n: i + 1 }) : t('games.blackjack.hand'),
      t('games.blackjack.total', { total: hand.total }),
      hand.result ? t(`games.blackjack.results.${hand.result}`) : null,
    ]
      .filter(Boolean)
      .join(', '),
  )
  return [...dealer, ...hands].join('; ')
}

function BlackjackBoard({ view, amount }: BoardProps) {
  const { t } = useTranslation()
  const state = view as BlackjackView | undefined
  if (!state?.hands) return null
  const totalOf = (total: number, soft: boolean) =>
    soft ? t('games.blackjack.soft', { total }) : t('games.blackjack.total', { total })
  return (
    <div className={styles.hand}>
      <CardRow
        label={t('games.blackjack.dealer')}
        cards={state.dealer}
        note={state.dealerTotal === null ? undefined : t('games.blackjack.total', { total: state.dealerTotal })}
      />
      {state.hands.map((hand, i) => (
        <CardRow
          key={i}
          label={state.hands.length > 1 ? t('games.blackjack.handN', { n: i + 1 }) : t('games.blackjack.hand')}
          cards={hand.cards}
          note={[
            totalOf(hand.total, hand.soft),
            t('games.blackjack.stake', { amount: amount(hand.stake) }),
            hand.doubled ? t('games.blackjack.doubled') : null,
            state.active === i ? t('games.blackjack.playing') : null,
            hand.result ? t(`games.blackjack.results.${hand.result}`) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </div>
  )
}

function BlackjackMoves({ view, busy }: MoveProps) {
  const { t } = useTranslation()
  const state = view as BlackjackView
  return (
    <div className={styles.moveButtons}>
      {state.moves.map((move) => (
        <button key={move} type="submit" name="move" value={move} className={styles.bigButton} disabled={busy}>
          {t(`games.blackjack.moves.${move}`)}
        </button>
      ))}
    </div>
  )
}

function BlackjackControls(controls: ControlsProps) {
  const { t } = useTranslation()
  return <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
}

export const blackjackUi: GameUi = {
  Board: BlackjackBoard,
  Controls: BlackjackControls,
  Said: BlackjackSaid,
  betFromForm: (form) => ({ stake: cents(form.get('stake')) }),
  playLabel: 'deal',
  Moves: BlackjackMoves,
  actionFromForm: (form) => ({ move: form.get('move') }),
}
