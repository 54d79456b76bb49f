import { useEffect, useRef } from 'react'
import type { RoundView } from '#contract'
import type { Effect } from '#ui/game-sound.ts'
import { roundOutcome } from '#ui/round-outcome.ts'

/**
 * The effects of a round, as the frame shows it: a knock as each reel comes to rest, a card's
 * sound as a card game's board changes after a move, and the win's chime once the round is shown,
 * only for a return above the stake (RTS 14: a smaller return is not celebrated). Nothing plays
 * for what the page loaded with. (The spin's sound goes with the click: the bet form's submit.)
 */
export function useRoundSounds({
  play,
  motion,
  last,
  cards,
}: {
  play: (effect: Effect) => void
  motion: { playing: boolean; settled: number }
  last: RoundView | undefined
  /** A card game: each change of its board after a move deals or turns cards. */
  cards: boolean
}) {
  // A knock for each part come to rest since the last render (two at once on a busy machine,
  // the last one as the round ends).
  const settled = useRef(motion.settled)
  useEffect(() => {
    for (let part = settled.current; part < motion.settled; part++) play('stop')
    settled.current = motion.settled
  }, [motion.settled, play])

  // A round's state, as shown: the same round loaded again (after a change of seeds) plays nothing.
  const key = last ? `${last.id}:${JSON.stringify(last.view)}` : ''
  const shown = useRef(key)
  useEffect(() => {
    if (motion.playing || key === shown.current) return
    shown.current = key
    if (!last) return
    if (cards) play('card')
    if (last.finished && roundOutcome(last) === 'won') play('win')
  }, [motion.playing, key, last, cards, play])
}
