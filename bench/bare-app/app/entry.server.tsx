import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext } from 'react-router'
import { i18nFor, langOf } from './i18n.ts'

export const streamTimeout = 5_000

// One instance per language, made at startup: a request only picks one.
const instances = { es: i18nFor('es'), en: i18nFor('en') }

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const i18n = instances[langOf(new URL(request.url).pathname)]
  return new Promise<Response>((resolve, reject) => {
    const userAgent = request.headers.get('user-agent')
    const ready = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} />
      </I18nextProvider>,
      {
        [ready]() {
          const body = new PassThrough()
          headers.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500
          console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
