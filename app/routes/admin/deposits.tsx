import { useTranslation } from 'react-i18next'
import { parseAmountToCents, parseCoinUnits } from '#contract'
import { data, Form } from 'react-router'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import { useLocale } from '#ui/locale.ts'
import { actionKeyOf, newActionKey } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import type { Route } from './+types/deposits'
import { adminAction, adminFieldRefusal, adminRead, localeOf, pageOf, type AdminOutcome } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import * as money from '../user-management/money.css.ts'

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const page = pageOf(args.request)
  return {
    list: await adminRead(args, 'list_pending_bank_transfers', { page, pageSize: 20 }),
    actionKey: newActionKey(),
  }
}

/** Confirms a bank transfer that arrived (crediting what arrived), or reports a deposit seen on a chain. */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const key = actionKeyOf(form) ?? newActionKey()
  const field = (name: string) => String(form.get(name) ?? '')
  const locale = localeOf(args)
  if (form.get('intent') === 'confirm') {
    const amount = parseAmountToCents(field('amount'), locale)
    if (amount === null) return data<AdminOutcome>(adminFieldRefusal('amount'), { status: 400 })
    return adminAction(
      args,
      'confirm_bank_transfer',
      { reference: field('reference'), amount },
      () => ({ message: 'admin.deposits.confirmed' }),
      key,
    )
  }
  if (form.get('intent') === 'crypto') {
    const units = parseCoinUnits(field('units'), locale)
    if (units === null) return data<AdminOutcome>(adminFieldRefusal('units'), { status: 400 })
    return adminAction(
      args,
      'report_crypto_deposit',
      {
        coin: field('coin') as 'BTC',
        address: field('address'),
        txId: field('txId'),
        units,
        confirmations: field('confirmations') as never,
      },
      (answer: { message: string; confirmationsNeeded: number }) => ({
        message:
          answer.message === 'deposit_complete' ? 'admin.deposits.cryptoCredited' : 'admin.deposits.cryptoPending',
        args: [String(answer.confirmationsNeeded)],
      }),
      key,
    )
  }
  throw data(null, { status: 400 })
}

export default function Deposits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { items, total, page, pageSize } = loaderData.list
  return (
    <>
      <h2>{t('admin.deposits.heading')}</h2>
      <Outcome outcome={actionData} />
      {items.length === 0 ? <p>{t('admin.deposits.empty')}</p> : null}
      {items.map((d) => (
        <section key={d.id} className={money.adminItem} aria-labelledby={`d-${d.id}`}>
          <h3 id={`d-${d.id}`} className={money.adminItemHeading}>
            {d.reference} · {formatMoney(d.amount, d.currency, locale)} · {d.player.username}
          </h3>
          <p className={forms.note}>
            {t('admin.withdrawals.requested')}: {formatDateTime(new Date(d.createdAt))}
          </p>
          <Form method="post" className={`${forms.form} ${forms.narrow}`}>
            <input type="hidden" name="reference" value={d.reference ?? ''} />
            <input
              type="hidden"
              name={ACTION_KEY_FIELD}
              value={`${formActionKey(loaderData.actionKey, actionData)}-c-${d.id.slice(0, 8)}`}
            />
            <div className={forms.field}>
              <label htmlFor={`amount-${d.id}`} className={forms.label}>
                {t('admin.deposits.received')}
              </label>
              <input
                id={`amount-${d.id}`}
                name="amount"
                inputMode="decimal"
                required
                defaultValue={formatNumber(d.amount / 100, locale, { minimumFractionDigits: 2 })}
                className={forms.input}
              />
            </div>
            <SubmitButton name="intent" value="confirm">
              {t('admin.deposits.confirm')}
            </SubmitButton>
          </Form>
        </section>
      ))}
      <Pager page={page} total={total} pageSize={pageSize} />

      <section className={money.adminItem} aria-labelledby="crypto-heading">
        <h2 id="crypto-heading">{t('admin.deposits.cryptoHeading')}</h2>
        <p className={forms.note}>{t('admin.deposits.cryptoIntro')}</p>
        <Form method="post" className={`${forms.form} ${forms.narrow}`}>
          <input
            type="hidden"
            name={ACTION_KEY_FIELD}
            value={`${formActionKey(loaderData.actionKey, actionData)}-crypto`}
          />
          <div className={forms.field}>
            <label htmlFor="coin" className={forms.label}>
              {t('money.crypto.coin')}
            </label>
            <select id="coin" name="coin" className={forms.select}>
              <option value="BTC">{t('money.crypto.BTC')}</option>
              <option value="USDT">{t('money.crypto.USDT')}</option>
            </select>
          </div>
          {(
            [
              ['address', t('money.crypto.address')],
              ['txId', t('admin.deposits.txId')],
              ['units', t('admin.deposits.units')],
              ['confirmations', t('admin.deposits.confirmations')],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className={forms.field}>
              <label htmlFor={`crypto-${name}`} className={forms.label}>
                {label}
              </label>
              <input id={`crypto-${name}`} name={name} required className={forms.input} autoComplete="off" />
            </div>
          ))}
          <SubmitButton name="intent" value="crypto">
            {t('admin.deposits.report')}
          </SubmitButton>
        </Form>
      </section>
    </>
  )
}
