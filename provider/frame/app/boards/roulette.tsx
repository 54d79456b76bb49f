import { useTranslation } from 'react-i18next'
import * as styles from '#ui/games.css.ts'
import { phaseOf } from './shared.tsx'
import { betsOf, pocketName, type SpotType, stageFromForm, tableSpots } from './roulette-table.ts'
import { RouletteTable, type Staged, WHEELS, wheelOf } from './roulette-table.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'
import { colourOf, ResultStrip, RouletteWheel } from './roulette-wheel.tsx'
import * as wheelCss from './roulette-wheel.css.ts'

/** A pocket as the wheel writes it (37 is 00): the table's own name for it. */
export const pocketLabel = pocketName

/** The pocket the ball landed in, with its colour in words ("The ball lands on 33 black"). */
export function PocketWords({ pocket }: { pocket: number }) {
  const { t } = useTranslation()
  return t('games.frame.pocket', { pocket: `${pocketLabel(pocket)} ${t(`games.frame.colours.${colourOf(pocket)}`)}` })
}

/** The pocket the ball landed in: its number in its colour, and in words. */
export function Pocket({ pocket }: { pocket: number | undefined }) {
  if (pocket === undefined) return null
  return (
    <p>
      <span className={`${styles.pocket} ${styles.pocketColour[colourOf(pocket)]}`} aria-hidden="true">
        {pocketLabel(pocket)}
      </span>{' '}
      <PocketWords pocket={pocket} />
    </p>
  )
}

type SpinView = { pocket?: number; returns?: number[]; bets?: { type: SpotType; numbers: number[]; amount: number }[] }

/**
 * The last results, the wheel and its ball, then the pocket in words and each bet of the spin
 * with what it returned. While a spin is under way (`motion`: its first step is the answer's
 * arrival, its second the wheel at rest) the wheel turns, then lands on the server's pocket;
 * the words come once it has stopped.
 */
function RouletteBoard({ config, view, amount, motion, history }: BoardProps) {
  const { t } = useTranslation()
  const spin = view as SpinView | undefined
  const playing = motion?.playing ?? false
  const phase = phaseOf(motion)
  const pockets = (history ?? []).flatMap((v) => {
    const pocket = (v as SpinView | undefined)?.pocket
    return pocket === undefined ? [] : [pocket]
  })
  return (
    <div className={wheelCss.board}>
      <ResultStrip pockets={pockets} />
      <RouletteWheel wheel={wheelOf(config)} pocket={spin?.pocket} phase={phase} />
      {/* Hidden while the wheel turns (its words would tell the pocket before the ball lands); its
          place kept before the first spin too, empty then. */}
      <div className={`${styles.spinResult} ${wheelCss.words} ${playing ? styles.concealed : ''}`}>
        <Pocket pocket={spin?.pocket} />
        {spin?.bets?.length ? (
          <ul className={styles.wins}>
            {spin.bets.map((bet, i) => (
              <li key={i}>
                {t('games.table.betReturn', {
                  spot: t(`games.table.spots.${bet.type}`, { numbers: bet.numbers.map(pocketLabel).join('-') }),
                  stake: amount(bet.amount),
                  returned: amount(spin.returns?.[i] ?? 0),
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  )
}

/** The spots of every wheel's table: what a posted form may put chips on. */
const SPOTS = new Map(WHEELS.map((w) => [w, new Set(tableSpots(w).map((s) => s.id))]))

/** The chips of a posted table, with the change its pressed button asks for (roulette-table.ts). */
export const rouletteStageFromForm = (form: FormData): Staged =>
  stageFromForm(form, SPOTS.get(wheelOf({ wheel: String(form.get('wheel') ?? '') }))!)

/** A spin's bets: the chips on the table, one bet per spot (the frame's, or a live table's). */
export const rouletteBetFromForm = (form: FormData) => ({ bets: betsOf(rouletteStageFromForm(form).placed) })

export function RouletteControls({ config, chips, amount, maxBet, staged }: ControlsProps) {
  return (
    <RouletteTable
      wheel={wheelOf(config)}
      chips={chips}
      amount={amount}
      maxStake={maxBet}
      staged={staged as Staged | undefined}
    />
  )
}

export const rouletteUi: GameUi = {
  Board: RouletteBoard,
  Controls: RouletteControls,
  Said: ({ view }) => {
    const pocket = (view as SpinView | undefined)?.pocket
    return pocket === undefined ? null : <PocketWords pocket={pocket} />
  },
  betFromForm: rouletteBetFromForm,
  stage: rouletteStageFromForm,
  playLabel: 'place',
  // The wheel turns at least a second and a half, then takes LAND_MS to come to rest.
  motion: () => ({ steps: 2, stepMs: wheelCss.LAND_MS, minMs: 1500 + wheelCss.LAND_MS }),
}
