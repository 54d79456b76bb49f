/**
 * The Deposit limits tab (ADR 0061): per period the limit in force, what the period has used and
 * when it starts again, a form for a new limit, and the buttons of a removal or of a raise or
 * removal waiting (confirm once due, drop). Plain forms, with JavaScript or without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { DEPOSIT_LIMIT_PERIODS, type Currency, type DepositLimit } from '#contract'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { ErrorSummary, Field, FormErrors, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { useLocale } from '#ui/locale.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/deposit-limits'
import { limitAnswer } from './limit-answer.server.ts'
import { LimitButton, PendingChange } from './limit-button.tsx'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The intents of the tab's forms. */
const LIMIT_INTENTS = ['limit-set', 'limit-remove', 'limit-confirm', 'limit-cancel'] as const
type LimitIntent = (typeof LIMIT_INTENTS)[number]

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const limits = await callUpstream(args, 'get_deposit_limits', {})
  if (!limits.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.limits.heading')),
    limits: limits.data.items,
    currency: limits.data.currency,
    constraint: formConstraint('deposit-limit'),
  }
}

const TAB = '/user-management/deposit-limits'
const LIMIT_CALLS = {
  'limit-remove': 'remove_deposit_limit',
  'limit-confirm': 'confirm_deposit_limit',
  'limit-cancel': 'cancel_deposit_limit_change',
} as const

/**
 * A new limit (checked as a form: refused, it comes back with the amount kept), or a removal,
 * confirmation or drop of a change (a button: its answer is a toast). Done, the tab shows the
 * limits again with the casino API's words, and the time a change waits until.
 */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const form = await args.request.formData()
  const intent = LIMIT_INTENTS.find((i) => i === form.get('intent'))
  const period = DEPOSIT_LIMIT_PERIODS.find((p) => p === form.get('period'))
  if (!intent || !period) throw data(null, { status: 400 })
  if (intent === 'limit-set') {
    const submission = parseForm('deposit-limit', form, { locale: requestLocale(args) })
    if (submission.status !== 'success') return invalidForm(submission)
    const result = await callUpstream(args, 'set_deposit_limit', submission.value)
    if (!result.ok) return refusedForm(submission, result)
    return limitAnswer(args, TAB, result, 'deposit_limit_change_waits')
  }
  return limitAnswer(args, TAB, await callUpstream(args, LIMIT_CALLS[intent], { period }), 'deposit_limit_change_waits')
}

type Props = {
  limit: DepositLimit
  currency: Currency
  constraint: Route.ComponentProps['loaderData']['constraint']
  lastResult: SubmissionResult<string[]> | undefined
}

function LimitBlock({ limit, currency, constraint, lastResult }: Props) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { period } = limit
  const [form, fields] = useSchemaForm('deposit-limit', { id: `deposit-limit-${period}`, lastResult, constraint })
  const money = (cents: number | null) =>
    cents === null ? t('account.limits.none') : formatMoney(cents, currency, locale)
  const pending = limit.pending
  const button = (intent: LimitIntent, label: string) => (
    <LimitButton intent={intent} label={label} fields={{ period }} />
  )
  return (
    <section className={styles.block} aria-labelledby={`${form.id}-heading`}>
      <h3 id={`${form.id}-heading`} className={styles.blockHeading}>
        {t(`account.limits.periods.${period}.heading`)}
      </h3>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('account.limits.current')}</dt>
          <dd>{money(limit.amount)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('account.limits.used')}</dt>
          <dd>{money(limit.used)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('account.limits.resets')}</dt>
          <dd>{formatDateTime(limit.resetsAt)}</dd>
        </div>
      </dl>
      {pending ? (
        <PendingChange
          text={
            pending.amount === null
              ? t('account.limits.pendingRemoval', { from: formatDateTime(pending.from) })
              : t('account.limits.pendingRaise', { amount: money(pending.amount), from: formatDateTime(pending.from) })
          }
          due={pending.due}
          confirm={{ intent: 'limit-confirm', label: t('account.limits.confirm') }}
          cancel={{ intent: 'limit-cancel', label: t('account.limits.cancel') }}
          fields={{ period }}
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
        <ErrorSummary
          formId={form.id}
          lastResult={lastResult}
          entries={[{ meta: fields.amount, label: t(`account.limits.periods.${period}.amount`) }]}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="period" value={period} />
        <Field
          meta={fields.amount}
          label={t(`account.limits.periods.${period}.amount`)}
          help={t('account.limits.amountHelp')}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
        />
        <div className={forms.actions}>
          <SubmitButton name="intent" value="limit-set" pendingLabel={t('account.limits.submitting')}>
            {t('account.limits.set')}
          </SubmitButton>
        </div>
      </Form>
      {limit.amount !== null && pending?.amount !== null ? (
        <div className={styles.limitActions}>{button('limit-remove', t('account.limits.remove'))}</div>
      ) : null}
    </section>
  )
}

export default function DepositLimits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const posted = actionData && 'result' in actionData ? actionData.result : undefined
  // Only the form that was sent shows its answer.
  const sentPeriod = DEPOSIT_LIMIT_PERIODS.find((p) => p === posted?.initialValue?.period)
  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.limits.heading')}</h2>
      <p>{t('account.limits.intro')}</p>
      <p>{t('account.limits.crypto')}</p>
      {loaderData.limits.map((limit) => (
        <LimitBlock
          key={limit.period}
          limit={limit}
          currency={loaderData.currency}
          constraint={loaderData.constraint}
          lastResult={sentPeriod === limit.period ? posted : undefined}
        />
      ))}
    </>
  )
}
