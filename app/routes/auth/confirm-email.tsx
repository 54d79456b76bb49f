import { useTranslation } from 'react-i18next'
import { Link, data } from 'react-router'
import { ConfirmEmailChangeParams } from '#contract'
import { AutoSubmitForm } from '#app/components/auto-submit-form.tsx'
import { FormPage, FormStatus, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { refusalStatus } from '#app/utils/forms.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/confirm-email'

/*
 * The link of an e-mail change, sent to the new address. Like the activation link: the token is
 * single-use and mail scanners open links too, so the GET only shows a button that posts; with
 * JavaScript the page presses it by itself once it runs in a browser (AutoSubmitForm).
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: 'robots', content: 'noindex' },
]

export async function loader(args: Route.LoaderArgs) {
  const valid = ConfirmEmailChangeParams.safeParse({ token: args.params.token }).success
  return { meta: pageMeta(args.context, getInstance(args.context).t('account.confirmEmail.title')), valid }
}

export async function action(args: Route.ActionArgs) {
  const parsed = ConfirmEmailChangeParams.safeParse({ token: args.params.token })
  if (!parsed.success) return data({ changed: false as const, code: 'email_change_invalid' }, { status: 400 })
  const result = await callUpstream(args, 'confirm_email_change', parsed.data)
  if (!result.ok) return data({ changed: false as const, code: result.code }, { status: refusalStatus(result) })
  return { changed: true as const, email: result.data.email }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()

  if (actionData?.changed) {
    return (
      <FormPage heading={t('account.confirmEmail.doneHeading')}>
        <FormStatus>
          <p>{text('email_changed')}</p>
          <p>{actionData.email}</p>
        </FormStatus>
        <p className={forms.links}>
          <Link to={localePath('/user-management/profile')}>{t('account.confirmEmail.toProfile')}</Link>
        </p>
      </FormPage>
    )
  }

  const code = actionData ? actionData.code : loaderData.valid ? null : 'email_change_invalid'
  if (code) {
    return (
      <FormPage heading={t('account.confirmEmail.failedHeading')}>
        <div className={forms.formError}>
          <p>{text(code)}</p>
        </div>
        <p className={forms.links}>
          <Link to={localePath('/user-management/profile')}>{t('account.confirmEmail.toProfile')}</Link>
          <Link to={localePath('/')}>{t('account.confirmEmail.home')}</Link>
        </p>
      </FormPage>
    )
  }

  return (
    <AutoSubmitForm
      heading={t('account.confirmEmail.heading')}
      intro={t('account.confirmEmail.intro')}
      submit={t('account.confirmEmail.submit')}
      submitting={t('account.confirmEmail.submitting')}
    />
  )
}
