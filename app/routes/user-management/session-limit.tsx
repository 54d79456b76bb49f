/**
 * The session-time limit on the Responsible gaming tab (ADR 0063): the limit in force, when this
 * session ends because of it, a change waiting (confirm once due, drop), a list of durations to set
 * a new one, and the removal. Plain forms, with JavaScript or without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { SESSION_LIMIT_CHOICES, type SessionLimit } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { ErrorSummary, FormErrors, SelectField, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import type { formConstraint } from '#app/utils/form-validation.ts'
import { LimitButton, PendingChange } from './limit-button.tsx'
import * as styles from './layout.css.ts'

/** The intents of the block's forms, and the calls of those that need no input. */
export const SESSION_LIMIT_CALLS = {
  'session-limit-remove': 'set_session_limit',
  'session-limit-confirm': 'confirm_session_limit',
  'session-limit-cancel': 'cancel_session_limit_change',
} as const
export const SESSION_LIMIT_SET = 'session-limit-set'

const listed = (minutes: number): minutes is (typeof SESSION_LIMIT_CHOICES)[number] =>
  (SESSION_LIMIT_CHOICES as readonly number[]).includes(minutes)

export function SessionLimitBlock({
  limit,
  constraint,
  lastResult,
}: {
  limit: SessionLimit
  constraint: ReturnType<typeof formConstraint>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm('session-limit', { id: 'session-limit', lastResult, constraint })
  // A limit set through another client may be any number of minutes the casino API takes.
  const duration = (minutes: number | null) =>
    minutes === null
      ? t('account.sessionLimit.none')
      : listed(minutes)
        ? t(`account.sessionLimit.choices.${minutes}`)
        : t('account.sessionLimit.duration', { count: minutes })
  const { pending } = limit
  return (
    <section className={styles.block} aria-labelledby="session-limit-heading">
      <h3 id="session-limit-heading" className={styles.blockHeading}>
        {t('account.sessionLimit.heading')}
      </h3>
      <p>{t('account.sessionLimit.intro')}</p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('account.sessionLimit.current')}</dt>
          <dd>{duration(limit.minutes)}</dd>
        </div>
        {limit.sessionEndsAt ? (
          <div className={styles.fact}>
            <dt>{t('account.sessionLimit.sessionEnds')}</dt>
            <dd>{formatDateTime(limit.sessionEndsAt)}</dd>
          </div>
        ) : null}
      </dl>
      {pending ? (
        <PendingChange
          text={
            pending.minutes === null
              ? t('account.sessionLimit.pendingRemoval', { from: formatDateTime(pending.from) })
              : t('account.sessionLimit.pendingRaise', {
                  limit: duration(pending.minutes),
                  from: formatDateTime(pending.from),
                })
          }
          due={pending.due}
          confirm={{ intent: 'session-limit-confirm', label: t('account.sessionLimit.confirm') }}
          cancel={{ intent: 'session-limit-cancel', label: t('account.sessionLimit.cancel') }}
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
        <ErrorSummary
          formId={form.id}
          lastResult={lastResult}
          entries={[{ meta: fields.minutes, label: t('account.sessionLimit.minutes') }]}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField
          meta={fields.minutes}
          label={t('account.sessionLimit.minutes')}
          placeholder={t('account.sessionLimit.choose')}
          options={SESSION_LIMIT_CHOICES.map((minutes) => ({ value: String(minutes), label: duration(minutes) }))}
        />
        <div className={forms.actions}>
          <SubmitButton name="intent" value={SESSION_LIMIT_SET} pendingLabel={t('account.sessionLimit.submitting')}>
            {t('account.sessionLimit.set')}
          </SubmitButton>
        </div>
      </Form>
      {limit.minutes !== null && pending?.minutes !== null ? (
        <div className={styles.limitActions}>
          <LimitButton intent="session-limit-remove" label={t('account.sessionLimit.remove')} />
        </div>
      ) : null}
    </section>
  )
}
