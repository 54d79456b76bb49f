import { useTranslation } from 'react-i18next'
import type { PlinkoConfig, PlinkoRisk } from '#provider/games/engines/plinko.ts'
import { PLINKO_RISKS } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { cents, ChipSelect, phaseOf, useTimes } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

type PlinkoView = { path: number[]; slot: number; risk: PlinkoRisk; pays: number }

/** Where the ball landed, in words ("It lands in slot 4 of 13: × 1.5"). */
function PlinkoSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const times = useTimes()
  const state = view as PlinkoView | undefined
  return state?.path ? t('games.plinko.landed', { slot: state.slot + 1, multiplier: times(state.pays / 100) }) : null
}

/** How long the ball takes to fall through each row of pegs, in ms. */
const ROW_MS = 160

/**
 * The pegs and the ball's fall (drawn in SVG: decorative, the path is said in words), the 13
 * slots of a risk with their multiples of the stake, the landing slot marked. The ball falls as
 * the round comes in, along the server's path; the words and the slot come once it has landed.
 */
function PlinkoBoard({ view, config, motion, symbols }: BoardProps) {
  const { t } = useTranslation()
  const times = useTimes()
  // Before the first round the pegs and the medium risk's slots are there, the words' place kept.
  const state = view as PlinkoView | undefined
  const phase = phaseOf(motion)
  const pays = (config as PlinkoConfig).pays[state?.risk ?? 'medium']
  const rows = pays.length - 1
  // The ball drops onto the top peg, then off each row's peg half a gap left or right, onto the
  // next row's, and from the last row into its slot (column -rows…rows, in half gaps).
  const points: [number, number][] = [
    [0, -0.6],
    [0, 0],
  ]
  for (const [row, right] of (state?.path ?? []).entries())
    points.push([points[row + 1]![0] + (right ? 1 : -1), row + 1])
  const x = (column: number) => 50 + column * (45 / rows)
  const y = (row: number) => 6 + row * (80 / rows)
  const route = points.map(([c, r], i) => `${i ? 'L' : 'M'}${x(c)} ${y(r) - 2.5}`).join(' ')
  const [endX, endY] = [x(points.at(-1)![0]), y(rows) + 4]
  return (
    <div>
      <svg viewBox="0 0 100 96" className={styles.plinkoBoard} aria-hidden>
        {Array.from({ length: rows }, (_row, row) =>
          Array.from({ length: row + 1 }, (_peg, i) => (
            <circle key={`${row}-${i}`} cx={x(i * 2 - row)} cy={y(row)} r="1.3" fill="#b9c2d0" />
          )),
        )}
        {phase === 'spinning' || !state ? null : phase === 'landing' ? (
          <circle r="2.6" fill="#f5c542" className={styles.plinkoBall}>
            <animateMotion dur={`${rows * ROW_MS}ms`} fill="freeze" path={`${route} L${endX} ${endY}`} />
          </circle>
        ) : (
          <circle cx={endX} cy={endY} r="2.6" fill="#f5c542" />
        )}
      </svg>
      <ol className={styles.slots} aria-hidden="true">
        {pays.map((p, slot) => (
          <li
            key={slot}
            className={`${styles.numberCell} ${slot === state?.slot && phase === 'rest' ? styles.numberPicked : ''}`}
          >
            {times(p / 100)}
          </li>
        ))}
      </ol>
      {/* Kept in place while the round plays (no layout shift), shown once it is at rest. */}
      <div className={`${styles.roundWords} ${phase === 'rest' ? '' : styles.concealed}`}>
        {state ? (
          <>
            <p>
              {t('games.plinko.path', {
                path: state.path.map((b) => t(b ? 'games.plinko.right' : 'games.plinko.left')).join(', '),
              })}
            </p>
            <p className={styles.outcome}>
              <PlinkoSaid view={view} config={config} symbols={symbols} />
            </p>
          </>
        ) : null}
      </div>
    </div>
  )
}

function PlinkoControls(controls: ControlsProps) {
  const { t } = useTranslation()
  return (
    <>
      <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
      <fieldset>
        <legend className={forms.label}>{t('games.plinko.risk')}</legend>
        {PLINKO_RISKS.map((risk) => (
          <label key={risk}>
            <input type="radio" name="risk" value={risk} defaultChecked={risk === 'medium'} />{' '}
            {t(`games.plinko.risks.${risk}`)}{' '}
          </label>
        ))}
      </fieldset>
    </>
  )
}

export const plinkoUi: GameUi = {
  Board: PlinkoBoard,
  Controls: PlinkoControls,
  Said: PlinkoSaid,
  betFromForm: (form) => ({ stake: cents(form.get('stake')), risk: form.get('risk') }),
  playLabel: 'drop',
  // The ball falls through the twelve rows once the round is in.
  motion: () => ({ steps: 2, stepMs: 12 * ROW_MS + 200 }),
}
