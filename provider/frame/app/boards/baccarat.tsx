import { useTranslation } from 'react-i18next'
import type { BaccaratState } from '#provider/games/engines/baccarat.ts'
import { BACCARAT_SIDES } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { CardRow } from './playing-card.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

/** Who won, in words ("Banker wins, 7 to 5"). */
function BaccaratSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const coup = view as BaccaratState | undefined
  if (!coup?.player) return null
  return t(`games.baccarat.winner.${coup.winner}`, { player: coup.playerTotal, banker: coup.bankerTotal })
}

/** Both hands with their totals, and who won. */
function BaccaratBoard({ view, config, symbols }: BoardProps) {
  const { t } = useTranslation()
  const coup = view as BaccaratState | undefined
  if (!coup?.player) return null
  return (
    <div className={styles.stacked}>
      <CardRow
        label={t('games.baccarat.player')}
        cards={coup.player}
        note={t('games.baccarat.total', { total: coup.playerTotal })}
      />
      <CardRow
        label={t('games.baccarat.banker')}
        cards={coup.banker}
        note={t('games.baccarat.total', { total: coup.bankerTotal })}
      />
      <p className={styles.outcome}>
        <BaccaratSaid view={view} config={config} symbols={symbols} />
      </p>
    </div>
  )
}

/** Player, banker or tie, and the stake. */
function BaccaratControls(controls: ControlsProps) {
  const { t } = useTranslation()
  return (
    <>
      <fieldset>
        <legend className={forms.label}>{t('games.baccarat.bet')}</legend>
        {BACCARAT_SIDES.map((side) => (
          <label key={side}>
            <input type="radio" name="side" value={side} defaultChecked={side === 'banker'} />{' '}
            {t(`games.baccarat.sides.${side}`)}{' '}
          </label>
        ))}
      </fieldset>
      <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
    </>
  )
}

export const baccaratUi: GameUi = {
  Board: BaccaratBoard,
  Controls: BaccaratControls,
  Said: BaccaratSaid,
  betFromForm: (form) => ({ side: form.get('side'), stake: cents(form.get('stake')) }),
  playLabel: 'deal',
}
