import { useTranslation } from 'react-i18next'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocale } from '#app/utils/locale.ts'
import { formatMoney } from '#app/utils/money.ts'
import * as styles from './layout.css.ts'

/** The player's total balance (real + bonus), formatted for the page's locale. */
export function Balance({ balance }: { balance: PublicPlayer['balance'] }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const amount = formatMoney(balance.total, balance.currency, locale)
  return (
    <span className={styles.balance} aria-label={t('common.header.balanceLabel', { amount })}>
      <span className={styles.balanceLabel} aria-hidden="true">
        {t('common.header.balance')}
      </span>
      <span aria-hidden="true">{amount}</span>
    </span>
  )
}
