import { useTranslation } from 'react-i18next'
import { useLocalePath } from '#ui/locale.ts'
import * as styles from '#ui/games.css.ts'

/** A client whose game session ended (answers.ts's sessionEnded): said, with the casino's lobby, opened in the top window. */
export function SessionEnded({ lobby, siteUrl }: { lobby: '/casino' | '/live-casino'; siteUrl: string }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div className={styles.frameBody} role="alert">
      <p>{t('games.frame.expired')}</p>
      <a href={siteUrl + localePath(lobby)} target="_top">
        {t('games.frame.lobby')}
      </a>
    </div>
  )
}
