import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { localeFromPath, useLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/bet-history'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'
import { PeriodError, PeriodFields, periodOf } from './period-filter.tsx'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const PAGE_SIZE = 20

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const url = new URL(args.request.url)
  const filters = periodOf(url, '7d')
  const list = await callUpstream(args, 'get_bet_list', {
    range: filters.range,
    language: localeFromPath(url.pathname),
    page: filters.page,
    pageSize: PAGE_SIZE,
  })
  if (!list.ok) throw upstreamUnavailable()
  return { meta: pageMeta(args.context, getInstance(args.context).t('games.history.title')), filters, ...list.data }
}

/**
 * The Bet History tab: game, bet, win, total, provider, with the period's totals. A win whose part
 * was held by the net winnings limit says how much, and what became of it (ADR 0036).
 */
export default function BetHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { filters, items, total, page, pageSize, totals } = loaderData
  const amount = (cents: number, currency: typeof totals.currency, signed = false) => (
    <td className={signed && cents > 0 ? `${money.amountCell} ${money.positive}` : money.amountCell}>
      {formatMoney(cents, currency, locale)}
    </td>
  )
  return (
    <>
      <h2 className={styles.panelHeading}>{t('games.history.heading')}</h2>
      <Form method="get" className={money.filters} aria-label={t('games.history.filtersLabel')}>
        <PeriodFields filters={filters} />
        <button type="submit" className={money.secondaryButton}>
          {t('money.history.apply')}
        </button>
      </Form>
      <PeriodError show={filters.customInvalid} />
      {items.length === 0 ? (
        <p>{t('games.history.none')}</p>
      ) : (
        <ScrollTable label={t('games.history.caption')}>
          <table className={money.table}>
            <caption className="visually-hidden">{t('games.history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('games.history.columns.game')}</th>
                <th scope="col">{t('games.history.columns.date')}</th>
                <th scope="col" className={money.amountCell}>
                  {t('games.history.columns.bet')}
                </th>
                <th scope="col" className={money.amountCell}>
                  {t('games.history.columns.win')}
                </th>
                <th scope="col" className={money.amountCell}>
                  {t('games.history.columns.total')}
                </th>
                <th scope="col">{t('games.history.columns.provider')}</th>
                <th scope="col">{t('games.history.columns.details')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((bet) => (
                <tr key={bet.id}>
                  <td>{bet.gameName}</td>
                  <td>{formatDateTime(new Date(bet.placedAt))}</td>
                  {amount(bet.bet, bet.currency)}
                  <td className={bet.win > 0 ? `${money.amountCell} ${money.positive}` : money.amountCell}>
                    {formatMoney(bet.win, bet.currency, locale)}
                    {bet.held ? (
                      <small className={money.heldNote}>
                        {t(`games.history.held.${bet.held.status}`, {
                          amount: formatMoney(bet.held.amount, bet.currency, locale),
                        })}
                      </small>
                    ) : null}
                  </td>
                  {amount(bet.total, bet.currency, true)}
                  <td>{bet.provider}</td>
                  <td>
                    <Link to={localePath(`/user-management/bet-history/${bet.id}`)}>
                      {bet.status === 'open' ? t('games.history.open') : t('games.history.view')}
                      <span className="visually-hidden"> {bet.gameName}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('games.history.totals')}
                </th>
                {amount(totals.bet, totals.currency)}
                {amount(totals.win, totals.currency, true)}
                {amount(totals.total, totals.currency, true)}
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
