import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { ContentLink } from './content-link.tsx'

async function render(href: string | null) {
  const Page = () => (
    <ContentLink href={href} className="slide" orElse={<div className="slide">Slide</div>}>
      Slide
    </ContentLink>
  )
  const handler = createStaticHandler([{ id: 'page', path: '/', Component: Page }])
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error('unexpected response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

test('a content link off the site (an entry saved before the rule) is shown as no link', async () => {
  for (const href of [
    '/\\evil.example/x',
    '//evil.example/x',
    '/%5Cevil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])
    expect(await render(href), JSON.stringify(href)).toBe('<div class="slide">Slide</div>')
  expect(await render(null)).toBe('<div class="slide">Slide</div>')
})

test('a path on the site is a link of the site, an https address one to another site', async () => {
  expect(await render('/en/welcome')).toMatch(/^<a [^>]*href="\/en\/welcome"[^>]*>Slide<\/a>$/)
  expect(await render('https://www.begambleaware.org/')).toBe(
    '<a href="https://www.begambleaware.org/" class="slide" rel="noopener noreferrer">Slide</a>',
  )
})
