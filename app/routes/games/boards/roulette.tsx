import { useTranslation } from 'react-i18next'
import { DOUBLE_ZERO, isRed } from '#casino-api/games/engines/layouts.ts'
import * as forms from '#app/components/form-fields.css.ts'
import * as styles from '../games.css.ts'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'

/** Numbers typed for an inside roulette bet ("17-18", "0, 1, 2", "00"): 37 stands for 00. */
export function parseNumbers(text: string): number[] {
  return text
    .split(/[\s,;/-]+/)
    .filter(Boolean)
    .map((part) => (part === '00' ? DOUBLE_ZERO : /^\d{1,2}$/.test(part) ? Number(part) : Number.NaN))
}

export const pocketLabel = (pocket: number) => (pocket === DOUBLE_ZERO ? '00' : String(pocket))
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

const RouletteBoard = ({ view }: BoardProps) => <Pocket pocket={(view as { pocket?: number } | undefined)?.pocket} />

export const OUTSIDE_BETS = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen1',
  'dozen2',
  'dozen3',
  'column1',
  'column2',
  'column3',
] as const
export const INSIDE_BETS = ['straight', 'split', 'street', 'corner', 'line', 'trio', 'basket'] as const

/** The bet type, the numbers an inside bet covers, and the chip. */
export function RouletteControls(controls: Pick<ControlsProps, 'chips' | 'amount'>) {
  const { t } = useTranslation()
  return (
    <>
      <div>
        <label htmlFor="bet-type" className={forms.label}>
          {t('games.frame.betType')}
        </label>
        <select id="bet-type" name="type" className={forms.select} defaultValue="red">
          {[...OUTSIDE_BETS, ...INSIDE_BETS].map((type) => (
            <option key={type} value={type}>
              {t(`games.betTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="bet-numbers" className={forms.label}>
          {t('games.frame.numbers')}
        </label>
        <input
          id="bet-numbers"
          name="numbers"
          inputMode="numeric"
          maxLength={20}
          className={forms.input}
          aria-describedby="bet-numbers-hint"
        />
        <p id="bet-numbers-hint" className={styles.small}>
          {t('games.frame.numbersHint')}
        </p>
      </div>
      <ChipSelect name="amount" label={t('games.frame.stake')} {...controls} />
    </>
  )
}

/** The one-chip roulette bet of a form (the frame's, or a live table's). */
export function rouletteBetFromForm(form: FormData) {
  const type = String(form.get('type') ?? '')
  const inside = (INSIDE_BETS as readonly string[]).includes(type)
  return {
    bets: [
      {
        type,
        numbers: inside ? parseNumbers(String(form.get('numbers') ?? '')) : [],
        amount: cents(form.get('amount')),
      },
    ],
  }
}

export const rouletteUi: GameUi = {
  Board: RouletteBoard,
  Controls: RouletteControls,
  betFromForm: rouletteBetFromForm,
  playLabel: 'place',
}
