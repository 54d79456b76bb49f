import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { useLocalePath } from '#ui/locale.ts'
import type { Route } from './+types/support-message'
import { adminAction, adminRead } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import * as money from '../user-management/money.css.ts'
import * as mailbox from '../user-management/mailbox.css.ts'

/** One contact message, its answer if it has one, and the form to answer it. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return adminRead(args, 'get_support_message', { id: args.params.id })
}

/** The answer goes to the player's mailbox or the visitor's e-mail; refusals keep the text typed. */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const answer = String((await args.request.formData()).get('answer') ?? '')
  const outcome = await adminAction(
    args,
    'answer_support_message',
    { id: args.params.id, answer },
    (sent: { item: { player: unknown } }) => ({
      message: sent.item.player ? 'admin.support.sentPlayer' : 'admin.support.sentVisitor',
    }),
  )
  // A refused answer comes back in the form (the page is rendered anew without JavaScript).
  return outcome.data.ok ? outcome : data({ ...outcome.data, answer }, outcome.init ?? undefined)
}

export default function SupportMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { item } = loaderData
  const typed =
    actionData && 'answer' in actionData && typeof actionData.answer === 'string' ? actionData.answer : undefined
  return (
    <article aria-labelledby="support-subject">
      <p className={mailbox.back}>
        <Link to={localePath('/admin/support')}>{t('admin.support.back')}</Link>
      </p>
      <h2 id="support-subject">{item.subject}</h2>
      <Outcome outcome={actionData} />
      <dl className={money.details}>
        <dt>{t('admin.support.from')}</dt>
        <dd>
          {item.name} &lt;{item.email}&gt; · {item.player ? item.player.username : t('admin.support.visitor')}
        </dd>
        <dt>{t('admin.support.received')}</dt>
        <dd>{formatDateTime(new Date(item.createdAt))}</dd>
        <dt>{t('admin.support.status')}</dt>
        <dd>{item.status === 'open' ? t('admin.support.statusOpen') : t('admin.support.statusAnswered')}</dd>
      </dl>
      <section aria-labelledby="support-message-heading">
        <h3 id="support-message-heading">{t('admin.support.messageHeading')}</h3>
        <p className={mailbox.plainText}>{item.message}</p>
      </section>
      <section aria-labelledby="support-answer-heading">
        <h3 id="support-answer-heading">{t('admin.support.answerHeading')}</h3>
        {item.answer !== null ? (
          <>
            <p className={mailbox.meta}>
              {t('admin.support.answeredBy', {
                admin: item.answeredBy ?? '—',
                date: item.answeredAt ? formatDateTime(new Date(item.answeredAt)) : '—',
              })}
            </p>
            <p className={mailbox.plainText}>{item.answer}</p>
          </>
        ) : (
          <Form method="post" className={forms.form}>
            <div className={forms.field}>
              <label htmlFor="answer" className={forms.label}>
                {t('admin.support.answer')}
              </label>
              <textarea
                id="answer"
                name="answer"
                className={`${forms.input} ${forms.textarea}`}
                required
                maxLength={4000}
                rows={8}
                aria-describedby="answer-help"
                defaultValue={typed}
              />
              <p id="answer-help" className={forms.help}>
                {item.player
                  ? t('admin.support.answerHelpPlayer')
                  : t('admin.support.answerHelpVisitor', {
                      email: item.email,
                      language: t(`admin.support.languages.${item.language}`),
                    })}
              </p>
            </div>
            <SubmitButton pendingLabel={t('admin.support.sending')}>{t('admin.support.send')}</SubmitButton>
          </Form>
        )}
      </section>
    </article>
  )
}
