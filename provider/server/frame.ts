/**
 * The game client's pages and files, served by the provider on its own origin (ADR 0049, step 3):
 * the React Router app of provider/frame/, built to build/provider-frame (and its check of a
 * round, /provably-fair, which the casino's Bet History links to). The pages play through
 * the provider's calls in process; the casino's site frames them (the CSP's frame-ancestors names
 * it alone), and no cookie of the casino ever reaches them.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { resources } from '../../locales/index.ts'
import { localeFromPath } from '../../ui/locale.ts'
import type { ProviderContext } from './context.ts'
import type { CallRunner } from './http.ts'

/** Where `react-router build provider/frame` writes the client (npm run build). */
export const FRAME_BUILD = resolve(import.meta.dirname, '../../build/provider-frame')

/** The largest form a page takes: a bet slip of a table full of chips is a few kilobytes. */
const FORM_LIMIT = 64 * 1024

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/** The encoding to send in, from the browser's Accept-Encoding: brotli, else gzip, else none. */
function encodingFor(accepted: string | undefined): 'br' | 'gzip' | undefined {
  const names = (accepted ?? '')
    .split(',')
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .split(/\s*;\s*/),
    )
    // 'br;q=0' refuses it.
    .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q))
    .map(([name]) => name)
  return names.includes('br') ? 'br' : names.includes('gzip') ? 'gzip' : undefined
}

type FrameBuild = ServerBuild & {
  entry: { module: { frameLoadContext(value: unknown): RouterContextProvider } }
}

/** The game client's Content Security Policy: its own files, its own socket, framed by the casino only. */
function policy(nonce: string, ownOrigin: string, siteOrigin: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Its stylesheet is written into the page under the nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${ownOrigin.replace(/^http/, 'ws')}`,
    `frame-ancestors ${siteOrigin}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

export type FrameOptions = {
  /**
   * The casino's site (WEB_URL): the only page that may frame the client, and where its links go
   * (a function: a test's site may listen after its provider).
   */
  siteUrl: () => string
  /** Default FRAME_BUILD. */
  buildDir?: string
}

/** Registers the client's routes on the provider's server; `serve` answers the pages' moves. */
export function frameServer(options: FrameOptions) {
  const buildDir = options.buildDir ?? FRAME_BUILD
  return async (app: FastifyInstance, ctx: ProviderContext, serve: CallRunner) => {
    const serverFile = join(buildDir, 'server/index.js')
    const build = existsSync(serverFile) ? ((await import(pathToFileURL(serverFile).href)) as FrameBuild) : undefined
    if (!build) app.log.error({ buildDir }, 'the game client is not built (npm run build): its pages answer 503')
    const handle = build ? createRequestHandler(build, 'production') : undefined
    const assets = join(buildDir, 'client/assets')

    // Its hashed files, listed once (a build does not change under a running server): found by
    // name alone, kept by browsers for a year, sent as the build's brotli or gzip copy when the
    // browser takes one.
    const files = new Set(existsSync(assets) ? readdirSync(assets) : [])
    app.get('/assets/:name', async (req, reply) => {
      const { name } = req.params as { name: string }
      if (!files.has(name) || name.endsWith('.br') || name.endsWith('.gz'))
        return reply.code(404).type('text/plain').send('Not found')
      const encoding = encodingFor(req.headers['accept-encoding'])
      const copy = encoding && `${name}.${encoding === 'br' ? 'br' : 'gz'}`
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .type(TYPES[extname(name)] ?? 'application/octet-stream')
      if (copy && files.has(copy))
        return reply.header('content-encoding', encoding).send(await readFile(join(assets, copy)))
      return reply.send(await readFile(join(assets, name)))
    })

    const page = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!handle) return reply.code(503).type('text/plain').send('Service unavailable')
      const ownOrigin = new URL(ctx.publicUrl).origin
      // A move comes from the client's own page: a form posted from any other origin is refused.
      if (req.method === 'POST' && req.headers.origin !== ownOrigin)
        return reply.code(403).type('text/plain').send('Forbidden')
      const siteUrl = options.siteUrl().replace(/\/+$/, '')
      const nonce = randomBytes(16).toString('base64')
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value)
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
      const abort = new AbortController()
      reply.raw.once('close', () => abort.abort())
      const request = new Request(`${ownOrigin}${req.url}`, {
        method: req.method,
        headers,
        signal: abort.signal,
        ...(req.method === 'POST' ? { body: new Uint8Array(req.body as Buffer) } : {}),
      })
      const response = await handle(request, build!.entry.module.frameLoadContext({ ctx, serve, siteUrl, nonce }))
      reply.code(response.status)
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value)
      })
      reply
        .header('content-security-policy', policy(nonce, ownOrigin, new URL(siteUrl).origin))
        .header('x-content-type-options', 'nosniff')
        // Its URL holds the launch's token: sent to no other origin. (no-referrer would also send
        // a form's Origin as null, and the check above would refuse every move.)
        .header('referrer-policy', 'same-origin')
      if (!response.body) return reply.send(null)
      // A page is compressed as it is sent (a few kilobytes: brotli's fast level).
      const body = Readable.fromWeb(response.body as never)
      const encoding = encodingFor(req.headers['accept-encoding'])
      if (!encoding) return reply.send(body)
      reply.header('content-encoding', encoding).header('vary', 'accept-encoding').removeHeader('content-length')
      return reply.send(
        body.pipe(
          encoding === 'br'
            ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
            : createGzip({ level: 6 }),
        ),
      )
    }

    // The pages take forms and React Router's own data requests: their bodies pass as they came.
    // (Not awaited: the provider's error handler, set after this, must reach every route.)
    void app.register(async (pages) => {
      // What the HTTP layer refuses (a body past the limit: 413) is said in the page's language,
      // as text: the client's own page, not the provider's JSON error body.
      pages.setErrorHandler((error: { statusCode?: number }, req, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
        if (status === 500) req.log.error({ err: { name: (error as Error).name } }, 'unexpected error')
        const { catalogue } = resources[localeFromPath(req.url.split('?')[0]!)].translation
        return reply
          .code(status)
          .type('text/plain; charset=utf-8')
          .send(status === 500 ? catalogue.game_unavailable : catalogue.validation_failed)
      })
      pages.removeAllContentTypeParsers()
      pages.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_LIMIT }, (_req, body, done) =>
        done(null, body),
      )
      for (const url of ['/game-frame/*', '/en/game-frame/*'])
        pages.route({ method: ['GET', 'HEAD', 'POST'], url, handler: page })
      // The check of a round: a page of its own, its form a GET.
      for (const url of ['/provably-fair', '/en/provably-fair'])
        pages.route({ method: ['GET', 'HEAD'], url, handler: page })
    })
  }
}
