import { useTranslation } from 'react-i18next'
import { data, useLoaderData } from 'react-router'
import { Pool } from 'undici'
// The site's own session module: the same cookie name, AES-GCM unsealing and timeouts as a page
// of the casino (bench/bare-app/README.md: the logged-in floor).
import { getSession } from '../../../../app/utils/session.server.ts'

export function meta() {
  return [{ title: 'Logged-in floor' }]
}

let pool: Pool | undefined
/** The casino API the bench started (CASINO_API_URL), over one keep-alive pool as the site does. */
function casinoApi() {
  const url = process.env.CASINO_API_URL
  if (!url) throw new Error('CASINO_API_URL is not set: the floor needs the casino API')
  pool ??= new Pool(new URL(url).origin, { connections: 64, keepAliveTimeout: 10_000 })
  return pool
}

/**
 * What any logged-in page must do and nothing more: open the sealed session cookie and ask the
 * casino API once for the player (GET /front/auth/player with the session's bearer token).
 */
export async function loader({ request }: { request: Request }) {
  const token = (await getSession(request)).get('token')
  if (!token) throw data('no session', { status: 401 })
  const answer = await casinoApi().request({
    method: 'GET',
    path: '/front/auth/player',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  })
  const player = (await answer.body.json()) as { username?: string; balance?: { total?: number } }
  if (answer.statusCode !== 200 || !player.username) throw data('refused', { status: answer.statusCode })
  return { username: player.username, balance: player.balance?.total ?? 0 }
}

export default function Floor() {
  const { t } = useTranslation()
  const loaderData = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>{t('title')}</h1>
      <p>
        {loaderData.username}: {loaderData.balance}
      </p>
    </main>
  )
}
