/**
 * The deposit limits' part of the Safer gambling tab (ADR 0061): per period the limit in force,
 * what the period has used and when it starts again, a form for a new limit, and the buttons of a
 * removal or of a raise or removal waiting (confirm once due, drop). Plain forms: the tab's action
 * sends them, with JavaScript or without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Currency, DepositLimit, DepositLimitPeriod } from '#contract'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { ErrorSummary, Field, FormErrors, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#app/components/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import type { formConstraint } from '#app/utils/form-validation.ts'
import { useLocale } from '#app/utils/locale.ts'
import * as styles from './layout.css.ts'
import * as mailbox from './mailbox.css.ts'

/** The intents of the limits' forms (the tab's action reads `intent`). */
export const LIMIT_INTENTS = ['limit-set', 'limit-remove', 'limit-confirm', 'limit-cancel'] as const
export type LimitIntent = (typeof LIMIT_INTENTS)[number]

type Props = {
  limit: DepositLimit
  currency: Currency
  constraint: ReturnType<typeof formConstraint>
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
    <Form method="post" className={mailbox.deleteForm}>
      <input type="hidden" name="period" value={period} />
      <button type="submit" name="intent" value={intent} className={mailbox.deleteButton}>
        {label}
      </button>
    </Form>
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
        <>
          <p>
            {pending.amount === null
              ? t('account.limits.pendingRemoval', { from: formatDateTime(pending.from) })
              : t('account.limits.pendingRaise', { amount: money(pending.amount), from: formatDateTime(pending.from) })}
          </p>
          <div className={styles.limitActions}>
            {pending.due ? button('limit-confirm', t('account.limits.confirm')) : null}
            {button('limit-cancel', t('account.limits.cancel'))}
          </div>
        </>
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

export function DepositLimits({
  limits,
  currency,
  constraint,
  posted,
}: Omit<Props, 'limit' | 'lastResult'> & {
  limits: DepositLimit[]
  /** The limit form sent last, with its period: only that one shows its answer. */
  posted: { period: DepositLimitPeriod; result: SubmissionResult<string[]> } | undefined
}) {
  const { t } = useTranslation()
  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.limits.heading')}</h2>
      <p>{t('account.limits.intro')}</p>
      <p>{t('account.limits.crypto')}</p>
      {limits.map((limit) => (
        <LimitBlock
          key={limit.period}
          limit={limit}
          currency={currency}
          constraint={constraint}
          lastResult={posted?.period === limit.period ? posted.result : undefined}
        />
      ))}
    </>
  )
}
