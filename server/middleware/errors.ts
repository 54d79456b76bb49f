import type { ErrorRequestHandler } from 'express'
import { plainPage } from '../security.ts'
import { loggablePath, type Site } from '../site.ts'

/** Whatever threw: logged with the request's id, and a plain 500 page (or the end of an answer already begun). */
export function unhandledErrors(site: Site): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    site.log.error(
      {
        requestId: res.locals.requestId,
        path: loggablePath(req.originalUrl),
        err:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: site.production ? undefined : error.stack }
            : String(error),
      },
      'unhandled error',
    )
    if (res.headersSent) return res.end()
    res.status(500).type('html').setHeader('Cache-Control', 'no-store')
    res.send(plainPage(req.get('cookie'), 'internal_error'))
  }
}
