import type { RequestHandler } from 'express'
import { sameSitePath } from '#ui/safe-path.ts'
import type { Site } from '../site.ts'

/** The names of this machine (a URL's hostname): a site on one of them is a site on all of them. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * One name for a site on this machine: 127.0.0.1 and localhost are one place. With PUBLIC_URL on
 * a loopback name (`npm start`: http://localhost:3000), the other loopback names of the same port
 * lead to it: the pages at http://127.0.0.1:3000 would otherwise be served but refuse every form
 * (another origin) and keep a session of their own. A public URL that is not a loopback name
 * (production) is left to the strict check of same-origin.ts.
 */
export function oneLoopbackName(site: Site): RequestHandler {
  return (req, res, next) => {
    const publicOrigin = site.publicOrigin()
    if (!publicOrigin || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    const url = new URL(publicOrigin)
    const host = req.get('host') ?? ''
    if (!LOOPBACK_NAMES.has(url.hostname) || host === url.host) return next()
    const [, name, port = ''] = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d+))?$/i.exec(host) ?? []
    if (!name || !LOOPBACK_NAMES.has(name.toLowerCase()) || port !== url.port) return next()
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(308, publicOrigin + sameSitePath(req.originalUrl))
  }
}
