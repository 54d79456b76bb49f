import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import type { PlayerSession } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { describeLogin } from '#app/utils/logins.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { describeUserAgent } from '#app/utils/user-agent.ts'
import type { Route } from './+types/sessions'
import * as styles from './layout.css.ts'
import * as mailbox from './mailbox.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** A session as the page shows it: its log-in as the profile tells one, the browser by name. */
function shown(session: PlayerSession, locale: string) {
  const { when, where } = describeLogin(
    { at: session.createdAt, ip: session.ip, countryCode: session.countryCode },
    locale,
  )
  return {
    id: session.id,
    current: session.current,
    ...describeUserAgent(session.userAgent),
    started: when,
    lastSeen: formatDateTime(session.lastSeenAt),
    place: where,
  }
}

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const i18n = getInstance(args.context)
  const result = await callUpstream(args, 'get_sessions', {})
  if (!result.ok) throw upstreamUnavailable()
  // This device first, then the others, newest first.
  const items = result.data.items.toSorted((a, b) => Number(b.current) - Number(a.current))
  return {
    meta: pageMeta(args.context, i18n.t('account.sessions.title')),
    items: items.map((session) => shown(session, i18n.language)),
  }
}

/**
 * Signs out one of the player's other sessions (the form's `sessionId`), or all of them, and comes
 * back with the catalogue's answer as a toast; a session already gone (signed out in another tab),
 * another player's or a made-up id is 'no longer signed in'.
 */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const form = await args.request.formData()
  const intent = form.get('intent')
  const to = '/user-management/sessions'
  if (intent !== 'end' && intent !== 'end-others') throw data(null, { status: 400 })
  const result =
    intent === 'end'
      ? await callUpstream(args, 'end_session', { sessionId: String(form.get('sessionId') ?? '') })
      : await callUpstream(args, 'end_other_sessions', {})
  if (result.ok)
    return redirectWithToast(args, to, {
      type: 'success',
      code: intent === 'end' ? 'session_ended' : 'other_sessions_ended',
    })
  if (result.status >= 500) throw upstreamUnavailable()
  return redirectWithToast(args, to, {
    type: 'error',
    code: result.status === 404 || result.status === 400 ? 'session_not_found' : 'action_failed',
  })
}

export default function Sessions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const others = loaderData.items.filter((s) => !s.current)
  const device = (s: (typeof loaderData.items)[number]) =>
    t('account.sessions.device', {
      browser: s.browser ?? t('account.sessions.unknownBrowser'),
      os: s.os ?? t('account.sessions.unknownOs'),
    })
  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.sessions.heading')}</h2>
      <p>{t('account.sessions.intro')}</p>
      <ul aria-label={t('account.sessions.listLabel')} className={styles.sessionList}>
        {loaderData.items.map((s) => (
          <li key={s.id} className={styles.block}>
            <h3 className={styles.blockHeading}>
              {device(s)}
              {s.current ? <span className={styles.sessionBadge}>{t('account.sessions.thisDevice')}</span> : null}
            </h3>
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt>{t('account.sessions.place')}</dt>
                <dd>{s.place ?? '—'}</dd>
              </div>
              <div className={styles.fact}>
                <dt>{t('account.sessions.started')}</dt>
                <dd>{s.started}</dd>
              </div>
              <div className={styles.fact}>
                <dt>{t('account.sessions.lastSeen')}</dt>
                <dd>{s.lastSeen}</dd>
              </div>
            </dl>
            {s.current ? null : (
              <Form method="post" className={mailbox.deleteForm}>
                <input type="hidden" name="sessionId" value={s.id} />
                <button
                  type="submit"
                  name="intent"
                  value="end"
                  className={mailbox.deleteButton}
                  aria-label={t('account.sessions.endLabel', { device: device(s), when: s.started })}
                >
                  {t('account.sessions.end')}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className={styles.sessionActions}>
          <button type="submit" name="intent" value="end-others" className={mailbox.deleteButton}>
            {t('account.sessions.endOthers')}
          </button>
        </Form>
      ) : (
        <p className={styles.sessionActions}>{t('account.sessions.none')}</p>
      )}
    </>
  )
}
