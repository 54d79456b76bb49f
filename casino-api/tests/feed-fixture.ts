import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FeedGame } from '../contract/index.ts'

/** A second provider's game, in its catalogue feed: no code of the casino API or the web app knows it. */
export const acmeFortune: FeedGame = {
  id: 'acme-fortune',
  names: { es: 'Fortuna Acme', en: 'Acme Fortune' },
  category: 'slots',
  live: false,
  tags: ['new'],
  volatility: 'high',
  rtp: 95.5,
  minBet: 20,
  maxBet: 5000,
  maxMultiplier: 2500,
  order: 1,
  art: {
    hues: [12, 48],
    emblem: '☼',
    symbols: { sun: { glyph: '☼', tone: 'gold' }, moon: { glyph: '☾', tone: 'ice' } },
  },
  rules: { es: 'Tres soles en línea pagan.', en: 'Three suns on a line pay.' },
  paytable: {
    runs: [3, 4, 5],
    rows: [
      { glyph: '☼', tone: 'gold', pays: [10, 50, 250] },
      { glyph: '☾', tone: 'ice', pays: [null, 5, 20] },
    ],
  },
  tables: {
    es: [{ caption: 'Premios', head: ['Símbolo', 'Paga'], rows: [['Sol', '× 250']] }],
    en: [{ caption: 'Prizes', head: ['Symbol', 'Pays'], rows: [['Sun', '× 250']] }],
  },
}

/**
 * A provider's feed server on a real port: what it serves can change (`serve`), and it keeps the
 * headers it was asked with.
 */
export async function startFeedServer(feed: unknown) {
  let served = { status: 200, feed }
  const asked: IncomingHttpHeaders[] = []
  const server = createServer((request, response) => {
    asked.push(request.headers)
    response.writeHead(served.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(served.feed))
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/catalog`,
    asked,
    serve: (status: number, next: unknown) => (served = { status, feed: next }),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  }
}

/**
 * Another game provider on a real port, as the casino sees one: its catalogue feed (GET /catalog)
 * its launch call (POST /launch, the contract's provider_launch), which keeps what it was asked
 * with and answers a game client's URL on its own origin (or what `answerLaunch` set), its game
 * client's page (GET /play/…) and its end-sessions call (POST /end-sessions).
 */
export async function startOtherProvider(games: FeedGame[]) {
  const launches: { key: string | undefined; params: Record<string, unknown> }[] = []
  const ends: { key: string | undefined; params: Record<string, unknown> }[] = []
  let launchAnswer: { status: number; body?: unknown } | null = null
  let endStatus = 200
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && request.url === '/catalog') return answer(200, { games })
    // Its game client, which the casino's game view frames: a page of the provider's own.
    if (request.method === 'GET' && request.url?.startsWith('/play/')) {
      const game = games.find((g) => request.url?.startsWith(`/play/${g.id}?`))
      response.writeHead(game ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      return response.end(
        `<!doctype html><html lang="en"><head><title>${game?.names.en ?? 'Not found'}</title></head>` +
          `<body style="background:#111;color:#eee"><h1>${game?.names.en ?? 'Not found'} by another provider</h1></body></html>`,
      )
    }
    if (request.method !== 'POST' || (request.url !== '/launch' && request.url !== '/end-sessions'))
      return answer(404, { error: 'not_found' })
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const params = JSON.parse(body) as Record<string, unknown>
      if (request.url === '/end-sessions') {
        ends.push({ key: request.headers['x-provider-key'] as string | undefined, params })
        return answer(endStatus, endStatus === 200 ? { ended: 1 } : { error: 'down' })
      }
      launches.push({ key: request.headers['x-provider-key'] as string | undefined, params })
      if (launchAnswer) return answer(launchAnswer.status, launchAnswer.body ?? {})
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
      answer(200, { url: `${origin}/play/${String(params.gameId)}?session=s-${launches.length}`, expiresAt })
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    feedUrl: `${origin}/catalog`,
    launchUrl: `${origin}/launch`,
    endSessionsUrl: `${origin}/end-sessions`,
    launches,
    /** The end_provider_sessions calls it was sent. */
    ends,
    /** What its end-sessions call answers from now on. */
    answerEnds: (status: number) => (endStatus = status),
    /** What the launch answers from now on; null: a game client's URL. */
    answerLaunch: (next: { status: number; body?: unknown } | null) => (launchAnswer = next),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  }
}
