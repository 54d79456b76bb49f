import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { useLocalePath } from '#app/utils/locale.ts'
import * as styles from './games.css.ts'

/**
 * A game frame's answer once the game server no longer knows its session (401): the launch expired,
 * or the player's session that opened it ended (logout, a password change, a blocked account).
 * Loaders and actions answer it alike, so a move sent after a logout shows it too, with or
 * without JavaScript.
 */
export const sessionEnded = () => data({ expired: true as const }, { status: 410 })

export function SessionEnded({ lobby }: { lobby: '/casino' | '/live-casino' }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div className={styles.frameBody} role="alert">
      <p>{t('games.frame.expired')}</p>
      <a href={localePath(lobby)} target="_top">
        {t('games.frame.lobby')}
      </a>
    </div>
  )
}
