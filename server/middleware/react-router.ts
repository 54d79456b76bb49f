import { writeReadableStreamToWritable } from '@react-router/node'
import { Router, type Request as ExpressRequest } from 'express'
import { RouterContextProvider } from 'react-router'
import type { RouterHandler } from '../build.ts'
import type { RequestLocals, Site } from '../site.ts'
import { formBodyOf } from './form-body.ts'
import { metricsOf } from './request-metrics.ts'

/** What the routes' request context carries besides the request's own (app/middleware/context.ts). */
export type RouteSettings = { accessCheckTimeoutMs?: number; siteSettingsTtlMs?: number }

/**
 * React Router, given a Fetch Request built here: its origin is the site's (never a Host header
 * in production) and its body the one form-body.ts read (bounded and checked).
 */
export function reactRouter(site: Site, handler: () => Promise<RouterHandler>, settings: RouteSettings): Router {
  return Router().all('/{*path}', async (req, res, next) => {
    try {
      const { handle, requestContext } = await handler()
      const locals = res.locals as RequestLocals
      const origin = site.siteOrigin(req)
      const controller = abortOnClose(res)
      const request = new Request(origin + req.originalUrl, {
        method: req.method,
        headers: headersOf(req),
        signal: controller.signal,
        ...(req.method === 'GET' || req.method === 'HEAD'
          ? {}
          : { body: new Uint8Array(formBodyOf(req) ?? Buffer.alloc(0)) }),
      })
      const context = new RouterContextProvider(
        new Map([
          [
            requestContext,
            {
              nonce: locals.nonce,
              requestId: locals.requestId,
              clientIp: locals.clientIp,
              upstreamUrl: site.upstreamFor(req),
              ...(site.providerUrl() ? { providerUrl: site.providerUrl() } : {}),
              ...(site.providerPublicUrl() ? { providerPublicUrl: site.providerPublicUrl() } : {}),
              gameFrameOrigins: site.gameFrameOrigins,
              origin,
              accessCheckTimeoutMs: settings.accessCheckTimeoutMs,
              siteSettingsTtlMs: settings.siteSettingsTtlMs,
              log: site.log.child({ requestId: locals.requestId }),
              metrics: metricsOf(res),
            },
          ],
        ]),
      )
      const response = await handle(request, context)
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel()
        return
      }
      res.statusMessage = response.statusText
      res.status(response.status)
      for (const [name, value] of response.headers) {
        // React Router's Cache-Control replaces private-by-default.ts's.
        if (name === 'cache-control') res.setHeader(name, value)
        else res.append(name, value)
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res)
      else res.end()
    } catch (error) {
      if (res.destroyed || res.writableEnded) return
      next(error)
    }
  })
}

function headersOf(req: ExpressRequest) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one)
  }
  return headers
}

/** Aborted when the visitor goes away before the answer is sent (a loader's calls stop with it). */
function abortOnClose(res: { on(event: 'finish' | 'close', listener: () => void): unknown }) {
  let controller: AbortController | null = new AbortController()
  const signal = controller
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  return signal
}
