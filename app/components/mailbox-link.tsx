import { useEffect, useReducer, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import * as styles from './layout.css.ts'
import { loadedLive, useLazyLive } from './lazy-live.ts'
import { SmartLink } from './smart-link.tsx'

/**
 * The freshest unread count the page's data knows: a mailbox page that has just read or deleted
 * a message (its loader data carries `mailboxUnread`) knows better than the root's player, which
 * a plain navigation keeps as it was loaded.
 */
function usePageUnread(player: PublicPlayer): { count: number; source: object } {
  let found: { count: number; source: object } = { count: player.unreadMessages, source: player }
  for (const match of useMatches()) {
    const data = match.loaderData as { mailboxUnread?: unknown } | undefined
    if (data && typeof data === 'object' && typeof data.mailboxUnread === 'number')
      found = { count: data.mailboxUnread, source: data }
  }
  return found
}

/**
 * The unread count kept live by the realtime client, which is loaded after hydration (a visitor's
 * pages never download it; see balance.tsx); the page's count until then.
 */
function useLazyLiveUnread(rendered: number, source: object) {
  const [, changed] = useReducer((n: number) => n + 1, 0)
  const latest = useRef({ rendered, source })
  useEffect(() => {
    latest.current = { rendered, source }
    loadedLive()?.renderedUnread(rendered, source)
  }, [rendered, source])
  useLazyLive((module) => {
    module.renderedUnread(latest.current.rendered, latest.current.source)
    const stop = module.watchLiveUnread(changed)
    changed()
    return stop
  })
  const live = loadedLive()
  return live ? live.unreadFor(rendered, source) : rendered
}

/**
 * The header's way to the Mailbox tab with the number of unread messages, kept live by the
 * realtime socket (a withdrawal decided, a support answer): the count changes without a reload
 * and is announced politely to screen readers. Without JavaScript it is the page's count.
 */
export function MailboxLink({ player }: { player: PublicPlayer }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const page = usePageUnread(player)
  const count = useLazyLiveUnread(page.count, page.source)
  const label = count > 0 ? t('common.header.mailboxUnread', { count }) : t('common.header.mailboxNone')
  return (
    <>
      <SmartLink
        to={localePath('/user-management/mailbox')}
        className={styles.mailboxLink}
        aria-label={label}
        title={label}
        data-mailbox-link=""
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" className={styles.mailboxIcon}>
          <path
            d="M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11Zm1.8.3 7.2 5.6 7.2-5.6M4.8 17.2l5.3-5.2m9.1 5.2-5.3-5.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        {count > 0 ? (
          <span className={styles.mailboxBadge} aria-hidden="true" data-unread-count="">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </SmartLink>
      <span className="visually-hidden" aria-live="polite">
        {count === page.count ? '' : label}
      </span>
    </>
  )
}
