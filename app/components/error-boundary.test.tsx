import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from 'react-router'
import { expect, test, vi } from 'vitest'
import { resources } from '#locales/index.ts'
import { upstreamUnavailable } from '#app/upstream/client.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import { GeneralErrorBoundary, type ErrorPlacement, type StatusHandler } from './error-boundary.tsx'

/** Renders the page at `path` whose loader throws `thrown`, under a GeneralErrorBoundary with these props. */
async function renderError(
  thrown: () => never | void,
  props: { statusHandlers?: Partial<Record<number, StatusHandler>>; placement?: ErrorPlacement } = {},
  lng: 'en' | 'es' = 'en',
) {
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } })
  const handler = createStaticHandler([
    {
      id: 'page',
      path: '/games/:slug',
      loader: () => {
        thrown()
        return null
      },
      Component: () => <p>the page</p>,
      ErrorBoundary: () => <GeneralErrorBoundary {...props} />,
    },
  ])
  const context = await handler.query(new Request('http://localhost/games/roulette'))
  if (context instanceof Response) throw new Error('unexpected response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  )
}

test('a status with a handler is rendered by it, with the status and the code', async () => {
  const html = await renderError(() => notFoundUnless(false, 'game_not_found'), {
    statusHandlers: { 404: ({ status, code }) => <p>{`gone: ${status} ${code}`}</p>, 503: () => <p>later</p> },
  })
  expect(html).toContain('<p>gone: 404 game_not_found</p>')
  expect(html).not.toContain('the page')
})

test('statuses without a handler get the general card: title, message, a retry link when the casino API was down', async () => {
  const html = await renderError(() => notFoundUnless(false), { statusHandlers: { 503: () => <p>later</p> } })
  expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/)
  expect(html).toContain('This page could not be found.')
  expect(html).not.toContain('Try again')

  const down = await renderError(() => {
    throw data({ code: 'upstream_unavailable' }, { status: 502 })
  })
  expect(down).toMatch(/<h1[^>]*>Something went wrong<\/h1>/)
  expect(down).toContain('The casino is not answering right now.')
  expect(down).toMatch(/<a href="\/games\/roulette"[^>]*>Try again<\/a>/)
})

test("an unavailable casino API's page shows the request's reference, in both languages", async () => {
  const requestId = '1fc33fab-7043-4b88-8038-8b44dc5f506c'
  const down = () => {
    throw upstreamUnavailable(502, requestId)
  }
  expect(await renderError(down)).toContain('Reference: 1fc33fab (quote it if you contact us)')
  expect(await renderError(down, {}, 'es')).toContain('Referencia: 1fc33fab (indícala si nos escribes)')
  // A proxy's id of another form is shown whole; no id, no reference.
  expect(
    await renderError(() => {
      throw upstreamUnavailable(504, 'lb-20261127-000042')
    }),
  ).toContain('Reference: lb-20261127-000042 ')
  expect(
    await renderError(() => {
      throw upstreamUnavailable(502)
    }),
  ).not.toContain('Reference')
})

test("in an area's panel the title is a second-level heading under the area's own", async () => {
  const html = await renderError(
    () => {
      throw data({ code: 'upstream_unavailable' }, { status: 504 })
    },
    { placement: 'panel' },
  )
  expect(html).not.toContain('<h1')
  expect(html).toMatch(/<h2[^>]*>Something went wrong<\/h2>/)
  expect(html).toContain('504')
})

test('an unexpected error is a 500; in development (as vitest runs) with its stack, also logged', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  const html = await renderError(() => {
    throw new Error('secret stack')
  })
  expect(html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/)
  expect(html).toContain('500')
  expect(html).toContain('Error: secret stack')
  expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: 'secret stack' }))
  log.mockRestore()
})
