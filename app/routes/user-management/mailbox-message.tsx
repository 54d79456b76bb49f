import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import type { Route } from './+types/mailbox-message'
import * as styles from './layout.css.ts'
import { deleteMessage } from './mailbox.server.ts'
import * as mailbox from './mailbox.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** Opening a message marks it read; another player's message (or a deleted one) is a 404. */
export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const result = await callUpstream(args, 'read_mailbox_message', { id: args.params.id })
  if (!result.ok && result.status >= 500) throw upstreamUnavailable()
  notFoundUnless(result.ok)
  const { item, unread } = result.data
  return {
    meta: pageMeta(args.context, `${item.subject} · ${getInstance(args.context).t('account.mailbox.title')}`),
    item,
    mailboxUnread: unread,
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  return deleteMessage(args, await args.request.formData(), '/user-management/mailbox')
}

export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { item } = loaderData
  return (
    <article aria-labelledby="message-subject">
      <p className={mailbox.back}>
        <Link to={localePath('/user-management/mailbox')}>{t('account.mailbox.back')}</Link>
      </p>
      <h2 id="message-subject" className={styles.panelHeading}>
        {item.subject}
      </h2>
      <p className={mailbox.meta}>
        {t(`account.mailbox.categories.${item.category}`)} ·{' '}
        {t('account.mailbox.received', { date: formatDateTime(new Date(item.createdAt)) })}
      </p>
      {/* The casino API sends the text escaped, as paragraphs (mailbox/messages.ts: textToHtml). */}
      <div className={mailbox.body} dangerouslySetInnerHTML={{ __html: item.html }} />
      <Form method="post" className={mailbox.deleteForm}>
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" name="intent" value="delete" className={mailbox.deleteButton}>
          {t('account.mailbox.delete')}
        </button>
      </Form>
    </article>
  )
}
