import { createReadableStreamFromReadable } from '@react-router/node'
import type { i18n } from 'i18next'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { NonceProvider } from '#ui/nonce.tsx'
import { getRequestInfo, requestContext } from './middleware/context.ts'
import { getInstance, getInstanceFor } from './middleware/i18next.ts'
import { BatchingStream, MODULE_PRELOAD } from '#ui/batching-stream.server.ts'
import { withInlineStylesheet } from '#ui/inline-stylesheet.server.ts'
import { localeFromPath } from '#ui/locale.ts'

// server/build.ts takes these from the build, so that it sets the very context key the routes read
// and configures the build's own copy of the environment (a second copy would be another object).
export { requestContext }
export { configureServerEnv } from './utils/env.server.ts'

export const streamTimeout = 5_000

/** The middleware's i18next instance; the path's when the middleware did not run. */
function i18nFor(request: Request, context: RouterContextProvider): i18n {
  try {
    return getInstance(context)
  } catch {
    return getInstanceFor(localeFromPath(new URL(request.url).pathname))
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  // Development's CSP allows inline code (Vite); a nonce there only upsets hydration checks,
  // since browsers hide the attribute from the DOM.
  const nonce = import.meta.env.PROD ? getRequestInfo(loadContext).nonce : undefined
  const i18n = i18nFor(request, loadContext)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and SPA mode wait for everything; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={withInlineStylesheet(routerContext)} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new BatchingStream(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          }, MODULE_PRELOAD)
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while streaming (after the shell) are logged here; shell errors reject above. A
          // browser that left mid-stream (a closed tab, a navigation) aborts the request and its
          // pending data with it: nothing went wrong on this side, so nothing is logged.
          if (shellRendered && !request.signal.aborted) console.error(error)
        },
      },
    )
    // Only now: `abort` exists (starting the timer earlier can abort an undefined stream).
    timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
  })
}
