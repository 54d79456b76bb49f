import { useTranslation } from 'react-i18next'
import { LoginForm } from '#app/components/login-form.tsx'
import { refuseUncheckedAccess } from '#app/middleware/access.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { card, narrowPage, pageTitle } from '#ui/ui.css.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { requireGuest, startCodeStep, startPlayerSession } from '#app/utils/auth.server.ts'
import { deviceCookie, readDeviceToken } from '#app/utils/device-cookie.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/login'
import * as styles from '#app/styles/page.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('common.login.title')),
    constraint: formConstraint('login'),
  }
}

/**
 * Posted by the page's form and by the header's modal (fetcher). A refusal comes back as a form
 * error with the username kept (never the password); success starts a new session and goes home.
 * The device cookie's token goes along (never one from the form), and the new one replaces it.
 * An account with two-factor authentication goes on to the code page instead (startCodeStep).
 */
export async function action(args: Route.ActionArgs) {
  await requireGuest(args)
  const submission = parseForm('login', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  const closed = refuseUncheckedAccess(args, submission)
  if (closed) return closed
  const { username, password } = submission.value
  const answer = await callUpstream(args, 'login', { username, password, deviceToken: readDeviceToken(args.request) })
  // 'Wrong username or password.' and the lockouts are about the whole form, not one field.
  if (!answer.ok) return refusedForm(submission, answer)
  // Two-factor authentication on: the code comes next, on a page of its own.
  if ('challenge' in answer.data) return startCodeStep(args, answer.data)
  const response = await startPlayerSession(args, answer.data, '/')
  response.headers.append('Set-Cookie', deviceCookie(answer.data.deviceToken))
  return response
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className={narrowPage}>
      <div className={card}>
        <h1 className={pageTitle}>{t('common.login.title')}</h1>
        <p className={styles.intro}>{t('common.login.intro')}</p>
        <LoginForm variant="page" actionData={actionData} constraint={loaderData.constraint} />
      </div>
    </div>
  )
}
