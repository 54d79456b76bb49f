import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getInstance, getInstanceFor, getLocale, i18nextMiddleware } from './i18next.ts'
import { LOCALES } from '#ui/locale.ts'

/** Runs the middleware for a path; `inside` runs where a loader would (after the middleware). */
async function request<T>(path: string, inside: (context: RouterContextProvider) => Promise<T>): Promise<T> {
  const context = new RouterContextProvider()
  let result: T | undefined
  await i18nextMiddleware(
    {
      request: new Request(`http://casino.test${path}`),
      context,
      params: {},
      unstable_pattern: '',
    } as unknown as Parameters<typeof i18nextMiddleware>[0],
    async () => {
      result = await inside(context)
      return new Response(null)
    },
  )
  return result as T
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('i18next: one shared instance per locale', () => {
  test('the locale comes from the path, and every request in a locale gets the same initialised instance', async () => {
    const [es1, es2, en1, en2] = await Promise.all(
      ['/', '/login', '/en', '/en/register'].map((path) =>
        request(path, async (context) => ({ locale: getLocale(context), i18n: getInstance(context) })),
      ),
    )
    expect([es1!.locale, es2!.locale, en1!.locale, en2!.locale]).toEqual(['es', 'es', 'en', 'en'])
    expect(es1!.i18n).toBe(es2!.i18n)
    expect(en1!.i18n).toBe(en2!.i18n)
    expect(en1!.i18n).not.toBe(es1!.i18n)
    expect(es1!.i18n).toBe(getInstanceFor('es'))
    expect(es1!.i18n.isInitialized).toBe(true)
  })

  test('requests in both languages at the same time each read their own language', async () => {
    const texts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(i % 2 ? '/en/login' : '/login', async (context) => {
          const before = getInstance(context).t('common.skipToContent')
          await tick()
          return {
            even: i % 2 === 0,
            before,
            after: getInstance(context).t('common.skipToContent'),
            language: getInstance(context).language,
          }
        }),
      ),
    )
    for (const { even, before, after, language } of texts) {
      expect(language).toBe(even ? 'es' : 'en')
      expect(before).toBe(even ? 'Saltar al contenido' : 'Skip to content')
      expect(after).toBe(before)
    }
  })

  test('nothing can switch a shared instance to another language', () => {
    expect(() => getInstanceFor('es').changeLanguage('en')).toThrow(/cannot change its language/)
    expect(getInstanceFor('es').language).toBe('es')
    expect(getInstanceFor('es').t('common.skipToContent')).toBe('Saltar al contenido')
  })

  test('remembered texts are the texts i18next gives, with and without interpolation', () => {
    const en = getInstanceFor('en')
    const t = en.getFixedT('en', 'translation', undefined)
    expect(t('common.skipToContent')).toBe('Skip to content')
    expect(t('common.skipToContent')).toBe('Skip to content')
    expect(en.t('common.footer.rights', { year: 2031, siteName: 'Casino Sol' })).toBe(
      '© 2031 Casino Sol. All rights reserved.',
    )
    expect(t('common.footer.rights', { year: 2032, siteName: 'Casino Luna' })).toBe(
      '© 2032 Casino Luna. All rights reserved.',
    )
    // The same fixed t for the same arguments (react-i18next asks for one per component render).
    expect(en.getFixedT('en', 'translation', undefined)).toBe(t)
  })

  test('the object handed to react-i18next owns no properties (its useTranslation copies them on every render)', () => {
    for (const locale of LOCALES) expect(Reflect.ownKeys(getInstanceFor(locale))).toEqual([])
  })
})
