import type { RequestHandler } from 'express'
import { ALLOWED_METHODS } from '../requests.ts'
import { refuse } from '../site.ts'

/** Pages and form posts only: DELETE, PUT, TRACE… are a 405, not a 500. */
export const allowedMethods: RequestHandler = (req, res, next) => {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next()
  res.setHeader('Allow', ALLOWED_METHODS.join(', '))
  refuse(req, res, 405, 'method_not_allowed')
}
