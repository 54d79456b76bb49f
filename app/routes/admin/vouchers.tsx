import { useTranslation } from 'react-i18next'
import { parseAmountToCents } from '#contract'
import { data, Form } from 'react-router'
import { FormStatus, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { useLocale } from '#ui/locale.ts'
import type { Route } from './+types/vouchers'
import { adminFieldRefusal, adminRead, adminRefusal, localeOf, pageOf } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import { AdminTable } from './admin-table.tsx'

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return { list: await adminRead(args, 'list_vouchers', { page: pageOf(args.request), pageSize: 20 }) }
}

/** Mints sandbox vouchers; their codes are in this answer only (the casino API keeps hashes). */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const amount = parseAmountToCents(String(form.get('amount') ?? ''), localeOf(args))
  if (amount === null) return data({ outcome: adminFieldRefusal('amount') }, { status: 400 })
  const result = await callUpstream(args, 'mint_vouchers', {
    amount,
    count: String(form.get('count') ?? '') as never,
  })
  if (result.ok) return { minted: result.data.items }
  if (result.status >= 500) throw upstreamUnavailable()
  return { outcome: adminRefusal(result) }
}

export default function Vouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { items, total, page, pageSize } = loaderData.list
  return (
    <>
      <h2>{t('admin.vouchers.heading')}</h2>
      <Outcome outcome={actionData && 'outcome' in actionData ? actionData.outcome : undefined} />
      {actionData && 'minted' in actionData && actionData.minted ? (
        <FormStatus>
          <p>{t('admin.vouchers.minted')}</p>
          <ul>
            {actionData.minted.map((v) => (
              <li key={v.id}>
                <code>{v.code}</code> · {formatMoney(v.amount.amount, v.amount.currency, locale)}
              </li>
            ))}
          </ul>
        </FormStatus>
      ) : null}
      <Form method="post" className={`${forms.form} ${forms.narrow}`}>
        <div className={forms.field}>
          <label htmlFor="amount" className={forms.label}>
            {t('money.amount')}
          </label>
          <input id="amount" name="amount" inputMode="decimal" required className={forms.input} />
        </div>
        <div className={forms.field}>
          <label htmlFor="count" className={forms.label}>
            {t('admin.vouchers.count')}
          </label>
          <input id="count" name="count" inputMode="numeric" required defaultValue="1" className={forms.input} />
        </div>
        <SubmitButton>{t('admin.vouchers.mint')}</SubmitButton>
      </Form>
      <AdminTable
        label={t('admin.vouchers.heading')}
        rows={items}
        rowKey={(v) => v.id}
        columns={[
          { heading: t('admin.vouchers.hint'), render: (v) => `…${v.hint}` },
          { heading: t('money.amount'), render: (v) => formatMoney(v.amount.amount, v.amount.currency, locale) },
          { heading: t('admin.vouchers.created'), render: (v) => formatDateTime(new Date(v.createdAt)) },
          {
            heading: t('admin.vouchers.redeemed'),
            render: (v) => (v.redeemedAt ? `${formatDateTime(new Date(v.redeemedAt))} · ${v.redeemedBy ?? ''}` : '—'),
          },
        ]}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
