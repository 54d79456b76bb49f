import { useTranslation } from 'react-i18next'
import * as styles from '#ui/games.css.ts'

/**
 * The sound's switch, always in view at the frame's head: off until the player turns it on. Sound is
 * made by the page's script, so until it runs (and without it) the switch keeps its place unseen and
 * out of reach: the head does not move when it appears.
 */
export function SoundSwitch({ on, toggle, ready }: { on: boolean; toggle: () => void; ready: boolean }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className={ready ? styles.soundButton : `${styles.soundButton} ${styles.concealed}`}
      aria-pressed={on}
      onClick={toggle}
      disabled={!ready}
    >
      <svg viewBox="0 0 24 24" aria-hidden width="20" height="20">
        <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
        {on ? (
          <path d="M15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" />
        ) : (
          <path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        )}
      </svg>
      {t('games.frame.sound')}
    </button>
  )
}
