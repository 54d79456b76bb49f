import { useCallback, useRef, useSyncExternalStore } from 'react'

// The game client's sound (issue 24, section 3): short effects made here with the Web Audio API
// (oscillators and a burst of noise; nothing is downloaded), off until the player switches them
// on, and remembered in this browser for the provider's pages. While they are off, no audio
// context is even created.

export type Effect = 'spin' | 'stop' | 'win' | 'card'

/** Where the choice is kept (the game client's origin: every game of the provider shares it). */
export const SOUND_KEY = 'game-sound'

type Note = { type: OscillatorType; from: number; to?: number; at: number; length: number; gain: number }

/** Each effect as notes: a rising sweep, a low knock, a three-note chime, a short noise. */
const NOTES: Record<Exclude<Effect, 'card'>, Note[]> = {
  spin: [{ type: 'sawtooth', from: 180, to: 520, at: 0, length: 0.25, gain: 0.05 }],
  stop: [{ type: 'triangle', from: 140, to: 90, at: 0, length: 0.09, gain: 0.2 }],
  // C5, E5, G5: only ever for a return above the stake (the frame decides).
  win: [523.25, 659.25, 783.99].map((from, i) => ({ type: 'sine', from, at: i * 0.11, length: 0.16, gain: 0.14 })),
}

function play(audio: AudioContext, effect: Effect) {
  const now = audio.currentTime
  if (effect === 'card') {
    // A card slid on the felt: 60 ms of fading noise.
    const frames = Math.floor(audio.sampleRate * 0.06)
    const buffer = audio.createBuffer(1, frames, audio.sampleRate)
    const data = buffer.getChannelData(0)
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) * 0.3
    const source = audio.createBufferSource()
    source.buffer = buffer
    source.connect(audio.destination)
    source.start(now)
    return
  }
  for (const note of NOTES[effect]) {
    const oscillator = audio.createOscillator()
    const gain = audio.createGain()
    oscillator.type = note.type
    oscillator.frequency.value = note.from
    oscillator.frequency.setValueAtTime(note.from, now + note.at)
    if (note.to) oscillator.frequency.exponentialRampToValueAtTime(note.to, now + note.at + note.length)
    gain.gain.setValueAtTime(note.gain, now + note.at)
    gain.gain.exponentialRampToValueAtTime(0.0001, now + note.at + note.length)
    oscillator.connect(gain).connect(audio.destination)
    oscillator.start(now + note.at)
    oscillator.stop(now + note.at + note.length)
  }
}

/**
 * The player's sound switch and the effects: `on` is false on the server and until the browser's
 * remembered choice is read; `play` does nothing while it is off.
 */
export function useGameSound() {
  // The remembered choice: false on the server and while hydrating, then the browser's (and
  // changed by another tab of the provider's games too).
  const on = useSyncExternalStore(subscribe, readChoice, () => false)
  const audio = useRef<AudioContext | null>(null)
  const toggle = useCallback(() => {
    writeChoice(!readChoice())
    for (const listener of listeners) listener()
  }, [])
  const playEffect = useCallback(
    (effect: Effect) => {
      if (!on) return
      // Made at the first effect after the switch, inside the click that caused it (browsers
      // start audio only from a gesture; a later one resumes it).
      audio.current ??= new AudioContext()
      if (audio.current.state === 'suspended') void audio.current.resume()
      play(audio.current, effect)
    },
    [on],
  )
  return { on, toggle, play: playEffect }
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function readChoice() {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on'
  } catch {
    // Storage refused (a private mode, a sandbox): sound stays off.
    return false
  }
}

function writeChoice(on: boolean) {
  try {
    if (on) localStorage.setItem(SOUND_KEY, 'on')
    else localStorage.removeItem(SOUND_KEY)
  } catch {
    // Not remembered, still switched for this page.
  }
}
