import { request } from 'undici'

/**
 * Readiness probe of the casino API: its public geolocation call must answer 200 within 3 s.
 * (A probe, not a casino call: the pages' calls all go through app/upstream/client.server.ts.)
 */
export async function checkUpstream(
  baseUrl: string,
  timeoutMs = 3_000,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const url = new URL(baseUrl)
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/front/geolocation`
    const response = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body.dump()
    return response.statusCode === 200 ? { ok: true } : { ok: false, reason: `status ${response.statusCode}` }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}
