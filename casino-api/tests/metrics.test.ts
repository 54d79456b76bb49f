// The casino API on its own (node casino-api/src/main.ts) serves its metrics on METRICS_PORT,
// loopback only, never on its own port; a rate limit hit is counted by route pattern.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { apiRegistry } from '../src/metrics.ts'
import { freePort, startApiProcess } from './api-process.ts'
import { backends, newPlayer, startTestApi } from './helpers.ts'

test('METRICS_PORT: /metrics there, a 404 on the API port, and a 429 counted under its route', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-metrics-'))
  const metricsPort = await freePort()
  const api = await startApiProcess({ METRICS_PORT: String(metricsPort), LIVE_TABLES: 'false' }, dataDir)
  try {
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/plain')
      return res.text()
    }
    // The metrics are served once the API has started its work, a moment after it answers /healthz.
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
          (r) => r.status,
          () => 0,
        ),
      )
      .toBe(200)
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404)
    expect(await scrape()).not.toContain('casino_api_rate_limited_total{')

    // The username check allows 10 a minute per name: the 11th is refused.
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${api.url}/front/validate_player_name`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'metrics-probe' }),
      })
      statuses.push(res.status)
    }
    expect(statuses.at(-1)).toBe(429)
    const text = await scrape()
    expect(text).toContain('casino_api_rate_limited_total{route="/front/validate_player_name"} 1')
    expect(text).toMatch(
      /casino_api_http_request_duration_seconds_count\{method="POST",route="\/front\/validate_player_name",status="200"\} 10/,
    )
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  } finally {
    await api.stop('SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
  }
}, 240_000)

/** The value of the sample of `name` with exactly these labels in the casino API's registry, or 0. */
async function sampleOf(name: string, labels: Record<string, string>) {
  const metric = await apiRegistry.getSingleMetric(name)?.get()
  const found = metric?.values.find((v) => Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value))
  return found?.value ?? 0
}

for (const backend of backends) {
  test(`${backend}: a mail the SMTP server cannot take counts as a job failure and waits in the queue for its retry`, async () => {
    // Nothing listens there: every try fails to connect.
    const smtpUrl = `smtp://127.0.0.1:${await freePort()}/?ignoreTLS=true`
    const api = await startTestApi(backend, { smtpUrl })
    try {
      const failedBefore = await sampleOf('casino_api_job_failures_total', { queue: 'mail', final: 'false' })
      await api.ok('register_player', newPlayer())
      await expect
        .poll(() => sampleOf('casino_api_job_failures_total', { queue: 'mail', final: 'false' }))
        .toBeGreaterThan(failedBefore)
      await expect.poll(() => sampleOf('casino_api_job_queue_depth', { queue: 'mail', state: 'retry' })).toBe(1)
    } finally {
      await api.close()
    }
    // A closed instance's queue is no longer read.
    expect(await sampleOf('casino_api_job_queue_depth', { queue: 'mail', state: 'retry' })).toBe(0)
  }, 120_000)
}
