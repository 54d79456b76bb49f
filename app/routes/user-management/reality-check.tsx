/**
 * The reality check on the Safer gambling tab (ADR 0065): its interval and when the next check
 * falls due, and a list of intervals (or off) to change it, which holds at once. A plain form, with
 * JavaScript or without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { REALITY_CHECK_CHOICES, type RealityCheck } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { ErrorSummary, FormErrors, SelectField, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import type { formConstraint } from '#app/utils/form-validation.ts'
import * as styles from './layout.css.ts'

export const REALITY_CHECK_SET = 'reality-check-set'

export function RealityCheckBlock({
  check,
  constraint,
  lastResult,
}: {
  check: RealityCheck
  constraint: ReturnType<typeof formConstraint>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm('reality-check', { id: 'reality-check', lastResult, constraint })
  const every = (minutes: number) => t('account.realityCheck.minutes', { count: minutes })
  return (
    <section className={styles.block} aria-labelledby="reality-check-heading">
      <h3 id="reality-check-heading" className={styles.blockHeading}>
        {t('account.realityCheck.heading')}
      </h3>
      <p>{t('account.realityCheck.intro')}</p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('account.realityCheck.current')}</dt>
          <dd>{check.minutes === null ? t('account.realityCheck.none') : every(check.minutes)}</dd>
        </div>
        {check.dueAt ? (
          <div className={styles.fact}>
            <dt>{t('account.realityCheck.next')}</dt>
            <dd>{formatDateTime(check.dueAt)}</dd>
          </div>
        ) : null}
      </dl>
      <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
        <ErrorSummary
          formId={form.id}
          lastResult={lastResult}
          entries={[{ meta: fields.minutes, label: t('account.realityCheck.interval') }]}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField
          meta={fields.minutes}
          label={t('account.realityCheck.interval')}
          placeholder={t('account.realityCheck.choose')}
          options={[
            ...REALITY_CHECK_CHOICES.map((minutes) => ({ value: String(minutes), label: every(minutes) })),
            { value: 'off', label: t('account.realityCheck.off') },
          ]}
        />
        <div className={forms.actions}>
          <SubmitButton name="intent" value={REALITY_CHECK_SET} pendingLabel={t('account.realityCheck.submitting')}>
            {t('account.realityCheck.set')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}
