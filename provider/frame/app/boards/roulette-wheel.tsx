import { useTranslation } from 'react-i18next'
import { DOUBLE_ZERO, isRed } from '#provider/games/engines/layouts.ts'
import { pocketName, type Wheel } from './roulette-table.ts'
import * as css from './roulette-wheel.css.ts'

// The pockets around each wheel, clockwise from the zero (37 is 00), as casinos' wheels have them.
const SINGLE_ZERO = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
]
const DOUBLE = [
  0,
  28,
  9,
  26,
  30,
  11,
  7,
  20,
  32,
  17,
  5,
  22,
  34,
  15,
  3,
  24,
  36,
  13,
  1,
  DOUBLE_ZERO,
  27,
  10,
  25,
  29,
  12,
  8,
  19,
  31,
  18,
  6,
  21,
  33,
  16,
  4,
  23,
  35,
  14,
  2,
]
export const wheelOrder = (wheel: Wheel) => (wheel === 'american' ? DOUBLE : SINGLE_ZERO)

export const colourOf = (pocket: number) =>
  pocket === 0 || pocket === DOUBLE_ZERO ? 'green' : isRed(pocket) ? 'red' : 'black'
const FILL = { red: '#b3261e', black: '#1d1f24', green: '#1e7a46' } as const

/** A point at `radius` and `degrees` clockwise from the top. */
const at = (radius: number, degrees: number) => {
  const r = (degrees * Math.PI) / 180
  return `${(radius * Math.sin(r)).toFixed(2)} ${(-radius * Math.cos(r)).toFixed(2)}`
}

/** The wheel's pockets, drawn once per wheel. */
const pocketsOf = (wheel: Wheel) => {
  const order = wheelOrder(wheel)
  const step = 360 / order.length
  return order.map((pocket, i) => {
    const [from, to] = [i * step - step / 2, i * step + step / 2]
    return {
      pocket,
      angle: i * step,
      path: `M${at(62, from)} L${at(92, from)} A92 92 0 0 1 ${at(92, to)} L${at(62, to)} A62 62 0 0 0 ${at(62, from)}Z`,
    }
  })
}
const POCKETS = { european: pocketsOf('european'), french: pocketsOf('french'), american: pocketsOf('american') }

/**
 * The wheel and its ball. `phase`: 'spinning' while the round is under way (the wheel and the ball
 * turn apart), 'landing' as the wheel comes to rest with `pocket` at the top under the ball, 'rest'
 * at rest (without JavaScript, after a reload). No pocket yet: the wheel at its zero, no ball.
 * Decorative: the frame says the pocket in words beside it.
 */
export function RouletteWheel({
  wheel,
  pocket,
  phase,
}: {
  wheel: Wheel
  pocket: number | undefined
  phase: 'spinning' | 'landing' | 'rest'
}) {
  const pockets = POCKETS[wheel]
  const index = Math.max(
    0,
    pockets.findIndex((p) => p.pocket === pocket),
  )
  const turning =
    phase === 'spinning'
      ? css.spinning
      : `${css.angle[`${pockets.length}-${index}`]} ${phase === 'landing' ? css.landed : css.rest}`
  const ball = phase === 'spinning' ? css.ballSpinning : phase === 'landing' ? css.ballLanding : ''
  // Layers, each its own <svg>: what turns is an element of the page (not a group inside one
  // drawing), which the browser turns on the compositor instead of painting the wheel each frame.
  return (
    <div className={css.wheel} aria-hidden>
      <svg viewBox="-100 -100 200 200" className={css.layer}>
        <circle r="99" fill="#3b2412" stroke="#d4af37" strokeWidth="2" />
        <circle r="93" fill="#0d0e12" />
      </svg>
      <svg viewBox="-100 -100 200 200" className={`${css.layer} ${turning}`} data-rotor>
        {pockets.map((p) => (
          <g key={p.pocket}>
            <path d={p.path} fill={FILL[colourOf(p.pocket)]} stroke="#d4af37" strokeWidth="0.6" />
            <text
              className={css.number}
              transform={`rotate(${p.angle})`}
              x="0"
              y="-81"
              textAnchor="middle"
              dominantBaseline="central"
            >
              {pocketName(p.pocket)}
            </text>
          </g>
        ))}
        <circle r="62" fill="#5a3a1a" stroke="#d4af37" strokeWidth="1" />
        <circle r="44" fill="#2a1a0c" />
        {[0, 90, 180, 270].map((a) => (
          <path key={a} d={`M${at(8, a)} L${at(40, a)}`} stroke="#d4af37" strokeWidth="3" strokeLinecap="round" />
        ))}
        <circle r="9" fill="#d4af37" />
      </svg>
      {/* The pointer at the top, where the ball's pocket comes to rest. */}
      <svg viewBox="-100 -100 200 200" className={css.layer}>
        <path d="M-6 -100 L6 -100 L0 -90Z" fill="#d4af37" />
      </svg>
      {pocket !== undefined || phase === 'spinning' ? (
        <svg viewBox="-100 -100 200 200" className={`${css.layer} ${ball}`}>
          <circle cx="0" cy="-69" r="5" fill="#f3f1ea" stroke="#0d0e12" strokeWidth="1" />
        </svg>
      ) : null}
    </div>
  )
}

/** The last results, newest first, as coloured numbers. */
export function ResultStrip({ pockets }: { pockets: number[] }) {
  const { t } = useTranslation()
  // Before the first result the strip's place is kept (no layout shift when it comes).
  if (pockets.length === 0) return <ol className={css.strip} aria-hidden />
  return (
    <ol className={css.strip} aria-label={t('games.live.history')}>
      {pockets.map((pocket, i) => (
        <li key={i} className={`${css.stripItem} ${css.stripColour[colourOf(pocket)]}`}>
          <span aria-hidden>{pocketName(pocket)}</span>
          <span className="visually-hidden">
            {`${pocketName(pocket)} ${t(`games.frame.colours.${colourOf(pocket)}`)}`}
          </span>
        </li>
      ))}
    </ol>
  )
}
