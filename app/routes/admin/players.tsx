import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import * as forms from '#app/components/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocale } from '#app/utils/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import type { Route } from './+types/players'
import { pageOf } from './admin.server.ts'
import * as money from '../user-management/money.css.ts'
import { TransactionTable } from '../user-management/transaction-table.tsx'

/** A player's ledger by username (?username=…): balance, wagering still to do, every payment. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const username = (new URL(args.request.url).searchParams.get('username') ?? '').trim().slice(0, 40)
  if (!username) return { username, ledger: null, notFound: false }
  const result = await callUpstream(args, 'get_player_ledger', { username, page: pageOf(args.request), pageSize: 20 })
  if (result.ok) return { username, ledger: result.data, notFound: false }
  if (result.status === 404 || result.status === 400) return { username, ledger: null, notFound: true }
  throw upstreamUnavailable()
}

export default function Players({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { username, ledger, notFound } = loaderData
  return (
    <>
      <h2>{t('admin.players.heading')}</h2>
      <Form method="get" className={money.filters}>
        <div className={money.filterField}>
          <label htmlFor="username" className={forms.label}>
            {t('admin.players.username')}
          </label>
          <input
            id="username"
            name="username"
            defaultValue={username}
            required
            className={forms.input}
            maxLength={40}
          />
        </div>
        <button type="submit" className={money.secondaryButton}>
          {t('admin.players.search')}
        </button>
      </Form>
      {notFound ? <p role="alert">{t('admin.players.notFound')}</p> : null}
      {ledger ? (
        <>
          <dl className={money.details}>
            <dt>{t('admin.players.player')}</dt>
            <dd>
              {ledger.player.username} ({ledger.player.email}) · {ledger.player.status}
            </dd>
            <dt>{t('account.balance.total')}</dt>
            <dd>{formatMoney(ledger.balance.total, ledger.balance.currency, locale)}</dd>
            <dt>{t('account.balance.real')}</dt>
            <dd>{formatMoney(ledger.balance.real, ledger.balance.currency, locale)}</dd>
            <dt>{t('account.balance.bonus')}</dt>
            <dd>{formatMoney(ledger.balance.bonus, ledger.balance.currency, locale)}</dd>
            <dt>{t('money.withdrawal.wagering')}</dt>
            <dd>{formatMoney(ledger.wageringRemaining, ledger.balance.currency, locale)}</dd>
          </dl>
          <TransactionTable
            label={t('money.history.heading')}
            items={ledger.transactions.items}
            lastHeading={t('money.detail.reference')}
            renderLast={(tx) => tx.reference}
          />
          <Pager
            page={ledger.transactions.page}
            total={ledger.transactions.total}
            pageSize={ledger.transactions.pageSize}
          />
        </>
      ) : null}
      <p className={forms.links}>
        <Link to="?">{t('admin.players.clear')}</Link>
      </p>
    </>
  )
}
