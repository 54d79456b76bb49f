import { getFormProps, type FormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Field, FormErrors, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import type { formConstraint } from '#app/utils/form-validation.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import type { GetLoyaltyAnswer } from '#contract'
import { ACTION_KEY_FIELD } from '#app/utils/payments.ts'
import * as styles from './layout.css.ts'

/**
 * The forms of the two methods that credit the bonus balance (ADR 0044, addendum): a bonus code
 * (bonuscode_deposit_processor) and a loyalty redemption (loyalty_redeem_processor). Each is sent
 * to the tab that keeps its history (Bonuses, Loyalty Points), whose action answers it, so the
 * deposit page offers the same form without an action of its own for them.
 */
export const BONUS_CODE_INTENT = 'bonus-code'
export const BONUSES_PATH = '/user-management/bonuses'
export const LOYALTY_PATH = '/user-management/loyalty-points'

type Constraint = ReturnType<typeof formConstraint>

export function BonusCodeForm({
  lastResult,
  constraint,
  actionKey,
}: {
  lastResult: Parameters<typeof useSchemaForm<'bonus-code'>>[1]['lastResult']
  constraint: Constraint
  actionKey: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm('bonus-code', { id: 'bonus-code', lastResult, constraint })
  return (
    <TabForm
      form={form}
      path={BONUSES_PATH}
      intent={BONUS_CODE_INTENT}
      actionKey={actionKey}
      heading={t('account.bonuses.codeHeading')}
      submit={t('account.bonuses.codeApply')}
      pending={t('account.bonuses.codeApplying')}
    >
      <Field
        meta={fields.code}
        label={t('account.bonuses.code')}
        help={t('account.bonuses.codeHelp')}
        inputProps={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }}
      />
    </TabForm>
  )
}

/** What the redemption form tells of the programme: get_loyalty's answer, or its part. */
type Programme = Pick<GetLoyaltyAnswer, 'points' | 'pointsPerCent' | 'minRedeemPoints' | 'currency'>

/** The points held, the rate and the minimum come with the form: all points are offered at first. */
export function RedeemForm({
  lastResult,
  constraint,
  actionKey,
  loyalty,
}: {
  lastResult: Parameters<typeof useSchemaForm<'loyalty-redeem'>>[1]['lastResult']
  constraint: Constraint
  actionKey: string
  loyalty: Programme
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const points = (n: number) => formatNumber(n, locale)
  const defaultPoints = loyalty.points >= loyalty.minRedeemPoints ? loyalty.points : undefined
  const help = t('account.loyalty.redeemHelp', {
    points: points(loyalty.pointsPerCent * 100),
    amount: formatMoney(100, loyalty.currency, locale),
    min: points(loyalty.minRedeemPoints),
  })
  const [form, fields] = useSchemaForm('loyalty-redeem', {
    id: 'loyalty-redeem',
    lastResult,
    constraint,
    defaultValue: { points: defaultPoints === undefined ? '' : String(defaultPoints) },
  })
  return (
    <TabForm
      form={form}
      path={LOYALTY_PATH}
      actionKey={actionKey}
      heading={t('account.loyalty.redeemHeading')}
      submit={t('account.loyalty.redeem')}
      pending={t('account.loyalty.redeeming')}
    >
      <Field
        meta={fields.points}
        label={t('account.loyalty.redeemPoints')}
        help={help}
        inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
      />
    </TabForm>
  )
}

/** A form of its own section, sent to its tab with the form's action key. */
function TabForm<Schema extends Record<string, unknown>>({
  form,
  path,
  intent,
  actionKey,
  heading,
  submit,
  pending,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  path: string
  intent?: string
  actionKey: string
  heading: string
  submit: string
  pending: string
  children: ReactNode
}) {
  const localePath = useLocalePath()
  const headingId = `${form.id}-heading`
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId} className={styles.blockHeading}>
        {heading}
      </h3>
      <Form method="post" action={localePath(path)} {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <input type="hidden" name={ACTION_KEY_FIELD} value={actionKey} />
        {children}
        <div className={forms.actions}>
          <SubmitButton pendingLabel={pending}>{submit}</SubmitButton>
        </div>
      </Form>
    </section>
  )
}
