import { expect, test } from 'vitest'
import { isSameOrigin, plainPage } from './security.ts'

const own = ['https://casino.example', 'http://localhost:3000']

test('same-origin requests and requests without browser headers pass', () => {
  expect(isSameOrigin({ origin: 'https://casino.example', secFetchSite: 'same-origin', ownOrigins: own })).toBe(true)
  expect(isSameOrigin({ origin: 'http://localhost:3000', secFetchSite: undefined, ownOrigins: own })).toBe(true)
  expect(isSameOrigin({ origin: undefined, secFetchSite: undefined, ownOrigins: own })).toBe(true)
})

test('another origin or a cross-site fetch is refused', () => {
  expect(isSameOrigin({ origin: 'https://evil.example', secFetchSite: undefined, ownOrigins: own })).toBe(false)
  expect(isSameOrigin({ origin: 'null', secFetchSite: undefined, ownOrigins: own })).toBe(false)
  expect(isSameOrigin({ origin: undefined, secFetchSite: 'cross-site', ownOrigins: own })).toBe(false)
  expect(isSameOrigin({ origin: 'https://casino.example', secFetchSite: 'cross-site', ownOrigins: own })).toBe(false)
})

test('the plain refusal page follows the lng cookie', () => {
  expect(plainPage('lng=en', 'forbidden')).toContain('You don&#39;t have access to this.')
  expect(plainPage(undefined, 'forbidden')).toContain('No tienes acceso a esto.')
})

test('without Origin and Sec-Fetch-Site, the Referer decides', () => {
  expect(
    isSameOrigin({
      origin: undefined,
      secFetchSite: undefined,
      referer: 'https://casino.example/en/login',
      ownOrigins: own,
    }),
  ).toBe(true)
  expect(
    isSameOrigin({
      origin: undefined,
      secFetchSite: undefined,
      referer: 'https://evil.example/casino.example',
      ownOrigins: own,
    }),
  ).toBe(false)
  expect(isSameOrigin({ origin: undefined, secFetchSite: undefined, referer: 'not a url', ownOrigins: own })).toBe(
    false,
  )
  // The Origin header, when sent, wins over the Referer.
  expect(
    isSameOrigin({
      origin: 'https://evil.example',
      secFetchSite: undefined,
      referer: 'https://casino.example/',
      ownOrigins: own,
    }),
  ).toBe(false)
  // A sibling site (same-site, another origin) is not the site.
  expect(isSameOrigin({ origin: undefined, secFetchSite: 'same-site', referer: undefined, ownOrigins: own })).toBe(
    false,
  )
})

test("the plain page for a refused body speaks the path's language first", () => {
  expect(plainPage(undefined, 'payload_too_large', '/en/login')).toContain('<html lang="en"')
  expect(plainPage('lng=en', 'payload_too_large', '/login')).toContain('<html lang="en"')
  expect(plainPage(undefined, 'payload_too_large', '/login')).toContain(
    'El envío supera el tamaño permitido. Vuelve atrás y revísalo.',
  )
})
