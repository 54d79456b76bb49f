/**
 * LISTEN on PostgreSQL for a server of the house (the casino API's database, the game provider's
 * own), shared by both so neither imports the other.
 */
import { Client } from 'pg'

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), reconnected with a
 * growing pause (1 s to 30 s) when the server goes away. Notifications sent while it was away are
 * lost: the realtime socket is a hint to refresh, the pages read the truth from the database.
 */
export async function listenPostgres(
  url: string,
  applicationName: string,
  channel: string,
  onPayload: (payload: string) => void,
) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`)
  let stopped = false
  let client: Client | undefined
  let pause = 1000
  let retry: NodeJS.Timeout | undefined
  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url, application_name: applicationName })
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload)
    })
    c.on('error', () => {
      c.end().catch(() => {})
      if (client === c && !stopped) schedule()
    })
    client = c
    await c.connect()
    await c.query(`LISTEN ${channel}`)
    pause = 1000
  }
  const schedule = () => {
    clearTimeout(retry)
    retry = setTimeout(() => {
      connect().catch(() => {
        pause = Math.min(pause * 2, 30_000)
        if (!stopped) schedule()
      })
    }, pause)
    retry.unref()
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
