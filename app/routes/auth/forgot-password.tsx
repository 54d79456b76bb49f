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
import { localeFromPath, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('auth.forgot.title')),
    constraint: formConstraint('forgot-password'),
  }
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args)
  const submission = parseForm('forgot-password', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  // The e-mail with the link is written in the language of the page the player asked from.
  const language = localeFromPath(new URL(args.request.url).pathname)
  const result = await callUpstream(args, 'reset_player_password', { ...submission.value, language })
  if (!result.ok) return refusedForm(submission, result)
  return { sent: true as const }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()
  const [form, fields] = useSchemaForm('forgot-password', {
    id: 'forgot-password',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    constraint: loaderData.constraint,
  })

  if (actionData && 'sent' in actionData) {
    return (
      <FormPage heading={t('auth.forgot.sentHeading')}>
        <FormStatus>
          <p>{text('reset_email_sent')}</p>
        </FormStatus>
        <p className={forms.intro}>{t('auth.forgot.sentNote')}</p>
        <p className={forms.links}>
          <Link to={localePath('/login')}>{t('auth.forgot.backToLogin')}</Link>
        </p>
      </FormPage>
    )
  }

  return (
    <FormPage heading={t('auth.forgot.heading')} intro={t('auth.forgot.intro')}>
      <Form method="post" {...getFormProps(form)} className={forms.form}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          meta={fields.username}
          label={t('auth.forgot.username')}
          inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false }}
        />
        <Field meta={fields.email} type="email" label={t('auth.forgot.email')} inputProps={{ autoComplete: 'email' }} />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('auth.forgot.submitting')}>{t('auth.forgot.submit')}</SubmitButton>
        </div>
        <p className={forms.links}>
          <Link to={localePath('/login')}>{t('auth.forgot.backToLogin')}</Link>
        </p>
      </Form>
    </FormPage>
  )
}
