import { expect, test } from 'vitest'
import { localeFromPath, localizePath, stripLocale } from './locale.ts'

test('the locale comes from the path: /en… is English, the rest Spanish', () => {
  expect(localeFromPath('/')).toBe('es')
  expect(localeFromPath('/login')).toBe('es')
  expect(localeFromPath('/en')).toBe('en')
  expect(localeFromPath('/en/')).toBe('en')
  expect(localeFromPath('/en/login')).toBe('en')
  expect(localeFromPath('/en.data')).toBe('en')
  expect(localeFromPath('/entrar')).toBe('es')
  expect(localeFromPath('/english')).toBe('es')
})

test('localizePath puts a path in a locale', () => {
  expect(localizePath('en', '/login')).toBe('/en/login')
  expect(localizePath('es', '/login')).toBe('/login')
  expect(localizePath('en', '/')).toBe('/en')
  expect(localizePath('es', '/')).toBe('/')
  expect(localizePath('en', 'login')).toBe('/en/login')
})

test('localizePath moves a localized path and keeps query and hash', () => {
  expect(localizePath('es', '/en/login')).toBe('/login')
  expect(localizePath('en', '/en/login')).toBe('/en/login')
  expect(localizePath('es', '/en')).toBe('/')
  expect(localizePath('en', '/user-management?tab=1#top')).toBe('/en/user-management?tab=1#top')
  expect(localizePath('en', '/?theme=light')).toBe('/en?theme=light')
})

test('stripLocale removes the /en prefix only', () => {
  expect(stripLocale('/en/login')).toBe('/login')
  expect(stripLocale('/en')).toBe('/')
  expect(stripLocale('/login')).toBe('/login')
  expect(stripLocale('/entrar')).toBe('/entrar')
})
