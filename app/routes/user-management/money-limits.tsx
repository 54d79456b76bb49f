/**
 * The Deposit limits and Loss limits tabs (ADRs 0061, 0064), one page of a kind: per period the
 * limit in force, what the period has used (deposited, or lost net) and when it starts again, a
 * form for a new limit, and the buttons of a removal or of a raise or removal waiting (confirm once
 * due, drop). Plain forms, with JavaScript or without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { DEPOSIT_LIMIT_PERIODS, type Currency, type DepositLimit, type MoneyLimitKind } from '#contract'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { ErrorSummary, Field, FormErrors, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { useLocale } from '#ui/locale.ts'
import { LimitButton, PendingChange } from './limit-button.tsx'
import * as styles from './layout.css.ts'

/** The intents of the tab's forms. */
export const LIMIT_INTENTS = ['limit-set', 'limit-remove', 'limit-confirm', 'limit-cancel'] as const
type LimitIntent = (typeof LIMIT_INTENTS)[number]

/** What differs between the two tabs on the page: the form and the words. */
export const MONEY_LIMIT_PAGES = {
  deposit: { form: 'deposit-limit', words: 'account.limits' },
  loss: { form: 'loss-limit', words: 'account.lossLimits' },
} as const

type LoaderData = Awaited<ReturnType<typeof import('./money-limits.server.ts').moneyLimitsLoader>>

type Props = {
  kind: MoneyLimitKind
  limit: DepositLimit
  currency: Currency
  constraint: LoaderData['constraint']
  lastResult: SubmissionResult<string[]> | undefined
}

function LimitBlock({ kind, limit, currency, constraint, lastResult }: Props) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { period } = limit
  const { form: formName, words } = MONEY_LIMIT_PAGES[kind]
  const [form, fields] = useSchemaForm(formName, { id: `${formName}-${period}`, lastResult, constraint })
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
          <dt>{t(`${words}.used`)}</dt>
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

/** A kind's tab: its words, then a block per period. */
export function MoneyLimitsTab({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData
  actionData: { result: SubmissionResult<string[]> } | undefined
}) {
  const { t } = useTranslation()
  const posted = actionData && 'result' in actionData ? actionData.result : undefined
  // Only the form that was sent shows its answer.
  const sentPeriod = DEPOSIT_LIMIT_PERIODS.find((p) => p === posted?.initialValue?.period)
  const { kind } = loaderData
  const { words } = MONEY_LIMIT_PAGES[kind]
  return (
    <>
      <h2 className={styles.panelHeading}>{t(`${words}.heading`)}</h2>
      <p>{t(`${words}.intro`)}</p>
      {kind === 'deposit' ? <p>{t('account.limits.crypto')}</p> : <p>{t('account.lossLimits.counted')}</p>}
      {loaderData.limits.map((limit) => (
        <LimitBlock
          kind={kind}
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
