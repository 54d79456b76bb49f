import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Field, FormErrors, FormPage, FormStatus, SubmitButton, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { requireGuest } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/resend-activation'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: 'robots', content: 'noindex' },
]

/**
 * A new activation e-mail, asked by username or e-mail address: reached from the login error
 * "not active yet" (which passes the username as ?login=) and from a used or expired link.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args)
  const login = new URL(args.request.url).searchParams.get('login')?.slice(0, 254) ?? ''
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('auth.resend.title')),
    login,
    constraint: formConstraint('resend-activation'),
  }
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args)
  const submission = parseForm('resend-activation', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  const result = await callUpstream(args, 'resend_activation', submission.value)
  if (!result.ok) return refusedForm(submission, result)
  return { sent: true as const }
}

export default function ResendActivation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()
  const [form, fields] = useSchemaForm('resend-activation', {
    id: 'resend-activation',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    constraint: loaderData.constraint,
    defaultValue: { login: loaderData.login },
  })

  if (actionData && 'sent' in actionData) {
    return (
      <FormPage heading={t('auth.resend.sentHeading')}>
        <FormStatus>
          <p>{text('activation_resent')}</p>
        </FormStatus>
        <p className={forms.links}>
          <Link to={localePath('/login')}>{t('auth.resend.backToLogin')}</Link>
        </p>
      </FormPage>
    )
  }

  return (
    <FormPage heading={t('auth.resend.heading')} intro={t('auth.resend.intro')}>
      <Form method="post" {...getFormProps(form)} className={forms.form}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          meta={fields.login}
          label={t('auth.resend.login')}
          inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false }}
        />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('auth.resend.submitting')}>{t('auth.resend.submit')}</SubmitButton>
        </div>
        <p className={forms.links}>
          <Link to={localePath('/login')}>{t('auth.resend.backToLogin')}</Link>
        </p>
      </Form>
    </FormPage>
  )
}
