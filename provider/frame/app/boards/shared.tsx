import * as forms from '#ui/form-fields.css.ts'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import type { ControlsProps } from './types.ts'

export { sessionAmount } from '#ui/session-amount.ts'

/** Chip values (cents) offered between a game's limits: 0.10, 0.20, 0.50, 1, 2, 5, 10, 20, 50, 100, 500. */
export function chipValues(min: number, max: number) {
  const all = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000].filter((c) => c >= min && c <= max)
  return all.length > 0 ? all : [min]
}

/** A whole number of cents from a form field (NaN otherwise: the game server refuses it). */
export const cents = (value: FormDataEntryValue | null) => {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : Number.NaN
}

/** A labelled select of stakes. */
export function ChipSelect({
  name,
  label,
  chips,
  amount,
}: Pick<ControlsProps, 'chips' | 'amount'> & { name: string; label: string }) {
  return (
    <div>
      <label htmlFor={`bet-${name}`} className={forms.label}>
        {label}
      </label>
      <select
        id={`bet-${name}`}
        name={name}
        className={forms.select}
        defaultValue={chips[Math.min(1, chips.length - 1)]}
      >
        {chips.map((c) => (
          <option key={c} value={c}>
            {amount(c)}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * A multiple of the stake as the boards write it, in the page's language ('× 1,1001' in Spanish,
 * '× 1.1001' in English): up to `maximumFractionDigits` decimals, none when it is whole.
 */
export function useTimes() {
  const locale = useLocale()
  return (multiple: number, maximumFractionDigits = 2) =>
    `× ${formatNumber(multiple, locale, { maximumFractionDigits })}`
}

/**
 * Where a round's motion is (BoardProps.motion, for games whose motion has two steps): 'spinning'
 * while the move is on its way, 'landing' once the answer is in (the board shows it coming to
 * rest), 'rest' after (or without JavaScript).
 */
export const phaseOf = (motion: { playing: boolean; settled: number } | undefined) =>
  !motion?.playing ? 'rest' : motion.settled === 0 ? 'spinning' : 'landing'
