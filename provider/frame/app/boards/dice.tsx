import { useTranslation } from 'react-i18next'
import { centsOf, parseDecimal } from '#casino-api/contract/decimal.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import { cents, ChipSelect, useTimes } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'

function DiceBoard({ view }: BoardProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const times = useTimes()
  const state = view as { roll?: number; multiplier?: number } | undefined
  if (state?.roll === undefined) return null
  return (
    <p className={styles.outcome}>
      {t('games.frame.rolled', { roll: formatNumber(state.roll / 100, locale, { minimumFractionDigits: 2 }) })}
      {/* The multiplier is in ten-thousandths: all four decimals can count. */}
      {state.multiplier ? ` · ${times(state.multiplier / 10000, 4)}` : null}
    </p>
  )
}

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
  betFromForm: (form, locale) => ({
    stake: cents(form.get('stake')),
    // Hundredths, as cents are; what is not a number goes as null, which the game server refuses.
    target: centsOf(parseDecimal(String(form.get('target') ?? ''), locale, 2)),
    side: form.get('side'),
  }),
  playLabel: 'roll',
}
