import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Field, FormErrors, FormPage, SubmitButton, useClearPasswords, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { requireGuest } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { linkState } from '#app/utils/links.server.ts'
import { button } from '#ui/ui.css.ts'
import { localeFromPath, localizePath, useLocalePath } from '#ui/locale.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: 'robots', content: 'noindex' },
]

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args)
  // A used or expired link says so at once, not after two passwords were typed; asking does not
  // use the token.
  const state = await linkState(args, 'check_password_reset_token', args.params.token)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('auth.reset.title')),
    state,
    constraint: formConstraint('reset-password'),
  }
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args)
  const formData = await args.request.formData()
  // The token of the URL wins over anything posted.
  formData.set('token', args.params.token)
  const submission = parseForm('reset-password', formData)
  if (submission.status !== 'success') return invalidForm(submission)
  const { token, password } = submission.value
  const result = await callUpstream(args, 'confirm_password_reset', { token, password })
  if (!result.ok) return refusedForm(submission, result, { fieldOf: { reset_token_invalid: 'token' } })
  const locale = localeFromPath(new URL(args.request.url).pathname)
  return redirectWithToast(args, localizePath(locale, '/login'), { type: 'success', code: 'password_reset_done' })
}

export default function ResetPassword({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()
  const [form, fields] = useSchemaForm('reset-password', {
    id: 'reset-password',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { token: params.token },
  })
  useClearPasswords(form.id, actionData?.result)

  // A refused or malformed token: the form is useless, say so and offer a new link.
  const state = fields.token.errors?.length ? 'invalid' : loaderData.state
  if (state !== 'valid') {
    const heading =
      state === 'used'
        ? 'auth.reset.usedHeading'
        : state === 'expired'
          ? 'auth.reset.expiredHeading'
          : 'auth.reset.invalidHeading'
    const code =
      state === 'used' ? 'reset_link_used' : state === 'expired' ? 'reset_link_expired' : 'reset_token_invalid'
    return (
      <FormPage heading={t(heading)}>
        <div className={forms.formError}>
          <p>{text(code)}</p>
        </div>
        <div className={forms.actions}>
          <Link to={localePath('/forgot-password')} className={button.primary}>
            {t('auth.reset.askAgain')}
          </Link>
          <Link to={localePath('/login')} className={button.secondary}>
            {t('auth.reset.login')}
          </Link>
        </div>
      </FormPage>
    )
  }

  return (
    <FormPage heading={t('auth.reset.heading')} intro={t('auth.reset.intro')}>
      <Form method="post" {...getFormProps(form)} className={forms.form}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name={fields.token.name} value={params.token} />
        <Field
          meta={fields.password}
          type="password"
          label={t('auth.reset.password')}
          help={t('auth.reset.passwordHelp')}
          inputProps={{ autoComplete: 'new-password' }}
        />
        <Field
          meta={fields.confirmPassword}
          type="password"
          label={t('auth.reset.confirmPassword')}
          inputProps={{ autoComplete: 'new-password' }}
        />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('auth.reset.submitting')}>{t('auth.reset.submit')}</SubmitButton>
        </div>
      </Form>
    </FormPage>
  )
}
