import type { RequestHandler } from 'express'
import { isSameOrigin } from '../security.ts'
import { loggablePath, refuse, type Site } from '../site.ts'

/** Everything that changes state comes from the site itself (server/security.ts, ADR 0012): a 403 otherwise. */
export function sameOriginOnly(site: Site): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    if (
      isSameOrigin({
        origin: req.get('origin'),
        secFetchSite: req.get('sec-fetch-site'),
        referer: req.get('referer'),
        ownOrigins: [site.siteOrigin(req)],
      })
    )
      return next()
    site.log.warn(
      {
        requestId: res.locals.requestId,
        method: req.method,
        path: loggablePath(req.originalUrl),
        origin: req.get('origin'),
        secFetchSite: req.get('sec-fetch-site'),
      },
      'cross-site request refused',
    )
    refuse(req, res, 403, 'forbidden')
  }
}
