import { type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isRed } from '#provider/games/engines/layouts.ts'
import * as forms from '#ui/form-fields.css.ts'
import { useHydrated } from '#ui/use-hydrated.ts'
import { media } from '#ui/theme.css.ts'
import { useLocale, type Locale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as css from './roulette-table.css.ts'
import {
  encodePlaced,
  type OutsideType,
  MAX_SPOTS,
  type Placed,
  pocketName,
  type Spot,
  SHORT_TRACKS,
  type StageRefusal,
  type Direction,
  spotTowards,
  stageFromForm,
  tableSpots,
  totalOf,
  type Wheel,
} from './roulette-table.ts'
import type { Amount } from './types.ts'

/** What the table shows after a form was posted without JavaScript (the action's answer). */
export type Staged = { placed: Placed[]; refusal?: StageRefusal; chip?: number }

export const WHEELS: readonly Wheel[] = ['european', 'french', 'american']
export const wheelOf = (config: unknown): Wheel => {
  const wheel = (config as { wheel?: Wheel } | undefined)?.wheel
  return wheel && WHEELS.includes(wheel) ? wheel : 'european'
}

/** The chips of a spot as its disc writes them: '0,5', '20', '1k' (in the page's language). */
function chipText(cents: number, locale: Locale) {
  return cents >= 100_000
    ? `${formatNumber(cents / 100_000, locale, { maximumFractionDigits: 1 })}k`
    : formatNumber(cents / 100, locale, { maximumFractionDigits: 2 })
}

/** The zeros' and the numbers' boxes, over which the line spots are laid. */
const NUMBERS_AREA = { long: 1, short: 1, longSpan: 13, shortSpan: 6 }

/** The classes that put a spot in its place on the layout (roulette-table.css.ts). */
function placeOf(spot: Spot) {
  const { place } = css
  if (spot.at) return `${place.u[spot.at[0]]} ${place.v[spot.at[1]]}`
  const { long, short, longSpan, shortSpan } = spot.cell!
  return [
    place.l[long],
    place.ls[longSpan],
    place.s[short],
    place.ss[shortSpan],
    place.sr[SHORT_TRACKS + 2 - short - shortSpan],
  ].join(' ')
}

/** A box's colours: a number's own (red, black, the green zeros), or the outside bets'. */
const boxTone = (spot: Spot) =>
  spot.type !== 'straight'
    ? 'outside'
    : spot.numbers[0] === 0 || spot.numbers[0]! > 36
      ? 'green'
      : isRed(spot.numbers[0]!)
        ? 'red'
        : 'black'

/**
 * The roulette betting table of a spin or a live round: chips of a chosen value put on the
 * layout's spots (numbers, the lines between them, dozens, columns, even chances), undone one by
 * one or cleared, with the total stake. Each spot is a submit button of the bet form
 * (name="stage"): without JavaScript the action stages the chip and answers the table with it
 * (stageFromForm); with it the same function runs here, and nothing is posted until the spin.
 * The chips on the table are the form's 'bet' fields, so the spin posts them either way.
 */
export function RouletteTable({
  wheel,
  chips,
  amount,
  maxStake,
  staged,
}: {
  wheel: Wheel
  chips: number[]
  amount: Amount
  maxStake: number
  staged?: Staged
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const spots = useMemo(() => tableSpots(wheel), [wheel])
  const ids = useMemo(() => new Set(spots.map((s) => s.id)), [spots])
  const [table, setTable] = useState<Staged>(() => staged ?? { placed: [] })
  const [chip, setChip] = useState(() =>
    staged?.chip && chips.includes(staged.chip) ? staged.chip : chips[Math.min(1, chips.length - 1)]!,
  )
  const onSpot = new Map<string, number>()
  for (const p of table.placed) onSpot.set(p.spot, (onSpot.get(p.spot) ?? 0) + p.amount)
  const total = totalOf(table.placed)

  // A table button pressed with JavaScript: the form as it would be posted, staged here.
  // With JavaScript the table is one tab stop: the arrow keys move between its spots (a roving
  // focus); without it every spot is a stop of its own.
  const hydrated = useHydrated()
  const [active, setActive] = useState(() => spots[0]!.id)
  const spotOf = (target: EventTarget) => {
    const value = (target as HTMLElement).closest('button[value^="add:"]')?.getAttribute('value')
    return value ? spots.find((s) => s.id === value.slice(4)) : undefined
  }
  const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' }
  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    const from = spotOf(event.target)
    const direction = ARROWS[event.key]
    if (!from || !direction) return
    event.preventDefault()
    const next = spotTowards(spots, from, direction, window.matchMedia(media.sm).matches)
    if (!next) return
    setActive(next.id)
    event.currentTarget.querySelector<HTMLButtonElement>(`button[value="add:${next.id}"]`)?.focus()
  }
  const followFocus = (event: FocusEvent<HTMLElement>) => {
    const spot = spotOf(event.target)
    if (spot) setActive(spot.id)
  }

  const stageHere = (event: MouseEvent<HTMLElement>) => {
    const pressed = (event.target as HTMLElement).closest('button[name="stage"]') as HTMLButtonElement | null
    if (!pressed?.form) return
    event.preventDefault()
    setTable(stageFromForm(new FormData(pressed.form, pressed), ids))
  }

  const spotName = (spot: Spot) =>
    t(`games.table.spots.${spot.type}`, { numbers: spot.numbers.map(pocketName).join('-') })
  const spotLabel = (spot: Spot) => {
    const on = onSpot.get(spot.id)
    return on ? t('games.table.spotWithChips', { spot: spotName(spot), amount: amount(on) }) : spotName(spot)
  }
  const mark = (spot: Spot) => {
    const on = onSpot.get(spot.id)
    return on ? (
      <span className={css.chipMark} aria-hidden="true">
        {chipText(on, locale)}
      </span>
    ) : null
  }
  // A spot is a button of the bet form: pressed, it puts the chosen chip on it (stageHere).
  const spotButton = (spot: Spot, look: string, content: ReactNode, title?: string) => (
    <button
      key={spot.id}
      type="submit"
      name="stage"
      value={`add:${spot.id}`}
      className={`${look} ${placeOf(spot)}`}
      aria-label={spotLabel(spot)}
      title={title}
      tabIndex={hydrated && spot.id !== active ? -1 : undefined}
    >
      {content}
    </button>
  )
  const boxText = (spot: Spot) => {
    if (spot.type === 'straight') return pocketName(spot.numbers[0]!)
    if (spot.type === 'red' || spot.type === 'black') return <span className={css.swatch[spot.type]} />
    return t(`games.table.short.${spot.type as Exclude<OutsideType, 'red' | 'black'>}`)
  }
  const refusal = table.refusal

  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks are the buttons' own (Enter and Space press them); this only catches them
    <div className={css.wrap} onClick={stageHere}>
      <input type="hidden" name="wheel" value={wheel} />
      <input type="hidden" name="maxStake" value={maxStake} />
      {table.placed.map((p, i) => (
        <input key={i} type="hidden" name="bet" value={encodePlaced(p)} />
      ))}
      <fieldset className={css.chipPicker}>
        <legend className={forms.label}>{t('games.table.chipValue')}</legend>
        {chips.map((c) => (
          <span key={c} className={css.chipSlot}>
            <input
              id={`chip-${c}`}
              type="radio"
              name="chip"
              value={c}
              checked={chip === c}
              onChange={() => setChip(c)}
              aria-label={amount(c)}
              className={css.chipInput}
            />
            <label htmlFor={`chip-${c}`} className={css.chipOption} title={amount(c)}>
              {chipText(c, locale)}
            </label>
          </span>
        ))}
      </fieldset>
      {/* The keys and the focus are the spot buttons' own: the fieldset only follows them. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <fieldset className={css.table} onKeyDown={moveFocus} onFocus={followFocus}>
        <legend className="visually-hidden">{t('games.table.layout')}</legend>
        {spots.filter((s) => s.cell).map((spot) => spotButton(spot, css.box[boxTone(spot)], boxText(spot)))}
        {/* A box's chips lie over it, outside its button: the button's text is its label's. */}
        {spots
          .filter((s) => s.cell && onSpot.has(s.id))
          .map((spot) => (
            <span key={spot.id} className={`${css.onBox} ${placeOf(spot)}`}>
              {mark(spot)}
            </span>
          ))}
        <div className={`${css.lines} ${placeOf({ id: '', type: 'straight', numbers: [], cell: NUMBERS_AREA })}`}>
          {spots.filter((s) => s.at).map((spot) => spotButton(spot, css.lineSpot, mark(spot), spotName(spot)))}
        </div>
      </fieldset>
      <div className={css.actions}>
        <output className={css.total} aria-live="polite">
          {t('games.table.total', { amount: amount(total), count: onSpot.size })}
        </output>
        <button type="submit" name="stage" value="undo" className={css.actionButton} disabled={!table.placed.length}>
          {t('games.table.undo')}
        </button>
        <button type="submit" name="stage" value="clear" className={css.actionButton} disabled={!table.placed.length}>
          {t('games.table.clear')}
        </button>
      </div>
      {refusal ? (
        <p role="alert" className={forms.bad}>
          {refusal.code === 'over_limit'
            ? t('games.table.overLimit', { max: amount(refusal.max) })
            : t('games.table.tooManySpots', { max: MAX_SPOTS })}
        </p>
      ) : null}
    </div>
  )
}
