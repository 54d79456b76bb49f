import { requestLocale } from '#app/utils/locale.server.ts'
import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useLoaderData, useSearchParams } from 'react-router'
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
import { formConstraint, parseForm, type FormName } from '#app/utils/form-validation.ts'
import { invalidForm } from '#app/utils/forms.server.ts'
import { localeFromPath, localizePath, useLocale, useLocalePath } from '#ui/locale.ts'
import { formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import { DEPOSIT_METHODS, type DepositKind, type DepositMethodKey, type MessageArg } from '#contract'
import { useCatalogue } from '#ui/use-catalogue.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey, refusedMoneyForm } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import { qrDataUri } from '#app/utils/qr.server.ts'
import type { Route } from './+types/deposit'
import * as styles from './layout.css.ts'
import { BonusCodeForm, RedeemForm } from './bonus-forms.tsx'
import { MethodNav } from './method-nav.tsx'
import * as money from './money.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/**
 * The page's methods: those the casino API offers (get_processors) that the contract describes
 * (DEPOSIT_METHODS), each a URL (?method=…). A method's form is its kind's: one form per kind.
 */
const methodOf = (value: unknown): DepositMethodKey | null =>
  typeof value === 'string' && Object.hasOwn(DEPOSIT_METHODS, value) ? (value as DepositMethodKey) : null

/** Card data never comes back in a page: after a refusal the player types them again. */
const CARD_SECRETS = ['cardNumber', 'cvv2']

/** The kinds whose form this page's action answers: those that make a payment. */
type PaymentKind = Extract<DepositKind, 'card' | 'bank_transfer' | 'voucher'>
const isPaymentKind = (kind: DepositKind): kind is PaymentKind =>
  kind === 'card' || kind === 'bank_transfer' || kind === 'voucher'
type PaymentMethodKey = {
  [K in DepositMethodKey]: (typeof DEPOSIT_METHODS)[K]['kind'] extends PaymentKind ? K : never
}[DepositMethodKey]
const paymentMethodOf = (method: DepositMethodKey | null) =>
  method && isPaymentKind(DEPOSIT_METHODS[method].kind) ? DEPOSIT_METHODS[method as PaymentMethodKey] : null

/**
 * Each kind's form: a payment's is this page's; a bonus code's and a loyalty redemption's are
 * their tabs' (bonus-forms.tsx), sent there. Crypto has none: a coin is chosen by a link.
 */
const FORM_OF_KIND = {
  card: 'deposit-card',
  bank_transfer: 'deposit-bank_transfer',
  voucher: 'deposit-voucher',
  bonus_code: 'bonus-code',
  loyalty: 'loyalty-redeem',
  crypto: null,
} as const satisfies Record<DepositKind, FormName | null>

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const url = new URL(args.request.url)
  const processors = await callUpstream(args, 'get_processors', {})
  if (!processors.ok) throw upstreamUnavailable()
  const methods = processors.data.items.flatMap((p) => {
    const key = methodOf(p.key)
    return key ? [{ ...p, key }] : []
  })
  const asked = methodOf(url.searchParams.get('method'))
  const method = methods.find((m) => m.key === asked)?.key ?? methods[0]?.key ?? 'altitudepay'
  const kind = DEPOSIT_METHODS[method].kind
  const coin = url.searchParams.get('coin') === 'USDT' ? 'USDT' : url.searchParams.get('coin') === 'BTC' ? 'BTC' : null
  let wallet = null
  /** A deposit limit used up gives no address (ADR 0061): the refusal is shown in its place. */
  let walletRefusal: { code: string; args: readonly MessageArg[] } | null = null
  // The deposit bonus the form offers to claim, in the casino API's figures; crypto deposits earn
  // none. Without the answer the form offers none (the deposit itself still works).
  const bonus = isPaymentKind(kind)
    ? await callUpstream(args, 'get_deposit_bonus_offer', { locale: requestLocale(args) })
    : null
  const bonusOffer = bonus?.ok ? bonus.data.offer : null
  // The points a redemption can take, at the programme's rate.
  const loyalty = kind === 'loyalty' ? await callUpstream(args, 'get_loyalty', { page: 1, pageSize: 1 }) : null
  if (loyalty && !loyalty.ok) throw upstreamUnavailable()
  if (kind === 'crypto' && coin) {
    const generated = await callUpstream(args, 'generate_wallet', { currency: coin })
    if (!generated.ok && generated.status >= 500) throw upstreamUnavailable()
    if (generated.ok) wallet = { ...generated.data, qr: await qrDataUri(generated.data.paymentUri) }
    else walletRefusal = { code: generated.code, args: generated.args ?? [] }
  }
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('money.deposit.title')),
    method,
    methods,
    currency: player.balance.currency,
    actionKey: newActionKey(),
    wallet,
    walletRefusal,
    bonusOffer,
    loyalty: loyalty?.ok ? loyalty.data : null,
    constraint: FORM_OF_KIND[kind] ? formConstraint(FORM_OF_KIND[kind]) : null,
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const locale = localeFromPath(new URL(args.request.url).pathname)
  const formData = await args.request.formData()
  const method = methodOf(formData.get('method'))
  const described = paymentMethodOf(method)
  if (!described) throw data(null, { status: 400 })
  const submission = parseForm(FORM_OF_KIND[described.kind], formData, { locale })
  if (submission.status !== 'success') return invalidForm(submission, { hide: CARD_SECRETS })
  const idempotencyKey = actionKeyOf(formData)
  if (!idempotencyKey) return invalidForm(submission, { hide: CARD_SECRETS })
  const result = await callUpstream(args, described.call, submission.value as never, { idempotencyKey })
  if (!result.ok)
    return refusedMoneyForm(submission, result, {
      hide: CARD_SECRETS,
      fieldOf: { wrong_card_info: 'cardNumber', voucher_invalid: 'voucherCode' },
    })
  const answer = result.data
  // A bank transfer is credited when it arrives: the player is given the details to send it.
  if (answer.status === 'pending')
    return {
      result: submission.reply({ resetForm: true }),
      done: { kind: 'bank' as const, amount: answer.amount.amount, reference: answer.reference, bank: answer.bank },
    }
  forgetPlayer(args)
  // The challenge is a page of this site; the casino API's URL only names the payment.
  if (answer.status === 'three_ds_required')
    throw redirect(`${localizePath(locale, '/threedsecure')}?reference=${encodeURIComponent(answer.reference)}`)
  return {
    result: submission.reply({ resetForm: true }),
    done: { kind: 'complete' as const, amount: answer.transaction.amount },
  }
}

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const text = useMessageText()
  const { method, methods, currency, wallet, walletRefusal } = loaderData
  const amountText = (cents: number) => formatMoney(cents, currency, locale)
  const limits = methods.find((m) => m.key === method)?.limits
  const kind = DEPOSIT_METHODS[method].kind
  const done = actionData && 'done' in actionData ? actionData.done : null

  return (
    <>
      <h2 className={styles.panelHeading}>{t('money.deposit.heading')}</h2>
      <MethodNav
        label={t('money.deposit.methodsLabel')}
        path="/user-management/deposit"
        current={method}
        methods={methods.map((m) => ({ key: m.key, label: t(`money.methods.${m.key}`) }))}
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
        {kind === 'crypto' ? (
          <CryptoDeposit method={method} wallet={wallet} refusal={walletRefusal} />
        ) : kind === 'bonus_code' ? (
          <>
            <p className={forms.intro}>{t('money.deposit.bonusCodeIntro')}</p>
            <BonusCodeForm
              lastResult={undefined}
              constraint={loaderData.constraint ?? {}}
              actionKey={loaderData.actionKey}
            />
          </>
        ) : kind === 'loyalty' && loaderData.loyalty ? (
          <>
            <p className={forms.intro}>
              {loaderData.loyalty.redeemable.amount > 0
                ? t('money.deposit.loyaltyIntro', {
                    points: formatNumber(loaderData.loyalty.points, locale),
                    amount: amountText(loaderData.loyalty.redeemable.amount),
                  })
                : t('money.deposit.loyaltyIntroBelow', {
                    points: formatNumber(loaderData.loyalty.points, locale),
                    min: formatNumber(loaderData.loyalty.minRedeemPoints, locale),
                  })}
            </p>
            <RedeemForm
              lastResult={undefined}
              constraint={loaderData.constraint ?? {}}
              actionKey={loaderData.actionKey}
              loyalty={loaderData.loyalty}
            />
          </>
        ) : isPaymentKind(kind) ? (
          <DepositForm
            key={`${method}:${loaderData.actionKey}`}
            method={method}
            kind={kind}
            actionData={actionData}
            limits={limits ?? undefined}
          />
        ) : null}
      </section>
    </>
  )
}

/** The form of a kind of method: its fields are the kind's (DEPOSIT_FORM_PARAMS). */
function DepositForm({
  method,
  kind,
  actionData,
  limits,
}: {
  method: DepositMethodKey
  kind: PaymentKind
  actionData: Route.ComponentProps['actionData']
  limits: { min: number; max: number } | undefined
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { actionKey, currency, constraint, bonusOffer } = useLoaderData<typeof loader>()
  const moneyText = (cents: number) => formatMoney(cents, currency, locale)
  const minimum = limits?.min
  const [form, fields] = useSchemaForm(FORM_OF_KIND[kind], {
    id: `deposit-${method}`,
    lastResult: actionData?.result,
    constraint: constraint ?? undefined,
    // A voucher's amount is the voucher's own, whatever the limits.
    amountLimits: limits && kind !== 'voucher' ? { refusal: 'amount_out_of_range', ...limits, currency } : undefined,
  })
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>
  const card = kind === 'card'
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
    ...(kind === 'voucher' ? [{ meta: f.voucherCode!, label: t('money.voucher.code') }] : []),
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
      {kind === 'voucher' ? (
        <Field
          meta={f.voucherCode!}
          label={t('money.voucher.code')}
          help={t('money.voucher.help')}
          inputProps={{ autoComplete: 'off' }}
        />
      ) : null}
      <Field
        meta={amount}
        label={kind === 'voucher' ? t('money.voucher.amount') : t('money.amount')}
        help={minimumText}
        inputProps={{ inputMode: 'decimal', placeholder: minimum === undefined ? undefined : String(minimum / 100) }}
      />
      {bonusOffer && bonusOffer.percent !== null ? (
        <CheckboxField
          meta={f.claimBonus!}
          label={
            bonusOffer.maxBonus === null
              ? t('money.deposit.bonusClaimNoMax', { name: bonusOffer.name, percent: bonusOffer.percent })
              : t('money.deposit.bonusClaim', {
                  name: bonusOffer.name,
                  percent: bonusOffer.percent,
                  max: moneyText(bonusOffer.maxBonus),
                })
          }
          help={[
            bonusOffer.minDeposit === null
              ? null
              : t('money.deposit.bonusMinimum', { amount: moneyText(bonusOffer.minDeposit) }),
            t('money.deposit.bonusWagering', {
              times: bonusOffer.wageringMultiplier,
              days: bonusOffer.validityDays,
            }),
          ]
            .filter(Boolean)
            .join(' ')}
        />
      ) : null}
      {bonusOffer ? (
        <Field
          meta={f.promoCode!}
          label={t('money.deposit.promoCode')}
          help={t('money.deposit.promoCodeHelp')}
          inputProps={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }}
        />
      ) : null}
      {kind === 'bank_transfer' ? <p className={forms.note}>{t('money.bank.intro')}</p> : null}
      <div className={forms.actions}>
        <SubmitButton pendingLabel={t('money.deposit.submitting')}>{t('money.deposit.submit')}</SubmitButton>
      </div>
    </Form>
  )
}

function CryptoDeposit({
  method,
  wallet,
  refusal,
}: {
  method: DepositMethodKey
  wallet: Route.ComponentProps['loaderData']['wallet']
  refusal: Route.ComponentProps['loaderData']['walletRefusal']
}) {
  const { t } = useTranslation()
  const catalogue = useCatalogue()
  const localePath = useLocalePath()
  const [params] = useSearchParams()
  return (
    <>
      <Form method="get" className={forms.form} preventScrollReset>
        <input type="hidden" name="method" value={method} />
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
      {refusal ? (
        <p role="alert" className={money.warning}>
          {catalogue(refusal.code, refusal.args)}
        </p>
      ) : null}
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
