import { createReadableStreamFromReadable } from '@react-router/node'
import type { i18n } from 'i18next'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { localeFromPath, LOCALES, type Locale } from '#ui/locale.ts'
import { NonceProvider } from '#ui/nonce.tsx'
import { frameOf } from './context.ts'
import { BatchingStream, MODULE_PRELOAD } from '#ui/batching-stream.server.ts'
import { withInlineStylesheet } from '#ui/inline-stylesheet.server.ts'
import { pageI18n } from '#ui/page-i18n.ts'
import { CATALOGUES } from './i18n.ts'

// provider/server/frame.ts makes each request's load context with this build's own context key.
export { frameLoadContext } from './context.ts'

export const streamTimeout = 5_000

/** One i18next instance per language, made once: a page only reads it. */
const instances = new Map<Locale, Promise<i18n>>(
  LOCALES.map((lng) => [lng, CATALOGUES[lng]().then((catalogue) => pageI18n(lng, catalogue))]),
)

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  const { nonce } = frameOf(loadContext)
  const i18n = await instances.get(localeFromPath(new URL(request.url).pathname))!
  // A game client is a small page: it is sent whole, once rendered, its stylesheet written into
  // its head (a linked one let a framed client paint unstyled first: a layout shift).
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={withInlineStylesheet(routerContext)} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // Its content before its code: no module preloads in the head (ui/batching-stream.server.ts).
          const body = new BatchingStream(undefined, MODULE_PRELOAD)
          headers.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { status, headers }))
          pipe(body)
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500
          if (!request.signal.aborted) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
