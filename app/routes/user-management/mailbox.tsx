import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useRevalidator } from 'react-router'
import { useRealtimeEvent } from '#app/components/live-balance.ts'
import { Pager } from '#app/components/pager.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { stripLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/mailbox'
import * as styles from './layout.css.ts'
import { deleteMessage } from './mailbox.server.ts'
import * as mailbox from './mailbox.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const PAGE_SIZE = 10

/** The list's filters from the URL, read leniently (a GET form and links: no JavaScript needed). */
function filtersOf(url: URL) {
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), 10_000)
  return { page, unreadOnly: url.searchParams.get('show') === 'unread' }
}

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const filters = filtersOf(new URL(args.request.url))
  const result = await callUpstream(args, 'get_mailbox', { ...filters, pageSize: PAGE_SIZE })
  if (!result.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.mailbox.title')),
    filters,
    ...result.data,
    // The header's unread count takes the freshest one the page knows (mailbox-link.tsx).
    mailboxUnread: result.data.unread,
  }
}

/** Delete from the list: back to the same page of the list with the answer as a toast. */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const url = new URL(args.request.url)
  return deleteMessage(args, await args.request.formData(), stripLocale(url.pathname) + url.search)
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const revalidator = useRevalidator()
  // A message that arrives while the list is open shows at once.
  const reload = useCallback(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate()
  }, [revalidator])
  useRealtimeEvent('mailbox_message', reload)
  const { items, total, page, pageSize, unread, filters } = loaderData
  const base = localePath('/user-management/mailbox')

  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.mailbox.heading')}</h2>
      <p className={mailbox.intro}>{t('account.mailbox.intro')}</p>
      <p className={mailbox.summary} data-mailbox-unread={unread}>
        {unread > 0 ? t('account.mailbox.unread', { count: unread }) : t('account.mailbox.allRead')}
      </p>
      <nav aria-label={t('account.mailbox.filterLabel')} className={mailbox.filters}>
        <Link
          to={base}
          aria-current={filters.unreadOnly ? undefined : 'page'}
          className={filters.unreadOnly ? mailbox.filter : `${mailbox.filter} ${mailbox.filterActive}`}
        >
          {t('account.mailbox.all')}
        </Link>
        <Link
          to={`${base}?show=unread`}
          aria-current={filters.unreadOnly ? 'page' : undefined}
          className={filters.unreadOnly ? `${mailbox.filter} ${mailbox.filterActive}` : mailbox.filter}
        >
          {t('account.mailbox.unreadOnly')}
        </Link>
      </nav>

      {items.length === 0 ? (
        <p>
          {filters.unreadOnly ? t('account.mailbox.emptyUnread') : t('account.mailbox.empty')}{' '}
          <Link to={localePath('/contact-us')}>{t('account.mailbox.contact')}</Link>
        </p>
      ) : (
        <ul className={mailbox.list} aria-label={t('account.mailbox.listLabel')}>
          {items.map((item) => (
            <li key={item.id} className={item.read ? mailbox.item : `${mailbox.item} ${mailbox.unread}`}>
              <div className={mailbox.itemText}>
                {/* No prefetch: opening a message marks it read. */}
                <Link to={`${base}/${item.id}`} className={mailbox.subject}>
                  {item.read ? null : <span className={mailbox.badge}>{t('account.mailbox.unreadMark')}</span>}
                  {item.subject}
                </Link>
                <p className={mailbox.meta}>
                  {t(`account.mailbox.categories.${item.category}`)} ·{' '}
                  {t('account.mailbox.received', { date: formatDateTime(new Date(item.createdAt)) })}
                </p>
              </div>
              <Form method="post" className={mailbox.deleteForm}>
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className={mailbox.deleteButton}
                  aria-label={t('account.mailbox.deleteLabel', { subject: item.subject })}
                >
                  {t('account.mailbox.delete')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
