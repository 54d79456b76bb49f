import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { useLocale } from '#ui/locale.ts'
import { actionKeyOf, newActionKey } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import type { Route } from './+types/withdrawals'
import { adminAction, adminRead, pageOf } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import { ReasonForm } from './reason-form.tsx'
import { Pager } from '#app/components/pager.tsx'
import * as money from '../user-management/money.css.ts'

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const page = pageOf(args.request)
  return { list: await adminRead(args, 'list_pending_withdrawals', { page, pageSize: 20 }), actionKey: newActionKey() }
}

/** Accept (paid out, with the payout's reference) or reject (with the reason the player reads). */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const id = String(form.get('id') ?? '')
  const key = actionKeyOf(form) ?? newActionKey()
  if (form.get('intent') === 'accept') {
    const payoutReference = String(form.get('payoutReference') ?? '').trim()
    return adminAction(
      args,
      'accept_withdrawal',
      { id, ...(payoutReference ? { payoutReference } : {}) },
      () => ({ message: 'admin.withdrawals.accepted' }),
      key,
    )
  }
  if (form.get('intent') === 'reject')
    return adminAction(
      args,
      'reject_withdrawal',
      { id, reason: String(form.get('reason') ?? '') },
      () => ({ message: 'admin.withdrawals.rejected' }),
      key,
    )
  throw data(null, { status: 400 })
}

export default function Withdrawals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { items, total, page, pageSize } = loaderData.list
  return (
    <>
      <h2>{t('admin.withdrawals.heading')}</h2>
      <Outcome outcome={actionData} />
      {items.length === 0 ? <p>{t('admin.withdrawals.empty')}</p> : null}
      {items.map((w) => (
        <section key={w.id} className={money.adminItem} aria-labelledby={`w-${w.id}`}>
          <h3 id={`w-${w.id}`} className={money.adminItemHeading}>
            {formatMoney(-w.amount, w.currency, locale)} · {w.player.username} · {w.reference}
          </h3>
          <dl className={money.details}>
            <dt>{t('admin.withdrawals.requested')}</dt>
            <dd>{formatDateTime(new Date(w.createdAt))}</dd>
            <dt>{t('admin.withdrawals.player')}</dt>
            <dd>
              {w.player.username} ({w.player.email})
            </dd>
            {w.payout.method === 'bank_transfer' ? (
              <>
                <dt>{t('admin.payout.iban')}</dt>
                <dd>{w.payout.iban}</dd>
                <dt>{t('admin.payout.beneficiaryName')}</dt>
                <dd>{w.payout.beneficiaryName}</dd>
                <dt>{t('admin.payout.swift')}</dt>
                <dd>{w.payout.swift}</dd>
                <dt>{t('admin.payout.bankName')}</dt>
                <dd>{w.payout.bankName}</dd>
                <dt>{t('admin.payout.address')}</dt>
                <dd>
                  {w.payout.address}, {w.payout.zipCode}
                </dd>
              </>
            ) : (
              <>
                <dt>{t('admin.payout.walletAddress')}</dt>
                <dd>{w.payout.walletAddress}</dd>
              </>
            )}
          </dl>
          <div className={money.adminForms}>
            <Form method="post" className={forms.form}>
              <input type="hidden" name="id" value={w.id} />
              <input
                type="hidden"
                name={ACTION_KEY_FIELD}
                value={`${formActionKey(loaderData.actionKey, actionData)}-a-${w.id.slice(0, 8)}`}
              />
              <div className={forms.field}>
                <label htmlFor={`ref-${w.id}`} className={forms.label}>
                  {t('admin.withdrawals.payoutReference')}
                </label>
                <input id={`ref-${w.id}`} name="payoutReference" className={forms.input} maxLength={120} />
              </div>
              <SubmitButton name="intent" value="accept">
                {t('admin.withdrawals.accept')}
              </SubmitButton>
            </Form>
            <ReasonForm
              id={w.id}
              actionKey={`${formActionKey(loaderData.actionKey, actionData)}-r-${w.id.slice(0, 8)}`}
              intent="reject"
              label={t('admin.withdrawals.reason')}
            >
              {t('admin.withdrawals.reject')}
            </ReasonForm>
          </div>
        </section>
      ))}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
