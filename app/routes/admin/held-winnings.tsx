import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { useLocale } from '#ui/locale.ts'
import { actionKeyOf, newActionKey } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import type { Route } from './+types/held-winnings'
import { adminAction, adminRead, pageOf } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import { ReasonForm } from './reason-form.tsx'
import * as money from '../user-management/money.css.ts'

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const page = pageOf(args.request)
  return { list: await adminRead(args, 'list_held_winnings', { page, pageSize: 20 }), actionKey: newActionKey() }
}

/** Release (paid to the player's balances) or void (with the reason the player reads). */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const id = String(form.get('id') ?? '')
  const key = actionKeyOf(form) ?? newActionKey()
  if (form.get('intent') === 'release')
    return adminAction(args, 'release_held_winning', { id }, () => ({ message: 'admin.heldWinnings.released' }), key)
  if (form.get('intent') === 'void')
    return adminAction(
      args,
      'void_held_winning',
      { id, reason: String(form.get('reason') ?? '') },
      () => ({ message: 'admin.heldWinnings.voided' }),
      key,
    )
  throw data(null, { status: 400 })
}

/** Winnings held by the net winnings limit (ADR 0036), oldest first, each with its two decisions. */
export default function HeldWinnings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { items, total, page, pageSize } = loaderData.list
  return (
    <>
      <h2>{t('admin.heldWinnings.heading')}</h2>
      <p>{t('admin.heldWinnings.intro')}</p>
      <Outcome outcome={actionData} />
      {items.length === 0 ? <p>{t('admin.heldWinnings.empty')}</p> : null}
      {items.map((h) => (
        <section key={h.id} className={money.adminItem} aria-labelledby={`h-${h.id}`}>
          <h3 id={`h-${h.id}`} className={money.adminItemHeading}>
            {formatMoney(h.amount.amount, h.amount.currency, locale)} · {h.player.username} · {h.gameId}
          </h3>
          <dl className={money.details}>
            <dt>{t('admin.heldWinnings.heldAt')}</dt>
            <dd>{formatDateTime(new Date(h.createdAt))}</dd>
            <dt>{t('admin.withdrawals.player')}</dt>
            <dd>
              {h.player.username} ({h.player.email})
            </dd>
            <dt>{t('admin.heldWinnings.round')}</dt>
            <dd>
              {h.provider} · {h.roundId}
            </dd>
            <dt>{t('admin.heldWinnings.transaction')}</dt>
            <dd>{h.transactionId}</dd>
          </dl>
          <div className={money.adminForms}>
            <Form method="post" className={forms.form}>
              <input type="hidden" name="id" value={h.id} />
              <input
                type="hidden"
                name={ACTION_KEY_FIELD}
                value={`${formActionKey(loaderData.actionKey, actionData)}-p-${h.id.slice(0, 8)}`}
              />
              <SubmitButton name="intent" value="release">
                {t('admin.heldWinnings.release')}
              </SubmitButton>
            </Form>
            <ReasonForm
              id={h.id}
              actionKey={`${formActionKey(loaderData.actionKey, actionData)}-v-${h.id.slice(0, 8)}`}
              intent="void"
              label={t('admin.heldWinnings.reason')}
            >
              {t('admin.heldWinnings.void')}
            </ReasonForm>
          </div>
        </section>
      ))}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
