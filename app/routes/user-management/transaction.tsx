import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { FormStatus, SubmitButton, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD } from '#app/utils/payments.ts'
import type { Route } from './+types/transaction'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'
import { useReloadOnPaymentStatus } from './use-reload-on-payment-status.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const ID = /^[0-9a-f-]{36}$/i

/** One of the player's own transactions; someone else's id is simply not found. */
export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  if (!ID.test(args.params.id)) throw data(null, { status: 404 })
  const found = await callUpstream(args, 'get_financial_transaction', { id: args.params.id })
  if (!found.ok) {
    if (found.status === 404) throw data(null, { status: 404 })
    throw upstreamUnavailable()
  }
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('money.detail.title')),
    transaction: found.data,
    actionKey: newActionKey(),
  }
}

/**
 * A failed 3-D Secure payment's reason is one of the casino API's codes (payments/challenges.ts),
 * shown in the player's language; an administrator's reason for a rejection is their own words.
 */
const CHALLENGE_REASONS = ['challenge_expired', 'challenge_failed'] as const
const isChallengeReason = (reason: string | null): reason is (typeof CHALLENGE_REASONS)[number] =>
  (CHALLENGE_REASONS as readonly (string | null)[]).includes(reason)

/** The submit button's value that cancels a card payment waiting for its 3-D Secure challenge. */
const CANCEL_CHALLENGE = 'cancel-challenge'

/**
 * Cancels a pending withdrawal (the held amount goes back to the balance), or a card payment still
 * waiting for its 3-D Secure challenge (no money moved yet).
 */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const id = args.params.id
  if (!ID.test(id)) throw data(null, { status: 404 })
  const form = await args.request.formData()
  const result =
    form.get('intent') === CANCEL_CHALLENGE
      ? await callUpstream(args, 'cancel_threeds_challenge', { id })
      : await callUpstream(
          args,
          'cancel_withdrawal_request',
          { id },
          { idempotencyKey: actionKeyOf(form) ?? newActionKey() },
        )
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 })
    if (result.status >= 500) throw upstreamUnavailable()
    return data({ refused: result.code }, { status: result.status })
  }
  forgetPlayer(args)
  return { cancelled: result.data.message }
}

export default function Transaction({ loaderData, actionData }: Route.ComponentProps) {
  useReloadOnPaymentStatus()
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const tx = loaderData.transaction
  return (
    <>
      <h2 className={styles.panelHeading}>
        {t(`money.types.${tx.type}`)} {tx.reference}
      </h2>
      {actionData && 'cancelled' in actionData ? (
        <FormStatus>
          <p>{text(actionData.cancelled)}</p>
        </FormStatus>
      ) : null}
      {actionData && 'refused' in actionData ? (
        <p role="alert" className={forms.bad}>
          {text(actionData.refused)}
        </p>
      ) : null}
      <dl className={money.details}>
        <dt>{t('money.history.status')}</dt>
        <dd>{t(`money.statuses.${tx.status}`)}</dd>
        <dt>{t('money.amount')}</dt>
        <dd>{formatMoney(tx.amount, tx.currency, locale)}</dd>
        <dt>{t('money.history.provider')}</dt>
        <dd>{tx.processor ? t(`money.processors.${tx.processor}`) : '—'}</dd>
        <dt>{t('money.detail.reference')}</dt>
        <dd>{tx.reference ?? '—'}</dd>
        {tx.card ? (
          <>
            <dt>{t('money.detail.card')}</dt>
            <dd>
              {t(`money.brands.${tx.card.brand}`)} •••• {tx.card.last4}
            </dd>
          </>
        ) : null}
        {tx.destination ? (
          <>
            <dt>{t('money.detail.destination')}</dt>
            <dd>{tx.destination}</dd>
          </>
        ) : null}
        <dt>{t('money.history.date')}</dt>
        <dd>{formatDateTime(new Date(tx.createdAt))}</dd>
        <dt>{t('money.detail.updated')}</dt>
        <dd>{formatDateTime(new Date(tx.updatedAt))}</dd>
        {tx.balanceAfter !== null ? (
          <>
            <dt>{t('money.detail.balanceAfter')}</dt>
            <dd>{formatMoney(tx.balanceAfter, tx.currency, locale)}</dd>
          </>
        ) : null}
        {tx.failure ? (
          <>
            <dt>{t('money.detail.reason')}</dt>
            <dd>
              {isChallengeReason(tx.failure.reason)
                ? t(`money.detail.challengeReasons.${tx.failure.reason}`)
                : (tx.failure.reason ?? text(tx.failure.code))}
            </dd>
          </>
        ) : null}
      </dl>
      {tx.type === 'deposit' && tx.processor === 'altitudepay' && tx.status === 'pending' && tx.reference ? (
        <Form method="post">
          <p className={forms.note}>{t('money.detail.challengeNote')}</p>
          <p className={forms.links}>
            <Link to={`${localePath('/threedsecure')}?reference=${encodeURIComponent(tx.reference)}`}>
              {t('money.detail.challengeContinue')}
            </Link>
          </p>
          <SubmitButton name="intent" value={CANCEL_CHALLENGE} pendingLabel={t('money.detail.cancelling')}>
            {t('money.detail.challengeCancel')}
          </SubmitButton>
        </Form>
      ) : null}
      {tx.cancellable ? (
        <Form method="post">
          <input type="hidden" name={ACTION_KEY_FIELD} value={loaderData.actionKey} />
          <p className={forms.note}>{t('money.detail.cancelNote')}</p>
          <SubmitButton pendingLabel={t('money.detail.cancelling')}>{t('money.detail.cancel')}</SubmitButton>
        </Form>
      ) : null}
      <p className={forms.links}>
        <Link to={localePath('/user-management/transactions')}>{t('money.detail.back')}</Link>
      </p>
    </>
  )
}
