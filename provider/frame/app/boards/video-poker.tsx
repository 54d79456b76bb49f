import { useTranslation } from 'react-i18next'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import type { VideoPokerView } from '#provider/games/engines/video-poker.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { PlayingCard } from './playing-card.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, MoveProps, SaidProps } from './types.ts'

/** The final hand's rank and what it pays, in words. */
function VideoPokerSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const state = view as VideoPokerView | undefined
  if (!state?.final) return null
  return state.rank
    ? t('games.videoPoker.result', {
        rank: t(`games.videoPoker.ranks.${state.rank}`),
        pays: formatNumber(state.pays ?? 0, locale),
      })
    : t('games.videoPoker.nothing')
}

function VideoPokerBoard({ view, config, symbols }: BoardProps) {
  const { t } = useTranslation()
  const state = view as VideoPokerView | undefined
  if (!state?.hand) return null
  if (!state.final)
    return (
      <p className={styles.outcome}>
        {state.dealt
          ? t('games.videoPoker.dealt', { rank: t(`games.videoPoker.ranks.${state.dealt}`) })
          : t('games.videoPoker.holdLegend')}
      </p>
    )
  const label = t('games.videoPoker.final')
  return (
    <div className={styles.hand}>
      <p className={styles.handLabel}>{label}</p>
      <ul className={styles.cardRow} aria-label={label}>
        {state.final.map((card, i) => {
          const held = state.held?.includes(i) ?? false
          return (
            <li key={i} className={styles.holdCard}>
              <span className={held ? styles.heldCard : undefined}>
                <PlayingCard card={card} />
              </span>
              {held ? <span>{t('games.videoPoker.held')}</span> : null}
            </li>
          )
        })}
      </ul>
      <p className={styles.outcome}>
        <VideoPokerSaid view={view} config={config} symbols={symbols} />
      </p>
    </div>
  )
}

/** The dealt hand as hold boxes (each labelled with its card) and the draw button. */
function VideoPokerMoves({ view, busy }: MoveProps) {
  const { t } = useTranslation()
  const state = view as VideoPokerView
  return (
    <>
      <fieldset className={styles.hand}>
        <legend className={forms.label}>{t('games.videoPoker.holdLegend')}</legend>
        <ul className={styles.cardRow}>
          {state.hand.map((card, i) => (
            <li key={i}>
              <label className={styles.holdCard}>
                <PlayingCard card={card} />
                <span>
                  <input type="checkbox" name="hold" value={i} /> {t('games.videoPoker.hold')}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" name="move" value="draw" className={styles.bigButton} disabled={busy}>
        {t('games.videoPoker.draw')}
      </button>
    </>
  )
}

function VideoPokerControls(controls: ControlsProps) {
  const { t } = useTranslation()
  return <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
}

export const videoPokerUi: GameUi = {
  Board: VideoPokerBoard,
  Controls: VideoPokerControls,
  Said: VideoPokerSaid,
  betFromForm: (form) => ({ stake: cents(form.get('stake')) }),
  playLabel: 'deal',
  Moves: VideoPokerMoves,
  actionFromForm: (form) => ({ hold: form.getAll('hold').map((v) => Number(v)) }),
}
