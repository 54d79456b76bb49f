/**
 * The log-in's second step for an account with two-factor authentication (ADR 0066): the code of
 * the player's app, or one of their recovery codes. The casino API's challenge waits in the sealed
 * session (startCodeStep); a plain form, with JavaScript or without.
 */
import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Field, FormErrors, SubmitButton } from '#app/components/forms.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { refuseUncheckedAccess } from '#app/middleware/access.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { requireGuest, startPlayerSession } from '#app/utils/auth.server.ts'
import { deviceCookie } from '#app/utils/device-cookie.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { getSession } from '#app/utils/session.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import * as formStyles from '#ui/forms.css.ts'
import { card, narrowPage, pageTitle } from '#ui/ui.css.ts'
import type { Route } from './+types/login-code'
import * as styles from '#app/styles/page.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The challenge of the log-in under way, or the log-in page again with the reason. */
async function challengeOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const challenge = (await getSession(args.request)).get('loginChallenge')
  if (!challenge) throw await redirectWithToast(args, '/login', { type: 'info', code: 'two_factor_login_expired' })
  return challenge
}

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args)
  await challengeOf(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('common.loginCode.title')),
    constraint: formConstraint('login-code'),
  }
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args)
  const challenge = await challengeOf(args)
  const submission = parseForm('login-code', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  const closed = refuseUncheckedAccess(args, submission)
  if (closed) return closed
  const answer = await callUpstream(args, 'login_code', { challenge, code: submission.value.code })
  if (!answer.ok) {
    // The challenge is spent (too slow, too many wrong codes): the password again, with the reason.
    if (answer.code === 'two_factor_login_expired' || answer.code === 'two_factor_attempts')
      return redirectWithToast(args, '/login', { type: 'error', code: answer.code })
    return refusedForm(submission, answer)
  }
  const response = await startPlayerSession(args, answer.data, '/')
  response.headers.append('Set-Cookie', deviceCookie(answer.data.deviceToken))
  return response
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const [form, fields] = useSchemaForm('login-code', {
    id: 'login-code',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  })
  return (
    <div className={narrowPage}>
      <div className={card}>
        <h1 className={pageTitle}>{t('common.loginCode.title')}</h1>
        <p className={styles.intro}>{t('common.loginCode.intro')}</p>
        <Form method="post" {...getFormProps(form)} className={formStyles.form}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            meta={fields.code}
            label={t('common.loginCode.code')}
            help={t('common.loginCode.codeHelp')}
            inputProps={{
              autoComplete: 'one-time-code',
              autoCapitalize: 'none',
              spellCheck: false,
              maxLength: 32,
            }}
          />
          <SubmitButton pendingLabel={t('common.loginCode.submitting')} className={formStyles.submit}>
            {t('common.loginCode.submit')}
          </SubmitButton>
          <div className={formStyles.formFooter}>
            <SmartLink to={localePath('/login')}>{t('common.loginCode.startAgain')}</SmartLink>
          </div>
        </Form>
      </div>
    </div>
  )
}
