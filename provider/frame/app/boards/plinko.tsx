import { useTranslation } from 'react-i18next'
import type { PlinkoConfig, PlinkoRisk } from '#provider/games/engines/plinko.ts'
import { PLINKO_RISKS } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { cents, ChipSelect, useTimes } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'

type PlinkoView = { path: number[]; slot: number; risk: PlinkoRisk; pays: number }

/** The 13 slots of a risk with their multiples of the stake, the landing slot marked, and the ball's path in words. */
function PlinkoBoard({ view, config }: BoardProps) {
  const { t } = useTranslation()
  const times = useTimes()
  const state = view as PlinkoView | undefined
  if (!state?.path) return null
  const pays = (config as PlinkoConfig).pays[state.risk]
  return (
    <div>
      <ol className={styles.slots} aria-hidden="true">
        {pays.map((p, slot) => (
          <li key={slot} className={`${styles.numberCell} ${slot === state.slot ? styles.numberPicked : ''}`}>
            {times(p / 100)}
          </li>
        ))}
      </ol>
      <p>
        {t('games.plinko.path', {
          path: state.path.map((b) => t(b ? 'games.plinko.right' : 'games.plinko.left')).join(', '),
        })}
      </p>
      <p className={styles.outcome}>
        {t('games.plinko.landed', { slot: state.slot + 1, multiplier: times(state.pays / 100) })}
      </p>
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
  betFromForm: (form) => ({ stake: cents(form.get('stake')), risk: form.get('risk') }),
  playLabel: 'drop',
}
