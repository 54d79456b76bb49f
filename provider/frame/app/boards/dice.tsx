import { useTranslation } from 'react-i18next'
import { centsOf, parseDecimal } from '#casino-api/contract/decimal.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import { cents, ChipSelect, phaseOf, useTimes } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

/** The roll: a die that tumbles while the round is on its way, then the number it shows. */
type DiceView = { roll?: number; multiplier?: number } | undefined

/** The roll in words ("Rolled 57.32"). */
function DiceSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const roll = (view as DiceView)?.roll
  return roll === undefined
    ? null
    : t('games.frame.rolled', { roll: formatNumber(roll / 100, locale, { minimumFractionDigits: 2 }) })
}

function DiceBoard({ view, motion, config, symbols }: BoardProps) {
  const times = useTimes()
  const state = view as DiceView
  const phase = phaseOf(motion)
  // The die and the roll's line keep their places before the first round and while it tumbles.
  const hidden = phase === 'spinning' || state?.roll === undefined
  return (
    <div className={styles.diceRoll}>
      <DieFace rolling={phase === 'spinning'} />
      <p className={`${styles.outcome} ${hidden ? styles.concealed : phase === 'landing' ? styles.drawPop : ''}`}>
        <DiceSaid view={view} config={config} symbols={symbols} />
        {/* The multiplier is in ten-thousandths: all four decimals can count. */}
        {state?.multiplier ? ` · ${times(state.multiplier / 10000, 4)}` : null}
        {/* A line's height before the first roll. */}
        {state?.roll === undefined ? '\u00a0' : null}
      </p>
    </div>
  )
}

/** A die drawn in SVG (decorative: the roll is said beside it), tumbling while `rolling`. */
const DieFace = ({ rolling = false }: { rolling?: boolean }) => (
  <svg viewBox="0 0 40 40" className={`${styles.dieArt} ${rolling ? styles.dieRolling : ''}`} aria-hidden>
    <rect x="2" y="2" width="36" height="36" rx="7" fill="#f3f1ea" stroke="#d4af37" strokeWidth="2" />
    {[
      [12, 12],
      [28, 12],
      [20, 20],
      [12, 28],
      [28, 28],
    ].map(([x, y]) => (
      <circle key={`${x}${y}`} cx={x} cy={y} r="3.2" fill="#16181d" />
    ))}
  </svg>
)

function DiceControls(controls: ControlsProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <>
      <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
      <div>
        <label htmlFor="bet-target" className={forms.label}>
          {t('games.frame.target')}
        </label>
        {/* Text, not a number field: a number field writes its value in the browser's language,
            and the target is in the page's ('50,00' in Spanish), read as every amount is (ADR 0038). */}
        <input
          id="bet-target"
          name="target"
          inputMode="decimal"
          required
          maxLength={5}
          defaultValue={formatNumber(50, locale, { minimumFractionDigits: 2 })}
          className={forms.input}
        />
      </div>
      <fieldset>
        <legend className={forms.label}>{t('games.frame.side')}</legend>
        <label>
          <input type="radio" name="side" value="under" defaultChecked /> {t('games.frame.under')}
        </label>{' '}
        <label>
          <input type="radio" name="side" value="over" /> {t('games.frame.over')}
        </label>
      </fieldset>
    </>
  )
}

export const diceUi: GameUi = {
  Board: DiceBoard,
  Controls: DiceControls,
  Said: DiceSaid,
  betFromForm: (form, locale) => ({
    stake: cents(form.get('stake')),
    // Hundredths, as cents are; what is not a number goes as null, which the game server refuses.
    target: centsOf(parseDecimal(String(form.get('target') ?? ''), locale, 2)),
    side: form.get('side'),
  }),
  playLabel: 'roll',
  // The die tumbles at least a second, then shows the roll.
  motion: () => ({ steps: 2, stepMs: 500, minMs: 1000 }),
}
