import { getFormProps } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, data, useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router'
import { ValidatePlayerNameParams } from '#contract'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import {
  CheckboxField,
  ErrorSummary,
  Field,
  FormErrors,
  FormPage,
  FormStatus,
  RadioGroupField,
  SelectField,
  SubmitButton,
  useClearPasswords,
  useMessageText,
} from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { refuseUncheckedAccess, siteAccessContext, visitorCountry } from '#app/middleware/access.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { requireGuest } from '#app/utils/auth.server.ts'
import { packedCountryOptions, unpackCountryOptions } from '#app/utils/countries.ts'
import { invalidForm, refusalStatus, refusedForm } from '#app/utils/forms.server.ts'
import { encodeMessage } from '#app/utils/form-messages.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { SmartLink } from '#app/components/smart-link.tsx'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/register'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const CHECK_USERNAME = 'check-username'
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/

// Shown next to the currency confirmation when the casino API does not answer its settings.
const DEFAULT_CURRENCY = { currency: 'EUR' } as const

const currencyNames = new Map<string, string>()

/**
 * The currency's name as a sentence uses it ('euros', 'Indian rupees'), in the page's language;
 * remembered per locale and currency (a number format costs more than the rest of the loader).
 */
function currencyName(currency: string, locale: string) {
  const key = `${locale}:${currency}`
  let name = currencyNames.get(key)
  if (name === undefined) {
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'name',
      }).formatToParts(2)
      name = parts.find((part) => part.type === 'currency')?.value ?? currency
    } catch {
      name = currency
    }
    currencyNames.set(key, name)
  }
  return name
}

/** The latest day someone born on it is 18 today (the date input's max). */
function latestBirthday(today = new Date()) {
  const d = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()))
  return d.toISOString().slice(0, 10)
}

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args)
  // The root's access middleware already read the settings and the visitor's country (the one
  // value of this page that differs between visitors: the page cache keeps it per country).
  const { settings } = args.context.get(siteAccessContext)
  const { currency } = settings ?? DEFAULT_CURRENCY
  const country = visitorCountry(args.context)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('auth.register.title')),
    currency,
    // Named on the server, like the countries, so that the browser's ICU cannot differ.
    currencyName: currencyName(currency, requestLocale(args)),
    country,
    // Named on the server and packed (see countries.ts).
    countries: packedCountryOptions(requestLocale(args)),
    constraint: formConstraint('register'),
    // A referral link's code (/register?ref=CODE, ADR 0057), kept through the form as a hidden field.
    referralCode: referralCodeOf(new URL(args.request.url).searchParams.get('ref')),
  }
}

/** The ?ref= code as the form carries it: letters and digits, at most 32 (else none). */
const referralCodeOf = (value: string | null) => {
  const code = value?.trim() ?? ''
  return /^[A-Za-z0-9]{1,32}$/.test(code) ? code : undefined
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args)
  const formData = await args.request.formData()

  // The availability check on blur (a fetcher, JavaScript only): answers the check, never an error page.
  if (formData.get('intent') === CHECK_USERNAME) {
    const parsed = ValidatePlayerNameParams.safeParse({ username: formData.get('username') })
    if (!parsed.success)
      return data({ check: { username: String(formData.get('username') ?? ''), available: null } }, { status: 400 })
    const answer = await callUpstream(args, 'validate_player_name', parsed.data)
    if (!answer.ok) {
      // Too many checks: say so beside the field (other refusals just leave the check unanswered).
      const refusal = answer.status === 429 ? encodeMessage(answer.code, answer.args) : undefined
      return data(
        { check: { username: parsed.data.username, available: null, refusal } },
        { status: refusalStatus(answer) },
      )
    }
    return { check: { username: parsed.data.username, available: answer.data.available } }
  }

  const submission = parseForm('register', formData)
  if (submission.status !== 'success') return invalidForm(submission)
  const closed = refuseUncheckedAccess(args, submission)
  if (closed) return closed
  const { confirmPassword: _, ...params } = submission.value
  const result = await callUpstream(args, 'register_player', params)
  if (!result.ok) return refusedForm(submission, result)
  // A success view on this page (with and without JavaScript), not a redirect with a toast:
  // the player must read where the activation link went, which a passing toast does not allow.
  return { created: { email: params.email, activationRequired: result.data.activationRequired } }
}

// The availability check must not reload the page's data.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === CHECK_USERNAME ? false : defaultShouldRevalidate
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined
  const [form, fields] = useSchemaForm('register', {
    id: 'register',
    lastResult,
    constraint: loaderData.constraint,
    defaultValue: {
      language: locale,
      currency: loaderData.currency,
      country: loaderData.country,
      referralCode: loaderData.referralCode,
    },
  })
  useClearPasswords(form.id, lastResult)

  const check = useFetcher<typeof action>()
  const [checked, setChecked] = useState('')
  const lastCheck = check.data && 'check' in check.data ? check.data.check : undefined
  const checkUsername = (value: string) => {
    const username = value.trim()
    setChecked(username)
    if (!USERNAME_PATTERN.test(username) || lastCheck?.username === username) return
    check.submit({ intent: CHECK_USERNAME, username }, { method: 'post' })
  }
  const availability =
    check.state === 'idle' && lastCheck && lastCheck.username === checked && !fields.username.errors
      ? lastCheck.available
      : null
  const checkRefusal =
    check.state === 'idle' &&
    lastCheck &&
    lastCheck.username === checked &&
    'refusal' in lastCheck &&
    typeof lastCheck.refusal === 'string'
      ? lastCheck.refusal
      : undefined

  if (actionData && 'created' in actionData && actionData.created) {
    const { email, activationRequired } = actionData.created
    return (
      <FormPage heading={t('auth.register.doneHeading')}>
        <FormStatus>
          <p>{text('player_created')}</p>
          <p>{activationRequired ? t('auth.register.activationSent', { email }) : t('auth.register.noActivation')}</p>
        </FormStatus>
        <p className={forms.links}>
          {activationRequired ? (
            <Link to={localePath('/')}>{t('auth.register.home')}</Link>
          ) : (
            <Link to={localePath('/login')}>{t('auth.register.login')}</Link>
          )}
        </p>
      </FormPage>
    )
  }

  const languages = [
    { value: 'es', label: t('common.language.es') },
    { value: 'en', label: t('common.language.en') },
  ]

  return (
    <FormPage heading={t('auth.register.heading')} intro={t('auth.register.intro')} wide>
      <Form method="post" {...getFormProps(form)} className={forms.form}>
        <ErrorSummary
          formId={form.id}
          lastResult={lastResult}
          entries={[
            { meta: fields.username, label: t('auth.register.username') },
            { meta: fields.email, label: t('auth.register.email') },
            { meta: fields.password, label: t('auth.register.password') },
            { meta: fields.confirmPassword, label: t('auth.register.confirmPassword') },
            { meta: fields.phone, label: t('auth.register.phone') },
            { meta: fields.promoCode, label: t('auth.register.promoCode') },
            { meta: fields.firstName, label: t('auth.register.firstName') },
            { meta: fields.lastName, label: t('auth.register.lastName') },
            { meta: fields.gender, label: t('auth.register.gender') },
            { meta: fields.birthday, label: t('auth.register.birthday') },
            { meta: fields.address, label: t('auth.register.address') },
            { meta: fields.postalCode, label: t('auth.register.postalCode') },
            { meta: fields.city, label: t('auth.register.city') },
            { meta: fields.country, label: t('auth.register.country') },
            { meta: fields.language, label: t('auth.register.language') },
            { meta: fields.ageConfirmed, label: t('auth.register.ageConfirmed') },
            { meta: fields.termsAccepted, label: t('auth.register.termsAccepted') },
            {
              meta: fields.currencyConfirmed,
              label: t('auth.register.currencyConfirmed', {
                currency: loaderData.currency,
                name: loaderData.currencyName,
              }),
            },
          ]}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        {fields.referralCode.initialValue ? (
          <input type="hidden" name={fields.referralCode.name} value={String(fields.referralCode.initialValue)} />
        ) : null}

        <fieldset className={forms.section}>
          <legend className={forms.sectionTitle}>{t('auth.register.sections.account')}</legend>
          <div className={forms.grid}>
            <Field
              meta={fields.username}
              label={t('auth.register.username')}
              help={t('auth.register.usernameHelp')}
              describedBy={availability === null && !checkRefusal ? undefined : `${fields.username.id}-availability`}
              inputProps={{
                autoComplete: 'username',
                autoCapitalize: 'none',
                spellCheck: false,
                onBlur: (e) => checkUsername(e.currentTarget.value),
              }}
            >
              <p id={`${fields.username.id}-availability`} className={forms.note} aria-live="polite">
                {check.state !== 'idle' ? t('auth.register.checkingUsername') : null}
                {availability === true ? <span className={forms.ok}>{text('username_available')}</span> : null}
                {availability === false ? <span className={forms.bad}>{text('username_taken')}</span> : null}
                {checkRefusal ? <span className={forms.bad}>{text(checkRefusal)}</span> : null}
              </p>
            </Field>
            <Field
              meta={fields.email}
              type="email"
              label={t('auth.register.email')}
              inputProps={{ autoComplete: 'email' }}
            />
            <Field
              meta={fields.password}
              type="password"
              label={t('auth.register.password')}
              help={t('auth.register.passwordHelp')}
              inputProps={{ autoComplete: 'new-password' }}
            />
            <Field
              meta={fields.confirmPassword}
              type="password"
              label={t('auth.register.confirmPassword')}
              inputProps={{ autoComplete: 'new-password' }}
            />
            <Field
              meta={fields.phone}
              type="tel"
              label={t('auth.register.phone')}
              help={t('auth.register.phoneHelp')}
              inputProps={{ autoComplete: 'tel' }}
            />
            <Field
              meta={fields.promoCode}
              label={t('auth.register.promoCode')}
              inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }}
            />
          </div>
        </fieldset>

        <fieldset className={forms.section}>
          <legend className={forms.sectionTitle}>{t('auth.register.sections.personal')}</legend>
          <div className={forms.grid}>
            <Field
              meta={fields.firstName}
              label={t('auth.register.firstName')}
              inputProps={{ autoComplete: 'given-name' }}
            />
            <Field
              meta={fields.lastName}
              label={t('auth.register.lastName')}
              inputProps={{ autoComplete: 'family-name' }}
            />
            <RadioGroupField
              meta={fields.gender}
              legend={t('auth.register.gender')}
              options={[
                { value: 'male', label: t('auth.register.male') },
                { value: 'female', label: t('auth.register.female') },
              ]}
            />
            <Field
              meta={fields.birthday}
              type="date"
              label={t('auth.register.birthday')}
              inputProps={{ autoComplete: 'bday', max: latestBirthday(), min: '1900-01-01' }}
            />
          </div>
        </fieldset>

        <fieldset className={forms.section}>
          <legend className={forms.sectionTitle}>{t('auth.register.sections.address')}</legend>
          <div className={forms.grid}>
            <Field
              meta={fields.address}
              label={t('auth.register.address')}
              inputProps={{ autoComplete: 'street-address' }}
              className={forms.full}
            />
            <Field
              meta={fields.postalCode}
              label={t('auth.register.postalCode')}
              inputProps={{ autoComplete: 'postal-code' }}
            />
            <Field meta={fields.city} label={t('auth.register.city')} inputProps={{ autoComplete: 'address-level2' }} />
            <SelectField
              meta={fields.country}
              label={t('auth.register.country')}
              options={unpackCountryOptions(loaderData.countries)}
              longList
              placeholder={t('auth.register.countryPlaceholder')}
              selectProps={{ autoComplete: 'country' }}
            />
            <SelectField meta={fields.language} label={t('auth.register.language')} options={languages} />
          </div>
        </fieldset>

        <fieldset className={forms.section}>
          <legend className={forms.sectionTitle}>{t('auth.register.sections.confirmations')}</legend>
          <p className={forms.currency}>
            <span>{t('auth.register.currency')}</span>{' '}
            <strong>
              {t('auth.register.currencyValue', { currency: loaderData.currency, name: loaderData.currencyName })}
            </strong>
          </p>
          <input type="hidden" name={fields.currency.name} value={loaderData.currency} />
          <CheckboxField meta={fields.newsletter} label={t('auth.register.newsletter')} />
          <CheckboxField meta={fields.ageConfirmed} label={t('auth.register.ageConfirmed')} />
          <CheckboxField
            meta={fields.termsAccepted}
            label={t('auth.register.termsAccepted')}
            help={
              <>
                {t('auth.register.termsHelp')}{' '}
                <SmartLink to={localePath('/terms')} target="_blank">
                  {t('content.nav.terms')}
                  <span className="visually-hidden"> {t('auth.register.newTab')}</span>
                </SmartLink>
                {' · '}
                <SmartLink to={localePath('/privacy')} target="_blank">
                  {t('content.nav.privacy')}
                  <span className="visually-hidden"> {t('auth.register.newTab')}</span>
                </SmartLink>
              </>
            }
          />
          <CheckboxField
            meta={fields.currencyConfirmed}
            label={t('auth.register.currencyConfirmed', {
              currency: loaderData.currency,
              name: loaderData.currencyName,
            })}
          />
        </fieldset>

        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('auth.register.submitting')}>{t('auth.register.submit')}</SubmitButton>
        </div>
        <p className={forms.links}>
          {t('auth.register.haveAccount')} <Link to={localePath('/login')}>{t('auth.register.login')}</Link>
        </p>
      </Form>
    </FormPage>
  )
}
