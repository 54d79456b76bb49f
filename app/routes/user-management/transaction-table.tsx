import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FinancialTransaction } from '#contract'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { useLocale } from '#ui/locale.ts'
import * as money from './money.css.ts'

/**
 * Financial transactions as the spec's columns: type, date, amount, provider, status, and a last
 * column of the page's own (the player's action link, the admin's reference).
 */
export function TransactionTable({
  label,
  items,
  lastHeading,
  renderLast,
}: {
  label: string
  items: readonly FinancialTransaction[]
  lastHeading: string
  renderLast: (tx: FinancialTransaction) => ReactNode
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  return (
    <ScrollTable label={label}>
      <table className={money.table}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('money.history.type')}</th>
            <th scope="col">{t('money.history.date')}</th>
            <th scope="col" className={money.amountCell}>
              {t('money.amount')}
            </th>
            <th scope="col">{t('money.history.provider')}</th>
            <th scope="col">{t('money.history.status')}</th>
            <th scope="col">{lastHeading}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((tx) => (
            <tr key={tx.id}>
              <td>{t(`money.types.${tx.type}`)}</td>
              <td>{formatDateTime(new Date(tx.createdAt))}</td>
              <td
                className={
                  tx.amount > 0 && tx.status === 'complete' ? `${money.amountCell} ${money.positive}` : money.amountCell
                }
              >
                {formatMoney(tx.amount, tx.currency, locale)}
              </td>
              <td>{tx.processor ? t(`money.processors.${tx.processor}`) : '—'}</td>
              <td>
                <span className={money.status}>{t(`money.statuses.${tx.status}`)}</span>
              </td>
              <td>{renderLast(tx)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}
