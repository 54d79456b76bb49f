// Every catalogue message with values, rendered as the pages render it, in both languages: an
// amount shows as the pages write money, never as cents and never as an empty placeholder.
import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { MESSAGE_CODES, MESSAGE_VALUES, type MessageArg, type MessageCode, type Money } from '#contract'
import { resources } from '#locales/index.ts'
import { encodeMessage } from '#app/utils/form-messages.ts'
import { LOCALES, type Locale } from '#ui/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import { messageText } from '#casino-api/contract/errors.ts'
import { useMessageText } from './forms.tsx'
import { useCatalogue } from '#ui/use-catalogue.ts'

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))

/** Renders `show` (a hook's use) on a page of `locale` and answers its text. */
async function renderText(locale: Locale, show: () => string) {
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({ lng: locale, resources, interpolation: { escapeValue: false } })
  const Page = () => <p>{show()}</p>
  const handler = createStaticHandler([{ id: 'page', path: '/*', Component: Page }])
  const context = await handler.query(new Request(`http://localhost${locale === 'en' ? '/en/x' : '/x'}`))
  if (context instanceof Response) throw new Error('unexpected response')
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </I18nextProvider>,
  )
  return html.replace(/^<p>|<\/p>$/g, '').replaceAll('&#x27;', "'")
}

// Amounts whose cents would show if they were printed as numbers: '1234567', '500000'.
const AMOUNTS: Money[] = [
  { amount: 12_345_67, currency: 'EUR' },
  { amount: 5_000_00, currency: 'INR' },
]
const moneyCodes = (Object.keys(MESSAGE_VALUES) as (keyof typeof MESSAGE_VALUES)[]).filter((code) =>
  MESSAGE_VALUES[code].some((kind) => kind === 'money'),
)
const argsOf = (code: keyof typeof MESSAGE_VALUES): MessageArg[] =>
  MESSAGE_VALUES[code].map((kind, i) => (kind === 'money' ? AMOUNTS[i]! : kind === 'number' ? 15 : 'ana@example.com'))

test('every message with values says what fills them, in both languages', () => {
  for (const code of MESSAGE_CODES) {
    for (const locale of LOCALES) {
      const text = resources[locale].translation.catalogue[code]
      const kinds: readonly string[] = (MESSAGE_VALUES as Partial<Record<MessageCode, readonly string[]>>)[code] ?? []
      expect([...placeholders(text)].sort(), `${locale} ${code}`).toEqual(kinds.map((_, i) => String(i)))
    }
  }
  expect(moneyCodes).toEqual(expect.arrayContaining(['amount_out_of_range', 'amount_too_big', 'amount_below_minimum']))
})

for (const locale of LOCALES) {
  test(`${locale}: every amount in a message is money as the pages write it, from a refusal and from a form`, async () => {
    for (const code of moneyCodes) {
      const args = argsOf(code)
      const fromRefusal = await renderText(locale, () => useCatalogue()(code, args))
      const fromForm = await renderText(locale, () => useMessageText()(encodeMessage(code, args)))
      for (const text of [fromRefusal, fromForm]) {
        expect(text, code).not.toMatch(/\{\{|\}\}/)
        // An empty value leaves a space before punctuation or two spaces: 'entre  y .'.
        expect(text, code).not.toMatch(/\s[.,:;]|\s{2}/)
        expect(text, code).not.toMatch(/1234567|500000/)
        for (const [i, kind] of MESSAGE_VALUES[code].entries()) {
          if (kind !== 'money') continue
          const { amount, currency } = AMOUNTS[i]!
          expect(text, code).toContain(formatMoney(amount, currency, locale))
        }
      }
      expect(fromForm).toBe(fromRefusal)
    }
  })
}

test('the deposit range in both languages, as a player reads it', async () => {
  const range: MessageArg[] = [
    { amount: 10_00, currency: 'EUR' },
    { amount: 10_000_00, currency: 'EUR' },
  ]
  expect(await renderText('es', () => useMessageText()(encodeMessage('amount_out_of_range', range)))).toBe(
    'El importe debe estar entre 10,00\u00a0€ y 10.000,00\u00a0€.',
  )
  expect(await renderText('en', () => useMessageText()(encodeMessage('amount_out_of_range', range)))).toBe(
    'The amount must be between €10.00 and €10,000.00.',
  )
})

test('a count in a message is written as the pages write numbers; a text that looks like one is kept', async () => {
  const minimum = encodeMessage('loyalty_redeem_below_minimum', [10_000])
  expect(await renderText('es', () => useMessageText()(minimum))).toBe('Canjea al menos 10.000 puntos.')
  expect(await renderText('en', () => useMessageText()(minimum))).toBe('Redeem at least 10,000 points.')
  const waiting = await renderText('en', () => useCatalogue()('promo_code_waiting', ['20000']))
  expect(waiting).toContain('20000')
  expect(waiting).not.toContain('20,000')
})

test('a time in a message is written as the pages write a date and time, in the site time zone, from a refusal and a toast', async () => {
  // 23:30 UTC is already the next day in Madrid.
  const until = '2026-12-05T23:30:00.000Z'
  expect(await renderText('es', () => useCatalogue()('account_timed_out', [until]))).toBe(
    'Tu cuenta está en pausa hasta el 2026.12.06 00:30:00. Podrás volver a entrar a partir de entonces.',
  )
  expect(await renderText('en', () => useMessageText()(encodeMessage('account_self_excluded', [until])))).toBe(
    'You have excluded yourself until 2026.12.06 00:30:00. Until then this account cannot log in, deposit, play or receive bonuses.',
  )
  // The casino API's own English text says the same.
  expect(messageText('account_timed_out', [until])).toContain('until 2026.12.06 00:30:00.')
})
