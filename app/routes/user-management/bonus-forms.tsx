import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Field, FormErrors, SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#app/components/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import type { formConstraint } from '#app/utils/form-validation.ts'
import { useLocale, useLocalePath } from '#app/utils/locale.ts'
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
  const localePath = useLocalePath()
  const [form, fields] = useSchemaForm('bonus-code', { id: 'bonus-code', lastResult, constraint })
  return (
    <section aria-labelledby="bonus-code-heading" className={styles.block}>
      <h3 id="bonus-code-heading" className={styles.blockHeading}>
        {t('account.bonuses.codeHeading')}
      </h3>
      <Form
        method="post"
        action={localePath(BONUSES_PATH)}
        {...getFormProps(form)}
        className={`${forms.form} ${forms.narrow}`}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={BONUS_CODE_INTENT} />
        <input type="hidden" name={ACTION_KEY_FIELD} value={actionKey} />
        <Field
          meta={fields.code}
          label={t('account.bonuses.code')}
          help={t('account.bonuses.codeHelp')}
          inputProps={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }}
        />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('account.bonuses.codeApplying')}>{t('account.bonuses.codeApply')}</SubmitButton>
        </div>
      </Form>
    </section>
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
  const localePath = useLocalePath()
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
    <section aria-labelledby="loyalty-redeem-heading" className={styles.block}>
      <h3 id="loyalty-redeem-heading" className={styles.blockHeading}>
        {t('account.loyalty.redeemHeading')}
      </h3>
      <Form
        method="post"
        action={localePath(LOYALTY_PATH)}
        {...getFormProps(form)}
        className={`${forms.form} ${forms.narrow}`}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name={ACTION_KEY_FIELD} value={actionKey} />
        <Field
          meta={fields.points}
          label={t('account.loyalty.redeemPoints')}
          help={help}
          inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
        />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('account.loyalty.redeeming')}>{t('account.loyalty.redeem')}</SubmitButton>
        </div>
      </Form>
    </section>
  )
}
