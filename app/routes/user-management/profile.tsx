import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import {
  CheckboxField,
  ErrorSummary,
  Field,
  FormErrors,
  SelectField,
  SubmitButton,
  useClearPasswords,
} from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { getSession } from '#app/utils/session.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { packedCountryOptions, unpackCountryOptions } from '#app/utils/countries.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { describeLogin } from '#app/utils/logins.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/profile'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

// What the page shows and edits of the player: no balance, ids or flags go to the browser.
const PROFILE_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'birthday',
  'email',
  'phone',
  'address',
  'postalCode',
  'city',
  'country',
  'language',
  'newsletter',
] as const

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, player[field]])) as Pick<
    typeof player,
    (typeof PROFILE_FIELDS)[number]
  >
  // The log-in before this session's, as the log-in answered it (kept in the session): one the
  // player did not make shows here, without another call to the casino API.
  // A session opened before the log-in kept it has none to show (undefined).
  const previousLogin = (await getSession(args.request)).get('previousLogin')
  const locale = requestLocale(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.profile.title')),
    profile,
    previousLogin: previousLogin ? describeLogin(previousLogin, locale) : previousLogin,
    // Named on the server and packed (see countries.ts).
    countries: packedCountryOptions(locale),
    constraint: formConstraint('profile'),
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const submission = parseForm('profile', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  const result = await callUpstream(args, 'update_profile', submission.value)
  if (!result.ok) return refusedForm(submission, result, { fieldOf: { old_password_wrong: 'currentPassword' } })
  // Post/redirect/get: a reload does not post again, and the page shows what was saved. A new
  // e-mail address is only saved once the link sent to it is opened: the toast says where it went.
  if (result.data.message === 'email_change_sent') {
    return redirectWithToast(args, '/user-management/profile', {
      type: 'success',
      code: 'email_change_sent',
      args: [result.data.pendingEmail ?? submission.value.email],
    })
  }
  return redirectWithToast(args, '/user-management/profile', { type: 'success', code: 'profile_updated' })
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { profile } = loaderData
  const [form, fields] = useSchemaForm('profile', {
    id: 'profile',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: {
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      postalCode: profile.postalCode,
      city: profile.city,
      country: profile.country,
      language: profile.language,
      newsletter: profile.newsletter ? 'on' : undefined,
    },
  })
  // A refused current password is emptied with JavaScript too, as the answer page shows it without.
  useClearPasswords(form.id, actionData?.result)
  const languages = [
    { value: 'es', label: t('common.language.es') },
    { value: 'en', label: t('common.language.en') },
  ]

  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.profile.heading')}</h2>

      {/* The form starts above the fixed details, so that its error summary does too: a page
          answered without JavaScript opens at the top, and a phone shows it on its first screen. */}
      <Form method="post" {...getFormProps(form)} className={forms.form}>
        <ErrorSummary
          formId={form.id}
          lastResult={actionData?.result}
          entries={[
            { meta: fields.email, label: t('account.profile.email') },
            { meta: fields.currentPassword, label: t('account.profile.currentPassword') },
            { meta: fields.phone, label: t('account.profile.phone') },
            { meta: fields.language, label: t('account.profile.language') },
            { meta: fields.address, label: t('account.profile.address') },
            { meta: fields.postalCode, label: t('account.profile.postalCode') },
            { meta: fields.city, label: t('account.profile.city') },
            { meta: fields.country, label: t('account.profile.country') },
            { meta: fields.newsletter, label: t('account.profile.newsletter') },
          ]}
        />
        <section aria-labelledby="profile-fixed" className={styles.block}>
          <h3 id="profile-fixed" className={styles.blockHeading}>
            {t('account.profile.fixedHeading')}
          </h3>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('account.profile.username')}</dt>
              <dd>{profile.username}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('account.profile.firstName')}</dt>
              <dd>{profile.firstName}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('account.profile.lastName')}</dt>
              <dd>{profile.lastName}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('account.profile.birthday')}</dt>
              {/* Dates are shown as YYYY.MM.DD everywhere on the site. */}
              <dd>{profile.birthday.replaceAll('-', '.')}</dd>
            </div>
            {loaderData.previousLogin === undefined ? null : (
              <div className={styles.fact}>
                <dt>{t('account.profile.previousLogin')}</dt>
                <dd>
                  {loaderData.previousLogin
                    ? t('account.profile.previousLoginText', loaderData.previousLogin)
                    : t('account.profile.noPreviousLogin')}
                </dd>
              </div>
            )}
          </dl>
          <p className={forms.note}>{t('account.profile.usernameNote')}</p>
          <p className={forms.note}>{t('account.profile.personalNote')}</p>
        </section>

        <section aria-labelledby="profile-edit" className={styles.block}>
          <h3 id="profile-edit" className={styles.blockHeading}>
            {t('account.profile.editHeading')}
          </h3>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className={forms.grid}>
            {/* The current password right beside the e-mail it guards (needed only to change it). */}
            <Field
              meta={fields.email}
              type="email"
              label={t('account.profile.email')}
              inputProps={{ autoComplete: 'email' }}
            />
            <Field
              meta={fields.currentPassword}
              type="password"
              label={t('account.profile.currentPassword')}
              help={t('account.profile.currentPasswordHelp')}
              inputProps={{ autoComplete: 'current-password' }}
            />
            <Field
              meta={fields.phone}
              type="tel"
              label={t('account.profile.phone')}
              inputProps={{ autoComplete: 'tel' }}
            />
            <SelectField
              meta={fields.language}
              label={t('account.profile.language')}
              options={languages}
              help={t('account.profile.languageHelp')}
            />
            <Field
              meta={fields.address}
              label={t('account.profile.address')}
              inputProps={{ autoComplete: 'street-address' }}
              className={forms.full}
            />
            <Field
              meta={fields.postalCode}
              label={t('account.profile.postalCode')}
              inputProps={{ autoComplete: 'postal-code' }}
            />
            <Field
              meta={fields.city}
              label={t('account.profile.city')}
              inputProps={{ autoComplete: 'address-level2' }}
            />
            <SelectField
              meta={fields.country}
              label={t('account.profile.country')}
              options={unpackCountryOptions(loaderData.countries)}
              longList
              selectProps={{ autoComplete: 'country' }}
            />
          </div>
          <CheckboxField meta={fields.newsletter} label={t('account.profile.newsletter')} />
          <div className={forms.actions}>
            <SubmitButton pendingLabel={t('account.profile.submitting')}>{t('account.profile.submit')}</SubmitButton>
          </div>
        </section>
      </Form>
    </>
  )
}
