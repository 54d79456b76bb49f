import type { RequestHandler, Response } from 'express'
import type { RequestMetrics } from '#app/middleware/context.ts'
import { requestMetrics, webMetrics } from '../metrics.ts'

const METRICS = Symbol('request metrics')
type WithMetrics = { [METRICS]?: RequestMetrics }

/**
 * Times every request into casino_web_http_request_duration_seconds (server/metrics.ts), labelled
 * with the route pattern React Router matched (reported through the routes' request context),
 * never the raw URL.
 */
export const countRequests: RequestHandler = (req, res, next) => {
  const started = performance.now()
  const labels: { route?: string } = {}
  ;(res.locals as WithMetrics)[METRICS] = requestMetrics(labels)
  res.on('close', () => {
    webMetrics.requests.observe(
      { method: req.method, route: labels.route ?? 'none', status: res.statusCode },
      (performance.now() - started) / 1000,
    )
  })
  next()
}

/** The request's metrics, for the routes' request context (server/middleware/react-router.ts). */
export function metricsOf(res: Response): RequestMetrics | undefined {
  return (res.locals as WithMetrics)[METRICS]
}
