import { useTranslation } from 'react-i18next'
import type { SeedPairView } from '#contract'
import * as styles from './games.css.ts'

/** The seed pair a round is drawn from: the server seed's hash, the client seed and the nonce. */
export function SeedFacts({ seeds }: { seeds: SeedPairView }) {
  const { t } = useTranslation()
  return (
    <dl className={styles.stacked}>
      <dt>{t('games.view.serverSeedHash')}</dt>
      <dd className={styles.mono}>{seeds.serverSeedHash}</dd>
      <dt>{t('games.view.clientSeed')}</dt>
      <dd className={styles.mono}>{seeds.clientSeed}</dd>
      <dt>{t('games.view.nonce')}</dt>
      <dd>{seeds.nonce}</dd>
    </dl>
  )
}
