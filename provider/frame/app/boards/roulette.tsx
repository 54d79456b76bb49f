import { useTranslation } from 'react-i18next'
import { DOUBLE_ZERO, isRed } from '#provider/games/engines/layouts.ts'
import * as styles from '#ui/games.css.ts'
import { betsOf, pocketName, type SpotType, stageFromForm, tableSpots } from './roulette-table.ts'
import { RouletteTable, type Staged, WHEELS, wheelOf } from './roulette-table.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'

/** A pocket as the wheel writes it (37 is 00): the table's own name for it. */
export const pocketLabel = pocketName
const colourOf = (pocket: number) =>
  pocket === 0 || pocket === DOUBLE_ZERO ? 'green' : isRed(pocket) ? 'red' : 'black'

/** The pocket the ball landed in, with its colour in words. */
export function Pocket({ pocket }: { pocket: number | undefined }) {
  const { t } = useTranslation()
  if (pocket === undefined) return <p className={`${styles.pocket} ${styles.pocketColour.green}`}>·</p>
  const colour = colourOf(pocket)
  return (
    <p>
      <span className={`${styles.pocket} ${styles.pocketColour[colour]}`} aria-hidden="true">
        {pocketLabel(pocket)}
      </span>{' '}
      {t('games.frame.pocket', { pocket: `${pocketLabel(pocket)} ${t(`games.frame.colours.${colour}`)}` })}
    </p>
  )
}

type SpinView = { pocket?: number; returns?: number[]; bets?: { type: SpotType; numbers: number[]; amount: number }[] }

/** The pocket, then each bet of the spin with what it returned. */
function RouletteBoard({ view, amount }: BoardProps) {
  const { t } = useTranslation()
  const spin = view as SpinView | undefined
  return (
    <div className={styles.spinResult}>
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
  betFromForm: rouletteBetFromForm,
  stage: rouletteStageFromForm,
  playLabel: 'place',
}
