import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, useFetcher, useNavigation } from 'react-router'
import { decodeMessage } from '#app/utils/form-messages.ts'
import type { formConstraint } from '#app/utils/form-validation.ts'
import { useLocalePath } from '#ui/locale.ts'
import { Field, FormErrors, SubmitButton, useClearPasswords } from './forms.tsx'
import { useSchemaForm } from './schema-form.ts'
import * as styles from '#ui/forms.css.ts'
import { SmartLink } from './smart-link.tsx'

/** What the login action answers when it does not redirect. */
export type LoginActionData = { result: SubmissionResult<string[]> }

/**
 * The login form. On the page it is a plain POST to /login (works without JavaScript); in the
 * modal it posts to the same action through a fetcher, whose redirect takes the player home.
 * A refusal keeps the username and empties the password.
 */
export function LoginForm({
  variant,
  actionData,
  constraint,
}: {
  variant: 'page' | 'modal'
  actionData?: LoginActionData
  /** formConstraint('login'), from the page's loader or the modal's chunk. */
  constraint: ReturnType<typeof formConstraint>
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const fetcher = useFetcher<LoginActionData>({ key: 'login-modal' })
  const navigation = useNavigation()
  const action = localePath('/login')
  const isModal = variant === 'modal'
  const answer = isModal ? fetcher.data : actionData
  const pending = isModal
    ? fetcher.state !== 'idle'
    : navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formAction === action
  const formId = `login-${variant}`
  const [form, fields] = useSchemaForm('login', { id: formId, lastResult: answer?.result, constraint })
  useClearPasswords(formId, answer?.result)
  const FormTag = isModal ? fetcher.Form : Form
  return (
    <FormTag method="post" action={action} {...getFormProps(form)} className={styles.form}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {form.errors?.some((message) => decodeMessage(message).code === 'account_not_active') ? (
        // The way out of "not active yet": a new activation e-mail, for the name just typed.
        <p className={styles.formFooter}>
          <SmartLink
            to={`${localePath('/activation/resend')}?${new URLSearchParams({ login: fields.username.value ?? '' })}`}
          >
            {t('common.login.resendActivation')}
          </SmartLink>
        </p>
      ) : null}
      <Field
        meta={fields.username}
        label={t('common.login.username')}
        inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false }}
      />
      <Field
        meta={fields.password}
        type="password"
        label={t('common.login.password')}
        inputProps={{ autoComplete: 'current-password' }}
      />
      <SubmitButton pending={pending} pendingLabel={t('common.login.submitting')} className={styles.submit}>
        {t('common.login.submit')}
      </SubmitButton>
      <div className={styles.formFooter}>
        <SmartLink to={localePath('/forgot-password')}>{t('common.login.forgot')}</SmartLink>
        <span>
          {t('common.login.noAccount')} <SmartLink to={localePath('/register')}>{t('common.login.register')}</SmartLink>
        </span>
      </div>
    </FormTag>
  )
}
