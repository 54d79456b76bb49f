import { getFormProps, type useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import {
  ErrorSummary,
  Field,
  FormErrors,
  FormPage,
  FormStatus,
  SubmitButton,
  TextAreaField,
  useMessageText,
} from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { getPlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { localeFromPath, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/contact-us'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/**
 * Contact us, for visitors and players. A player writes as themself (name and e-mail shown from
 * the profile, not sent: the casino API knows them by the session) and reads the answer in the
 * Mailbox; a visitor gives a name and an e-mail address for the answer.
 */
export async function loader(args: Route.LoaderArgs) {
  const player = await getPlayer(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('support.contact.title')),
    player: player
      ? { username: player.username, name: `${player.firstName} ${player.lastName}`, email: player.email }
      : null,
    constraint: formConstraint(player ? 'contact-player' : 'contact-visitor'),
  }
}

export async function action(args: Route.ActionArgs) {
  const player = await getPlayer(args)
  const submission = parseForm(player ? 'contact-player' : 'contact-visitor', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission)
  // A visitor's answer is written in the language of the page they wrote from.
  const language = localeFromPath(new URL(args.request.url).pathname)
  const result = await callUpstream(args, 'player_send_message', { ...submission.value, language })
  // 429 'contact_messages_limited' (per address and per sender) comes back above the form, input kept.
  if (!result.ok) return refusedForm(submission, result)
  return {
    result: submission.reply({ resetForm: true }),
    sent: true as const,
    to: 'email' in submission.value ? submission.value.email : null,
  }
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()
  const { player } = loaderData
  const sent = actionData && 'sent' in actionData ? actionData : null
  const [form, fields] = useSchemaForm(player ? 'contact-player' : 'contact-visitor', {
    id: 'contact',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  })
  const visitorFields = fields as unknown as ReturnType<typeof useForm<{ name: string; email: string }>>[1]

  return (
    <FormPage heading={t('support.contact.heading')} intro={t('support.contact.intro')} wide>
      {sent ? (
        <FormStatus>
          <p>{text('message_sent')}</p>
          <p>{sent.to ? t('support.contact.sentVisitor', { email: sent.to }) : t('support.contact.sentPlayer')}</p>
          {player ? (
            <p>
              <Link to={localePath('/user-management/mailbox')}>{t('support.contact.mailboxLink')}</Link>
            </p>
          ) : null}
        </FormStatus>
      ) : null}
      <p className={forms.intro}>
        {player ? t('support.contact.playerIntro', { username: player.username }) : t('support.contact.visitorIntro')}
      </p>
      <Form method="post" {...getFormProps(form)} className={forms.form}>
        <ErrorSummary
          formId={form.id}
          lastResult={actionData?.result}
          entries={[
            ...(player
              ? []
              : [
                  { meta: visitorFields.name, label: t('support.contact.name') },
                  { meta: visitorFields.email, label: t('support.contact.email') },
                ]),
            { meta: fields.subject, label: t('support.contact.subject') },
            { meta: fields.message, label: t('support.contact.message') },
          ]}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        {player ? (
          <>
            {/* Shown from the profile; the casino API takes them from the session, not from the form. */}
            <div className={forms.field}>
              <label htmlFor="contact-name" className={forms.label}>
                {t('support.contact.name')}
              </label>
              <input id="contact-name" className={forms.input} value={player.name} readOnly autoComplete="name" />
            </div>
            <div className={forms.field}>
              <label htmlFor="contact-email" className={forms.label}>
                {t('support.contact.email')}
              </label>
              <input
                id="contact-email"
                type="email"
                className={forms.input}
                value={player.email}
                readOnly
                autoComplete="email"
              />
            </div>
          </>
        ) : (
          <>
            <Field meta={visitorFields.name} label={t('support.contact.name')} inputProps={{ autoComplete: 'name' }} />
            <Field
              meta={visitorFields.email}
              type="email"
              label={t('support.contact.email')}
              inputProps={{ autoComplete: 'email' }}
            />
          </>
        )}
        <Field meta={fields.subject} label={t('support.contact.subject')} />
        <TextAreaField
          meta={fields.message}
          label={t('support.contact.message')}
          help={t('support.contact.messageHelp')}
          textareaProps={{ rows: 8 }}
        />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('support.contact.submitting')}>{t('support.contact.submit')}</SubmitButton>
        </div>
      </Form>
    </FormPage>
  )
}
