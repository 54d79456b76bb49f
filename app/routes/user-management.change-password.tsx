import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { ChangePasswordForm } from '../../casino-api/contract/index.ts'
import { Field, FormErrors, FormStatus, SubmitButton, useMessageText, useClearPasswords } from '../components/forms.tsx'
import * as forms from '../components/form-fields.css.ts'
import { getInstance } from '../middleware/i18next.ts'
import { callUpstream } from '../upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '../utils/auth.server.ts'
import { invalidForm, refusedForm } from '../utils/forms.server.ts'
import { metaTags } from '../utils/page-meta.ts'
import { pageMeta } from '../utils/page-meta.server.ts'
import type { Route } from './+types/user-management.change-password'
import * as styles from './user-management.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [...metaTags(loaderData?.meta), { name: 'robots', content: 'noindex' }]

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  return { meta: pageMeta(args.context, getInstance(args.context).t('account.password.title')), username: player.username }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const submission = parseWithZod(await args.request.formData(), { schema: ChangePasswordForm })
  if (submission.status !== 'success') return invalidForm(submission)
  const { oldPassword, newPassword } = submission.value
  const result = await callUpstream(args, 'update_player_password', { oldPassword, newPassword })
  if (!result.ok) return refusedForm(submission, result)
  // The page renders with the player as it is now (a first password no longer needs changing).
  forgetPlayer(args)
  // The answer empties the form (no password travels back) and says so in place; the same
  // page without JavaScript.
  return { result: submission.reply({ resetForm: true }), changed: true }
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult: actionData?.result,
    constraint: getZodConstraint(ChangePasswordForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordForm }),
  })
  useClearPasswords(form.id, actionData?.result)
  const changed = actionData && 'changed' in actionData && actionData.changed

  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.password.heading')}</h2>
      <section className={styles.block}>
        {changed ? (
          <FormStatus>
            <p>{text('password_changed')}</p>
          </FormStatus>
        ) : null}
        <p className={forms.intro}>{t('account.password.intro')}</p>
        <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
          <FormErrors id={form.errorId} errors={form.errors} />
          {/* Lets password managers store the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
          <Field meta={fields.oldPassword} type="password" label={t('account.password.oldPassword')} inputProps={{ autoComplete: 'current-password' }} />
          <Field
            meta={fields.newPassword}
            type="password"
            label={t('account.password.newPassword')}
            help={t('account.password.newPasswordHelp')}
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field meta={fields.confirmPassword} type="password" label={t('account.password.confirmPassword')} inputProps={{ autoComplete: 'new-password' }} />
          <div className={forms.actions}>
            <SubmitButton pendingLabel={t('account.password.submitting')}>{t('account.password.submit')}</SubmitButton>
          </div>
        </Form>
      </section>
    </>
  )
}
