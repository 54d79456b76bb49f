import { requestLocale } from '#app/utils/locale.server.ts'
import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import {
  CheckboxField,
  ErrorSummary,
  Field,
  FormErrors,
  FormStatus,
  SubmitButton,
  useMessageText,
} from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusalStatus, replyFromUpstream } from '#app/utils/forms.server.ts'
import { localeFromPath, useLocale, useLocalePath } from '#ui/locale.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { SmartLink } from '#app/components/smart-link.tsx'
import { WITHDRAWAL_METHODS, type WithdrawalMethodKey } from '#contract'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey, refusedMoneyForm } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import type { Route } from './+types/withdrawal'
import * as styles from './layout.css.ts'
import { MethodNav } from './method-nav.tsx'
import * as money from './money.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** A withdrawal method of the contract (WITHDRAWAL_METHODS), each with its form; bank transfer when none is asked. */
const methodOf = (value: unknown): WithdrawalMethodKey =>
  typeof value === 'string' && Object.hasOwn(WITHDRAWAL_METHODS, value)
    ? (value as WithdrawalMethodKey)
    : 'bank_transfer'

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const method = methodOf(new URL(args.request.url).searchParams.get('method'))
  const [processors, bonuses] = await Promise.all([
    callUpstream(args, 'get_withdrawal_processors', {}),
    callUpstream(args, 'get_player_bonuses', { locale: requestLocale(args) }),
  ])
  if (!processors.ok) throw upstreamUnavailable()
  // The active bonus a withdrawal forfeits, told before the player sends the form. Without the
  // list the page still works: the casino API asks for the confirmation itself.
  const active = bonuses.ok ? bonuses.data.items.find((b) => b.status === 'active') : undefined
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('money.withdrawal.title')),
    method,
    ...processors.data,
    activeBonus: active ? { name: active.name, granted: active.granted.amount, balance: player.balance.bonus } : null,
    actionKey: newActionKey(),
    constraint: formConstraint(`withdrawal-${method}`),
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const formData = await args.request.formData()
  const submission = parseForm(`withdrawal-${methodOf(formData.get('method'))}`, formData, {
    locale: localeFromPath(new URL(args.request.url).pathname),
  })
  if (submission.status !== 'success') return invalidForm(submission)
  const idempotencyKey = actionKeyOf(formData)
  if (!idempotencyKey) return invalidForm(submission)
  const result = await callUpstream(args, 'send_withdrawal_request', submission.value, { idempotencyKey })
  // The casino API asks the player to confirm that the withdrawal forfeits the active bonus: the
  // form comes back with the input kept, the message and the confirmation box.
  if (!result.ok && result.code === 'bonus_forfeit_required')
    return data(
      { result: replyFromUpstream(submission, result), actionKey: newActionKey(), forfeitAsked: true },
      { status: refusalStatus(result) },
    )
  if (!result.ok)
    return refusedMoneyForm(submission, result, {
      fieldOf: { amount_too_big: 'amount', amount_below_minimum: 'amount', limit_exceeded: 'amount' },
    })
  forgetPlayer(args)
  return {
    result: submission.reply({ resetForm: true }),
    sent: { amount: -result.data.transaction.amount, verificationDueAt: result.data.verificationDueAt },
  }
}

export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { method, items, wagering, withdrawable, currency } = loaderData
  const amountText = (cents: number) => formatMoney(cents, currency, locale)
  const limits = items.find((i) => i.key === method)?.limits
  const sent = actionData && 'sent' in actionData ? actionData.sent : null
  const { activeBonus } = loaderData
  // The confirmation box: when the page knows of an active bonus, or the casino API asked for it.
  const askForfeit = !sent && (!!activeBonus || (!!actionData && 'forfeitAsked' in actionData))
  const [form, fields] = useSchemaForm(`withdrawal-${method}`, {
    id: `withdrawal-${method}`,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    amountLimits: limits ? { refusal: 'amount_below_minimum', min: limits.min, currency } : undefined,
  })
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>
  const bankFields = [
    ['iban', t('money.withdrawal.iban'), 'off'],
    ['beneficiaryName', t('money.withdrawal.beneficiaryName'), 'name'],
    ['swift', t('money.withdrawal.swift'), 'off'],
    ['bankName', t('money.withdrawal.bankName'), 'off'],
    ['zipCode', t('money.withdrawal.zipCode'), 'postal-code'],
    ['address', t('money.withdrawal.address'), 'street-address'],
  ] as const
  const remaining = Math.max(0, wagering.required - wagering.done)

  return (
    <>
      <h2 className={styles.panelHeading}>{t('money.withdrawal.heading')}</h2>
      <MethodNav
        label={t('money.withdrawal.methodsLabel')}
        path="/user-management/withdrawal"
        current={method}
        methods={items.map(({ key }) => ({ key, label: t(`money.withdrawal.methods.${key}`) }))}
      />
      <section className={styles.block}>
        {sent ? (
          <FormStatus>
            <p>
              <strong>{t('money.withdrawal.sentHeading')}</strong>
            </p>
            <p>{t('money.withdrawal.sent', { amount: amountText(sent.amount) })}</p>
            <p>{t('money.withdrawal.review')}</p>
            {sent.verificationDueAt ? (
              <p>
                {t('money.withdrawal.verificationWaits', { date: formatDateTime(sent.verificationDueAt) })}{' '}
                <SmartLink to={localePath('/user-management/verification')}>
                  {t('money.withdrawal.verificationLink')}
                </SmartLink>
              </p>
            ) : null}
          </FormStatus>
        ) : null}
        <dl className={money.details}>
          <dt>{t('money.withdrawal.withdrawable')}</dt>
          <dd>{amountText(withdrawable)}</dd>
          {limits ? (
            <>
              <dt>{t('money.withdrawal.limits')}</dt>
              <dd>{t('money.withdrawal.limitsText', { min: amountText(limits.min), max: amountText(limits.max) })}</dd>
            </>
          ) : null}
          <dt>{t('money.withdrawal.wagering')}</dt>
          <dd>
            {wagering.met
              ? t('money.withdrawal.wageringMet')
              : t('money.withdrawal.wageringLeft', { amount: amountText(remaining) })}
          </dd>
        </dl>
        {!wagering.met ? <p className={money.warning}>{text('more_bets_needed')}</p> : null}
        {activeBonus && !sent ? (
          <section aria-labelledby="withdrawal-bonus-heading" className={money.warning}>
            <h3 id="withdrawal-bonus-heading">{t('money.withdrawal.bonusHeading')}</h3>
            <p>
              {t('money.withdrawal.bonusActive', {
                name: activeBonus.name,
                amount: amountText(activeBonus.granted),
                balance: amountText(activeBonus.balance),
              })}
            </p>
          </section>
        ) : null}
        <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
          <ErrorSummary
            formId={form.id}
            lastResult={actionData?.result}
            entries={[
              ...(method === 'bank_transfer'
                ? bankFields.map(([name, label]) => ({ meta: f[name]!, label }))
                : [{ meta: f.walletAddress!, label: t('money.withdrawal.walletAddress') }]),
              { meta: f.amount!, label: t('money.amount') },
              ...(askForfeit ? [{ meta: f.forfeitBonus!, label: t('money.withdrawal.forfeitConfirm') }] : []),
            ]}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="method" value={method} />
          <input type="hidden" name={ACTION_KEY_FIELD} value={formActionKey(loaderData.actionKey, actionData)} />
          {method === 'bank_transfer' ? (
            bankFields.map(([name, label, autoComplete]) => (
              <Field key={name} meta={f[name]!} label={label} inputProps={{ autoComplete }} />
            ))
          ) : (
            <Field
              meta={f.walletAddress!}
              label={t('money.withdrawal.walletAddress')}
              help={t('money.withdrawal.walletHelp')}
              inputProps={{ autoComplete: 'off', spellCheck: false }}
            />
          )}
          <Field
            meta={f.amount!}
            label={t('money.amount')}
            help={limits ? t('money.deposit.minimum', { amount: amountText(limits.min) }) : undefined}
            inputProps={{ inputMode: 'decimal', placeholder: limits ? String(limits.min / 100) : undefined }}
          />
          {askForfeit ? <CheckboxField meta={f.forfeitBonus!} label={t('money.withdrawal.forfeitConfirm')} /> : null}
          <div className={forms.actions}>
            <SubmitButton pendingLabel={t('money.withdrawal.submitting')}>{t('money.withdrawal.submit')}</SubmitButton>
          </div>
        </Form>
      </section>
    </>
  )
}
