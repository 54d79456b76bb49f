import { request } from 'undici'

export type UpstreamReadiness = { ok: true } | { ok: false; upstream: 'not_ready' | 'unreachable'; reason: string }

/**
 * Readiness of the casino API: its own /readyz (database reachable and migrated) must answer 200
 * within 3 s. A probe, not a casino call: the pages' calls all go through
 * app/upstream/client.server.ts.
 */
export async function checkUpstream(baseUrl: string, timeoutMs = 3_000): Promise<UpstreamReadiness> {
  try {
    const url = new URL(baseUrl)
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/readyz`
    const response = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (response.statusCode === 200) {
      await response.body.dump()
      return { ok: true }
    }
    return { ok: false, upstream: 'not_ready', reason: await notReadyReason(response) }
  } catch (error) {
    return {
      ok: false,
      upstream: 'unreachable',
      reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }
  }
}

/** The upstream's own reason (`migrations_behind`...), for the log; its status when it gives none. */
async function notReadyReason(response: Awaited<ReturnType<typeof request>>): Promise<string> {
  const body = (await response.body.json().catch(() => null)) as { reason?: unknown } | null
  return typeof body?.reason === 'string' ? body.reason.slice(0, 64) : `status ${response.statusCode}`
}
