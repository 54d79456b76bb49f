/**
 * The web server's Prometheus metrics (prom-client), in a registry of its own (the embedded
 * casino API keeps another: casino-api/src/metrics.ts). server/index.ts serves them on
 * METRICS_PORT, never on the site's port. Labels are bounded: route patterns and call names.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { RequestMetrics } from '#app/middleware/context.ts'

export const webRegistry = new Registry()
// Process metrics (CPU, memory, file descriptors, GC) and the event loop's lag.
collectDefaultMetrics({ register: webRegistry })

const registers = [webRegistry]
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25]

export const webMetrics = {
  requests: new Histogram({
    name: 'casino_web_http_request_duration_seconds',
    help: "Requests answered, by method, the page's route pattern ('none': answered before React Router: files, probes, redirects, refusals) and status",
    labelNames: ['method', 'route', 'status'],
    buckets,
    registers,
  }),
  upstream: new Histogram({
    name: 'casino_web_upstream_call_duration_seconds',
    help: 'Calls to the casino API, by call name: their latency (refusals and failures included)',
    labelNames: ['call'],
    buckets,
    registers,
  }),
  upstreamErrors: new Counter({
    name: 'casino_web_upstream_call_errors_total',
    help: 'Calls to the casino API that failed, by call name and kind (unreachable, timeout, server_error, bad_answer)',
    labelNames: ['call', 'kind'],
    registers,
  }),
  sockets: new Gauge({
    name: 'casino_web_open_sockets',
    help: "Players' realtime sockets open on this instance",
    registers,
  }),
}

/** What a request's loaders and actions report (app/middleware/context.ts), for one request's labels. */
export function requestMetrics(labels: { route?: string }): RequestMetrics {
  return {
    // React Router's patterns have no leading slash ('en?/faq/:id'); the label reads as a path.
    route: (pattern) => (labels.route = `/${pattern.replace(/^\//, '')}`),
    upstream: (call, seconds) => webMetrics.upstream.observe({ call }, seconds),
    upstreamError: (call, kind) => webMetrics.upstreamErrors.inc({ call, kind }),
  }
}
