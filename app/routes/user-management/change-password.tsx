import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import {
  ErrorSummary,
  Field,
  FormErrors,
  FormStatus,
  SubmitButton,
  useMessageText,
  useClearPasswords,
} from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { useHydrated } from '#ui/use-hydrated.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/change-password'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.password.title')),
    username: player.username,
    constraint: formConstraint('change-password'),
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const submission = parseForm('change-password', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  const { oldPassword, newPassword } = submission.value
  const result = await callUpstream(args, 'update_player_password', { oldPassword, newPassword })
  if (!result.ok) {
    const refused = refusedForm(submission, result)
    // Only the current password was wrong: the new one the player typed on their own page stays
    // in the inputs with JavaScript (see useClearPasswords), and without it the page says why
    // they are empty (a password never travels back in a page).
    return result.code === 'old_password_wrong'
      ? data({ ...refused.data, onlyOldWrong: true }, refused.init ?? undefined)
      : refused
  }
  // The page renders with the player as it is now (a first password no longer needs changing).
  forgetPlayer(args)
  // The answer empties the form (no password travels back) and says so in place; the same
  // page without JavaScript.
  return { result: submission.reply({ resetForm: true }), changed: true }
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const [form, fields] = useSchemaForm('change-password', {
    id: 'change-password',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  })
  const onlyOldWrong = Boolean(actionData && 'onlyOldWrong' in actionData && actionData.onlyOldWrong)
  useClearPasswords(form.id, actionData?.result, onlyOldWrong ? ['newPassword', 'confirmPassword'] : [])
  const hydrated = useHydrated()
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
          <ErrorSummary
            formId={form.id}
            lastResult={actionData?.result}
            entries={[
              { meta: fields.oldPassword, label: t('account.password.oldPassword') },
              { meta: fields.newPassword, label: t('account.password.newPassword') },
              { meta: fields.confirmPassword, label: t('account.password.confirmPassword') },
            ]}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          {/* Lets password managers store the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
          <Field
            meta={fields.oldPassword}
            type="password"
            label={t('account.password.oldPassword')}
            inputProps={{ autoComplete: 'current-password' }}
          />
          <Field
            meta={fields.newPassword}
            type="password"
            label={t('account.password.newPassword')}
            help={t('account.password.newPasswordHelp')}
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            meta={fields.confirmPassword}
            type="password"
            label={t('account.password.confirmPassword')}
            inputProps={{ autoComplete: 'new-password' }}
          />
          {onlyOldWrong && !hydrated ? <p className={forms.note}>{t('account.password.typeAgain')}</p> : null}
          <div className={forms.actions}>
            <SubmitButton pendingLabel={t('account.password.submitting')}>{t('account.password.submit')}</SubmitButton>
          </div>
        </Form>
      </section>
    </>
  )
}
