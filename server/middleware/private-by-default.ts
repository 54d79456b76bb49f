import type { RequestHandler } from 'express'

/**
 * Pages and their data carry the player's details (name, balance): never stored by a browser or
 * proxy cache, unless React Router's answer says otherwise (a visitor's page: the root's
 * httpCacheMiddleware, ADR 0021; its route manifest: immutable) and replaces this.
 */
export const privateByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store')
  next()
}
