import type { Request, RequestHandler } from 'express'
import { formContentType, isReadableForm, readBody } from '../requests.ts'
import { loggablePath, refuse, type Site } from '../site.ts'

const bodies = new WeakMap<Request, Buffer>()

/** The body formBodies read for this request (react-router.ts hands it to the action). */
export function formBodyOf(req: Request): Buffer | undefined {
  return bodies.get(req)
}

/**
 * Form bodies, read here, bounded, before React Router sees them. Only form posts reach the
 * actions (415 otherwise); a body larger than the path's limit is a 413 however it is sent
 * (Content-Length or chunked), and a body that does not parse is a 400.
 */
export function formBodies(site: Site, limitFor: (path: string) => number): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'POST') return next()
    const limit = limitFor(req.path)
    const tooLarge = () => {
      site.log.warn(
        { requestId: res.locals.requestId, path: loggablePath(req.originalUrl), limit },
        'request body too large',
      )
      res.setHeader('Connection', 'close')
      refuse(req, res, 413, 'payload_too_large')
    }
    const declared = Number(req.get('content-length') ?? 0)
    if (declared > limit) {
      req.resume()
      return tooLarge()
    }
    const contentType = req.get('content-type')
    const kind = formContentType(contentType)
    if (!kind) {
      req.resume()
      res.setHeader('Connection', 'close')
      return refuse(req, res, 415, 'unsupported_media_type')
    }
    const read = await readBody(req, limit)
    if (!read.ok) return read.reason === 'too_large' ? tooLarge() : res.destroy()
    if (kind === 'multipart' && !(await isReadableForm(contentType ?? '', read.body)))
      return refuse(req, res, 400, 'malformed_request')
    bodies.set(req, read.body)
    next()
  }
}
