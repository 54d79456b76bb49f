import { useTranslation } from 'react-i18next'
import { KENO_MAX_SPOTS, KENO_NUMBERS } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { cents, ChipSelect, phaseOf } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1)
const sorted = (list: number[]) => [...list].sort((a, b) => a - b).join(', ')
type KenoView = { spots: number[]; drawn: number[]; hits: number; pays: number }

/** The hits in words ("3 hits of your 5 numbers (…)"). */
function KenoSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const state = view as KenoView | undefined
  return state?.drawn
    ? t('games.keno.hits', { count: state.hits, spots: state.spots.length, numbers: sorted(state.spots) })
    : null
}

/** How long the twenty numbers take to be drawn one by one, in ms. */
const DRAW_MS = 2600

/**
 * The grid of 80 with the player's spots, the drawn numbers (drawn one by one as the round comes
 * in) and the hits; the numbers in words and the hits once the draw is over.
 */
function KenoBoard({ view, motion, config, symbols }: BoardProps) {
  const { t } = useTranslation()
  // Before the first round the grid is there, empty, and its words' place kept (no layout shift).
  const state = view as KenoView | undefined
  const phase = phaseOf(motion)
  const order = new Map(phase === 'spinning' || !state?.drawn ? [] : state.drawn.map((n, i) => [n, i]))
  const picked = new Set(state?.spots)
  return (
    <div>
      <ul className={`${styles.numberGrid} ${phase === 'spinning' ? styles.drawing : ''}`} aria-hidden="true">
        {NUMBERS.map((n) => {
          const at = order.get(n)
          const drawn = at !== undefined
          return (
            <li
              key={n}
              className={`${styles.numberCell} ${drawn ? styles.numberDrawn : ''} ${drawn && phase === 'landing' ? `${styles.drawPop} ${styles.drawDelay[at]}` : ''} ${picked.has(n) ? styles.numberPicked : ''} ${drawn && picked.has(n) ? styles.win : ''}`}
            >
              {n}
            </li>
          )
        })}
      </ul>
      {/* Kept in place while the round plays (no layout shift), shown once it is at rest. */}
      <div className={`${styles.roundWords} ${phase === 'rest' ? '' : styles.concealed}`}>
        {state?.drawn ? (
          <>
            <p>{t('games.keno.drawn', { numbers: sorted(state.drawn) })}</p>
            <p className={styles.outcome}>
              <KenoSaid view={view} config={config} symbols={symbols} />
            </p>
          </>
        ) : null}
      </div>
    </div>
  )
}

function KenoControls(controls: ControlsProps) {
  const { t } = useTranslation()
  return (
    <>
      <fieldset>
        <legend className={forms.label}>{t('games.keno.pick', { max: KENO_MAX_SPOTS })}</legend>
        <ul className={styles.numberGrid}>
          {NUMBERS.map((n) => (
            <li key={n}>
              <label className={`${styles.numberCell} ${styles.spot}`}>
                {n}
                <input type="checkbox" name="spot" value={n} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
      <div>
        <label htmlFor="bet-quick" className={forms.label}>
          {t('games.keno.quickCount')}
        </label>
        <select id="bet-quick" name="quickCount" className={forms.select} defaultValue="5">
          {Array.from({ length: KENO_MAX_SPOTS }, (_, i) => (
            <option key={i} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="quick" value="1" className={styles.demoButton}>
        {t('games.keno.quick')}
      </button>
    </>
  )
}

export const kenoUi: GameUi = {
  Board: KenoBoard,
  Controls: KenoControls,
  Said: KenoSaid,
  betFromForm: (form) => {
    const quick = form.get('quick') === '1'
    return {
      stake: cents(form.get('stake')),
      spots: quick ? [] : form.getAll('spot').map((v) => cents(v)),
      quickPick: quick ? cents(form.get('quickCount')) : 0,
    }
  },
  playLabel: 'draw',
  // The draw: the round comes in, then its numbers appear one by one.
  motion: () => ({ steps: 2, stepMs: DRAW_MS }),
}
