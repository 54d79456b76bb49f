import { randomBytes, randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { clientIpFrom } from '#app/utils/client-ip.server.ts'
import { loggablePath, type RequestLocals, type Site } from '../site.ts'

const REQUEST_ID = /^[A-Za-z0-9._:-]{6,128}$/

/**
 * The request's id (the proxy's X-Request-Id when it is one, else a new one), its CSP nonce and
 * the visitor's ip, in res.locals for everything after; and one log line when the answer is sent.
 */
export function requestLog(site: Site): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id')
    const locals: RequestLocals = {
      requestId: incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID(),
      nonce: randomBytes(16).toString('base64'),
      clientIp: clientIpFrom(req.socket.remoteAddress, req.get('x-forwarded-for'), site.trusted),
    }
    Object.assign(res.locals, locals)
    res.setHeader('X-Request-Id', locals.requestId)
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      // Probes come every few seconds; a /readyz that fails is logged by health.ts.
      if (req.path === '/healthz' || req.path === '/readyz') return
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6
      const line = {
        requestId: locals.requestId,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      }
      if (res.statusCode >= 500) site.log.error(line, 'request')
      else site.log.info(line, 'request')
    })
    next()
  }
}
