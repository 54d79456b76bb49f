import { useTranslation } from 'react-i18next'
import type { AndarBaharState } from '#provider/games/engines/andar-bahar.ts'
import { ANDAR_BAHAR_SIDES } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as styles from '#ui/games.css.ts'
import { useCardName } from './card-name.ts'
import { CardRow } from './playing-card.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

/** The joker, both piles, and the side whose card matched it. */
/** The side whose card matched the joker, in words. */
function AndarBaharSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const cardName = useCardName()
  const deal = view as AndarBaharState | undefined
  if (deal?.joker === undefined) return null
  const winning = deal.winner === 'andar' ? deal.andar : deal.bahar
  return t(`games.andarBahar.winner.${deal.winner}`, { card: cardName(winning.at(-1)!) })
}

function AndarBaharBoard({ view, config, symbols }: BoardProps) {
  const { t } = useTranslation()
  const deal = view as AndarBaharState | undefined
  if (deal?.joker === undefined) return null
  return (
    <div className={styles.stacked}>
      <CardRow label={t('games.andarBahar.joker')} cards={[deal.joker]} />
      {ANDAR_BAHAR_SIDES.map((side) => (
        <CardRow
          key={side}
          label={t(`games.andarBahar.${side}`)}
          cards={deal[side]}
          note={t('games.andarBahar.cards', { count: deal[side].length })}
        />
      ))}
      <p className={styles.outcome}>
        <AndarBaharSaid view={view} config={config} symbols={symbols} />
      </p>
    </div>
  )
}

/** Andar or bahar, and the stake. */
function AndarBaharControls(controls: ControlsProps) {
  const { t } = useTranslation()
  return (
    <>
      <fieldset>
        <legend className={forms.label}>{t('games.andarBahar.bet')}</legend>
        {ANDAR_BAHAR_SIDES.map((side) => (
          <label key={side}>
            <input type="radio" name="side" value={side} defaultChecked={side === 'andar'} />{' '}
            {t(`games.andarBahar.sides.${side}`)}{' '}
          </label>
        ))}
      </fieldset>
      <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
    </>
  )
}

export const andarBaharUi: GameUi = {
  Board: AndarBaharBoard,
  Controls: AndarBaharControls,
  Said: AndarBaharSaid,
  betFromForm: (form) => ({ side: form.get('side'), stake: cents(form.get('stake')) }),
  playLabel: 'deal',
}
