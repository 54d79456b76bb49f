import { expect, test } from 'vitest'
import { localizePath } from './locale.ts'
import { sameSitePath } from './safe-path.ts'

test.each([
  ['//evil.example', '/evil.example'],
  ['///evil.example/x?theme=dark', '/evil.example/x?theme=dark'],
  ['/\\evil.example', '/evil.example'],
  ['\\\\evil.example', '/evil.example'],
  ['/\t/evil.example', '/evil.example'],
  ['/\n\\evil.example', '/evil.example'],
  ['https://evil.example/x', '/https://evil.example/x'],
  ['javascript:alert(1)', '/javascript:alert(1)'],
  ['', '/'],
  ['/ok?next=\\evil', '/ok?next=\\evil'],
  ['/ok/\\evil', '/ok//evil'],
])('%j stays on the site as %j', (input, expected) => {
  expect(sameSitePath(input)).toBe(expected)
  expect(new URL(sameSitePath(input), 'https://casino.example').origin).toBe('https://casino.example')
})

test('ordinary paths, queries and hashes are kept as they are', () => {
  expect(sameSitePath('/en/login?next=//x#top')).toBe('/en/login?next=//x#top')
  expect(sameSitePath('/user-management/profile')).toBe('/user-management/profile')
  expect(sameSitePath('/')).toBe('/')
})

test('localized links built from a hostile path stay on the site', () => {
  expect(localizePath('es', '//evil.example')).toBe('/evil.example')
  expect(localizePath('en', '//evil.example?a=1')).toBe('/en/evil.example?a=1')
  expect(localizePath('es', '/en//evil.example')).toBe('/evil.example')
  expect(localizePath('en', '/\\evil.example')).toBe('/en/evil.example')
})
