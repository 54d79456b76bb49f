import type { RequestHandler } from 'express'
import { sameSitePath } from '#ui/safe-path.ts'

/**
 * One spelling per page: `//x`, `/\\x` (another site to a browser) become `/x`. Nothing after
 * this point sees a path that a redirect or link could turn into another site.
 */
export const sameSitePathOnly: RequestHandler = (req, res, next) => {
  const safe = sameSitePath(req.originalUrl)
  if (safe === req.originalUrl) return next()
  res.setHeader('Cache-Control', 'no-store')
  res.redirect(req.method === 'GET' || req.method === 'HEAD' ? 301 : 308, safe)
}
