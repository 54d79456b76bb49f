import { useTranslation } from 'react-i18next'
import { TOTAL_PAYOUTS } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅']
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
/** How many bets one form places (the first is required, the others optional). */
export const SIC_BO_ROWS = 3

/** The dice in words ("Dice: 2, 4, 6, total 12"). */
function SicBoSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const dice = (view as { dice?: number[] } | undefined)?.dice
  if (!dice) return null
  const total = dice.reduce((a, b) => a + b, 0)
  const triple = dice[0] === dice[1] && dice[1] === dice[2]
  return t(triple ? 'games.sicBo.rolledTriple' : 'games.sicBo.rolled', { dice: dice.join(', '), total })
}

function SicBoBoard({ view, config, symbols }: BoardProps) {
  const dice = (view as { dice?: number[] } | undefined)?.dice
  if (!dice) return null
  return (
    <div>
      <ul className={styles.dice} aria-hidden="true">
        {dice.map((d, i) => (
          <li key={i} className={styles.die}>
            {FACES[d - 1]}
          </li>
        ))}
      </ul>
      <p className={styles.outcome}>
        <SicBoSaid view={view} config={config} symbols={symbols} />
      </p>
    </div>
  )
}

/** Every bet of the table as an option value ("small", "triple:4", "total:10", "combo:1-2"...), by group. */
function useBetOptions() {
  const { t } = useTranslation()
  const pairs = range(1, 6).flatMap((a) => range(a + 1, 6).map((b) => [a, b] as const))
  return [
    {
      group: t('games.sicBo.groups.simple'),
      options: (['small', 'big', 'odd', 'even', 'anyTriple'] as const).map((type) => ({
        value: type,
        label: t(`games.sicBo.options.${type}`),
      })),
    },
    {
      group: t('games.sicBo.groups.singles'),
      options: range(1, 6).map((n) => ({ value: `single:${n}`, label: t('games.sicBo.options.single', { n }) })),
    },
    {
      group: t('games.sicBo.groups.totals'),
      options: range(4, 17).map((n) => ({
        value: `total:${n}`,
        label: t('games.sicBo.options.total', { n, pays: TOTAL_PAYOUTS[n] }),
      })),
    },
    {
      group: t('games.sicBo.groups.combos'),
      options: pairs.map(([a, b]) => ({ value: `combo:${a}-${b}`, label: t('games.sicBo.options.combo', { a, b }) })),
    },
    {
      group: t('games.sicBo.groups.doubles'),
      options: range(1, 6).map((n) => ({ value: `double:${n}`, label: t('games.sicBo.options.double', { n }) })),
    },
    {
      group: t('games.sicBo.groups.triples'),
      options: range(1, 6).map((n) => ({ value: `triple:${n}`, label: t('games.sicBo.options.triple', { n }) })),
    },
  ]
}

function SicBoControls(controls: ControlsProps) {
  const { t } = useTranslation()
  const groups = useBetOptions()
  return (
    <>
      {range(1, SIC_BO_ROWS).map((n) => (
        <fieldset key={n} className={styles.betForm}>
          <legend className={forms.label}>{t('games.sicBo.bet', { n })}</legend>
          <div>
            <label htmlFor={`bet-sicbo-${n}`} className={forms.label}>
              {t('games.frame.betType')}
            </label>
            <select
              id={`bet-sicbo-${n}`}
              name={`bet${n}`}
              className={forms.select}
              defaultValue={n === 1 ? 'small' : ''}
            >
              {n > 1 ? <option value="">{t('games.sicBo.none')}</option> : null}
              {groups.map(({ group, options }) => (
                <optgroup key={group} label={group}>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <ChipSelect name={`amount${n}`} label={t('games.frame.stake')} {...controls} />
        </fieldset>
      ))}
    </>
  )
}

/** "total:10" → { type: 'total', numbers: [10] }. */
export function parseSicBoOption(value: string) {
  const [type = '', numbers = ''] = value.split(':')
  return { type, numbers: numbers ? numbers.split('-').map(Number) : [] }
}

export const sicBoUi: GameUi = {
  Board: SicBoBoard,
  Controls: SicBoControls,
  Said: SicBoSaid,
  betFromForm: (form) => ({
    bets: range(1, SIC_BO_ROWS)
      .map((n) => ({ value: String(form.get(`bet${n}`) ?? ''), amount: form.get(`amount${n}`) }))
      .filter((row, i) => i === 0 || row.value !== '')
      .map((row) => ({ ...parseSicBoOption(row.value), amount: cents(row.amount) })),
  }),
  playLabel: 'roll',
}
