import { Router } from 'express'
import { checkUpstream } from '../readiness.ts'
import { BROWSER_SOCKET_PATH, socketProbeStatus, type RelayOptions } from '../realtime.ts'
import type { Site } from '../site.ts'

/**
 * /healthz (the process answers), /readyz (and the casino API's own /readyz is 200: its database
 * answers and is migrated) and the realtime socket's answer without the upgrade, for the page's
 * client (server/realtime.ts). They answer on any host name (before loopback-name.ts) and are
 * never cached.
 */
export function healthChecks(site: Site, relay: RelayOptions): Router {
  const router = Router()
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ status: 'ok' })
  })
  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const upstream = await checkUpstream(site.upstreamFor(req))
    if (upstream.ok) return res.json({ status: 'ready', upstream: 'ok' })
    // The upstream's reason goes to the log only: this answer is public, on any host name.
    site.log.warn({ requestId: res.locals.requestId, reason: upstream.reason }, 'not ready: casino API')
    res.status(503).json({ status: 'unavailable', upstream: upstream.upstream })
  })
  router.get(BROWSER_SOCKET_PATH, (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const status = socketProbeStatus(req, relay)
    if (status === 426) res.setHeader('Upgrade', 'websocket')
    res.status(status).end()
  })
  return router
}
