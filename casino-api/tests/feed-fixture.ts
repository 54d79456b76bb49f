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
