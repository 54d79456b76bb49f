import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useLoaderData, useSearchParams } from 'react-router'
import { ErrorSummary, Field, FormErrors, FormStatus, SubmitButton, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#app/components/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, type UpstreamRefusal } from '#app/utils/forms.server.ts'
import { localeFromPath, localizePath, useLocale, useLocalePath } from '#app/utils/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey, refusedMoneyForm } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import { qrDataUri } from '#app/utils/qr.server.ts'
import type { Route } from './+types/deposit'
import * as styles from './layout.css.ts'
import { MethodNav } from './method-nav.tsx'
import * as money from './money.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The methods of the deposit page, each a URL (?method=…) and one processor of the casino API. */
const METHODS = ['altitudepay', 'moto', 'carespay', 'cashlib', 'crypto'] as const
type Method = (typeof METHODS)[number]
const isMethod = (value: unknown): value is Method => METHODS.includes(value as Method)

/** Card data never comes back in a page: after a refusal the player types them again. */
const CARD_SECRETS = ['cardNumber', 'cvv2']

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const url = new URL(args.request.url)
  const asked = url.searchParams.get('method')
  const method: Method = isMethod(asked) ? asked : 'altitudepay'
  const processors = await callUpstream(args, 'get_processors', {})
  if (!processors.ok) throw upstreamUnavailable()
  const coin = url.searchParams.get('coin') === 'USDT' ? 'USDT' : url.searchParams.get('coin') === 'BTC' ? 'BTC' : null
  let wallet = null
  if (method === 'crypto' && coin) {
    const generated = await callUpstream(args, 'generate_wallet', { currency: coin })
    if (!generated.ok) throw upstreamUnavailable()
    wallet = { ...generated.data, qr: await qrDataUri(generated.data.paymentUri) }
  }
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('money.deposit.title')),
    method,
    methods: processors.data.items.filter((p) => isMethod(p.key)),
    currency: player.balance.currency,
    actionKey: newActionKey(),
    wallet,
    // The form's constraints (crypto has no form: a coin is chosen by a link).
    constraint: method === 'crypto' ? null : formConstraint(`deposit-${method}`),
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const locale = localeFromPath(new URL(args.request.url).pathname)
  const formData = await args.request.formData()
  const method = formData.get('method')
  if (!isMethod(method) || method === 'crypto') throw data(null, { status: 400 })
  const submission = parseForm(`deposit-${method}`, formData, { locale })
  if (submission.status !== 'success') return invalidForm(submission, { hide: CARD_SECRETS })
  const idempotencyKey = actionKeyOf(formData)
  if (!idempotencyKey) return invalidForm(submission, { hide: CARD_SECRETS })
  const refused = (result: UpstreamRefusal) =>
    refusedMoneyForm(submission, result, {
      hide: CARD_SECRETS,
      fieldOf: { wrong_card_info: 'cardNumber', voucher_invalid: 'voucherCode' },
    })

  if (method === 'altitudepay' || method === 'moto') {
    const result =
      method === 'altitudepay'
        ? await callUpstream(args, 'altitudepay_deposit_processor', submission.value as never, { idempotencyKey })
        : await callUpstream(args, 'moto_deposit_processor', submission.value as never, { idempotencyKey })
    if (!result.ok) return refused(result)
    forgetPlayer(args)
    if (result.data.status === 'three_ds_required') {
      // The challenge is a page of this site; the casino API's URL only names the payment.
      throw redirect(`${localizePath(locale, '/threedsecure')}?reference=${encodeURIComponent(result.data.reference)}`)
    }
    return {
      result: submission.reply({ resetForm: true }),
      done: { kind: 'complete' as const, amount: result.data.transaction.amount },
    }
  }
  if (method === 'carespay') {
    const result = await callUpstream(args, 'carespay_deposit_processor', submission.value as never, { idempotencyKey })
    if (!result.ok) return refused(result)
    return {
      result: submission.reply({ resetForm: true }),
      done: {
        kind: 'bank' as const,
        amount: result.data.amount.amount,
        reference: result.data.reference,
        bank: result.data.bank,
      },
    }
  }
  const result = await callUpstream(args, 'cashlib_deposit_processor', submission.value as never, { idempotencyKey })
  if (!result.ok) return refused(result)
  forgetPlayer(args)
  return {
    result: submission.reply({ resetForm: true }),
    done: { kind: 'complete' as const, amount: result.data.transaction.amount },
  }
}

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const text = useMessageText()
  const { method, methods, currency, wallet } = loaderData
  const amountText = (cents: number) => formatMoney(cents, currency, locale)
  const limits = methods.find((m) => m.key === method)?.limits
  const done = actionData && 'done' in actionData ? actionData.done : null

  return (
    <>
      <h2 className={styles.panelHeading}>{t('money.deposit.heading')}</h2>
      <MethodNav
        label={t('money.deposit.methodsLabel')}
        path="/user-management/deposit"
        current={method}
        methods={methods.map((m) => ({ key: m.key, label: t(`money.methods.${m.key as Method}`) }))}
      />

      <section className={styles.block}>
        {done?.kind === 'complete' ? (
          <FormStatus>
            <p>{text(`deposit_complete?0=${encodeURIComponent(amountText(done.amount))}`)}</p>
          </FormStatus>
        ) : null}
        {done?.kind === 'bank' ? (
          <FormStatus>
            <p>{t('money.bank.pending', { amount: amountText(done.amount) })}</p>
            <dl className={money.details}>
              <dt>{t('money.bank.reference')}</dt>
              <dd>
                <strong>{done.reference}</strong>
              </dd>
              <dt>{t('money.bank.beneficiary')}</dt>
              <dd>{done.bank.beneficiaryName}</dd>
              <dt>IBAN</dt>
              <dd>{done.bank.iban.replace(/(.{4})/g, '$1 ').trim()}</dd>
              <dt>SWIFT / BIC</dt>
              <dd>{done.bank.swift}</dd>
              <dt>{t('money.bank.bankName')}</dt>
              <dd>{done.bank.bankName}</dd>
            </dl>
            <p>{t('money.bank.next')}</p>
          </FormStatus>
        ) : null}
        {limits ? (
          <p className={forms.intro}>
            {t('money.deposit.limits', { min: amountText(limits.min), max: amountText(limits.max) })}
          </p>
        ) : null}
        {method === 'crypto' ? (
          <CryptoDeposit wallet={wallet} />
        ) : (
          <DepositForm
            key={`${method}:${loaderData.actionKey}`}
            method={method}
            actionData={actionData}
            limits={limits ?? undefined}
          />
        )}
      </section>
    </>
  )
}

function DepositForm({
  method,
  actionData,
  limits,
}: {
  method: Exclude<Method, 'crypto'>
  actionData: Route.ComponentProps['actionData']
  limits: { min: number; max: number } | undefined
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { actionKey, currency, constraint } = useLoaderData<typeof loader>()
  const minimum = limits?.min
  const [form, fields] = useSchemaForm(`deposit-${method}`, {
    id: `deposit-${method}`,
    lastResult: actionData?.result,
    constraint: constraint ?? undefined,
    // A voucher's amount is the voucher's own, whatever the limits.
    amountLimits: limits && method !== 'cashlib' ? { refusal: 'amount_out_of_range', ...limits, currency } : undefined,
  })
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>
  const card = method === 'altitudepay' || method === 'moto'
  const minimumText =
    minimum === undefined ? undefined : t('money.deposit.minimum', { amount: formatMoney(minimum, currency, locale) })
  const amount = f.amount!
  const entries = [
    ...(card
      ? [
          { meta: f.holderName!, label: t('money.card.holderName') },
          { meta: f.cardNumber!, label: t('money.card.number') },
          { meta: f.month!, label: t('money.card.month') },
          { meta: f.year!, label: t('money.card.year') },
          { meta: f.cvv2!, label: t('money.card.cvv') },
        ]
      : []),
    ...(method === 'cashlib' ? [{ meta: f.voucherCode!, label: t('money.voucher.code') }] : []),
    { meta: amount, label: t('money.amount') },
  ]
  return (
    <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
      <ErrorSummary formId={form.id} lastResult={actionData?.result} entries={entries} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name={ACTION_KEY_FIELD} value={formActionKey(actionKey, actionData)} />
      {card ? (
        <>
          <Field meta={f.holderName!} label={t('money.card.holderName')} inputProps={{ autoComplete: 'cc-name' }} />
          <Field
            meta={f.cardNumber!}
            label={t('money.card.number')}
            help={actionData?.result?.status === 'error' ? t('money.card.typeAgain') : undefined}
            inputProps={{ autoComplete: 'cc-number', inputMode: 'numeric' }}
          />
          <div className={money.row}>
            <Field
              meta={f.month!}
              label={t('money.card.month')}
              inputProps={{
                autoComplete: 'cc-exp-month',
                inputMode: 'numeric',
                placeholder: t('money.card.monthPlaceholder'),
              }}
            />
            <Field
              meta={f.year!}
              label={t('money.card.year')}
              inputProps={{
                autoComplete: 'cc-exp-year',
                inputMode: 'numeric',
                placeholder: t('money.card.yearPlaceholder'),
              }}
            />
            <Field
              meta={f.cvv2!}
              label={t('money.card.cvv')}
              inputProps={{ autoComplete: 'cc-csc', inputMode: 'numeric' }}
            />
          </div>
        </>
      ) : null}
      {method === 'cashlib' ? (
        <Field
          meta={f.voucherCode!}
          label={t('money.voucher.code')}
          help={t('money.voucher.help')}
          inputProps={{ autoComplete: 'off' }}
        />
      ) : null}
      <Field
        meta={amount}
        label={method === 'cashlib' ? t('money.voucher.amount') : t('money.amount')}
        help={minimumText}
        inputProps={{ inputMode: 'decimal', placeholder: minimum === undefined ? undefined : String(minimum / 100) }}
      />
      {method === 'carespay' ? <p className={forms.note}>{t('money.bank.intro')}</p> : null}
      <div className={forms.actions}>
        <SubmitButton pendingLabel={t('money.deposit.submitting')}>{t('money.deposit.submit')}</SubmitButton>
      </div>
    </Form>
  )
}

function CryptoDeposit({ wallet }: { wallet: Route.ComponentProps['loaderData']['wallet'] }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const [params] = useSearchParams()
  return (
    <>
      <Form method="get" className={forms.form} preventScrollReset>
        <input type="hidden" name="method" value="crypto" />
        <fieldset className={forms.radioGroup}>
          <legend>{t('money.crypto.coin')}</legend>
          {(['BTC', 'USDT'] as const).map((coin) => (
            <label key={coin} className={money.radioLabel}>
              <input type="radio" name="coin" value={coin} defaultChecked={(params.get('coin') ?? 'BTC') === coin} />
              {t(`money.crypto.${coin}`)}
            </label>
          ))}
        </fieldset>
        <div className={forms.actions}>
          <button type="submit" className={money.secondaryButton}>
            {t('money.crypto.show')}
          </button>
        </div>
      </Form>
      {wallet ? (
        <div className={money.wallet}>
          <h3 className={styles.blockHeading}>{t(`money.crypto.${wallet.currency}`)}</h3>
          <p className={money.warning}>
            {t(wallet.currency === 'BTC' ? 'money.crypto.warnBtc' : 'money.crypto.warnUsdt')}
          </p>
          {/* The QR code is an SVG made on the server from the payment URI: no script, no third party. */}
          <img className={money.qr} src={wallet.qr} alt={t('money.crypto.qrAlt')} width={200} height={200} />
          <p className={money.address}>
            <span className="visually-hidden">{t('money.crypto.address')}: </span>
            <code>{wallet.address}</code>
          </p>
          <p className={forms.note}>{t('money.crypto.credit', { coin: wallet.currency })}</p>
          <p>
            <Link to={localePath('/user-management/transactions')}>{t('money.history.link')}</Link>
          </p>
        </div>
      ) : null}
    </>
  )
}
