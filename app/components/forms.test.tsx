import { useForm } from '@conform-to/react'
import { createInstance } from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test, vi } from 'vitest'
import { resources } from '#locales/index.ts'
import { encodeMessage } from '#app/utils/form-messages.ts'
import { CheckboxField, Field, FormErrors, RadioGroupField, SelectField, SubmitButton } from './forms.tsx'

// vitest runs without the vanilla-extract plugin: class names are the style names.
vi.mock('./form-fields.css.ts', () => {
  const names =
    'field form formError input label errorList help note select checkField checkRow checkbox checkLabel radioGroup radioRow formStatus submitButton'
  return Object.fromEntries(names.split(' ').map((name) => [name, name]))
})

// A form as a page renders it after the server refused it: errors under fields and on the form.
function TestForm() {
  const [form, fields] = useForm<{
    email: string
    city: string
    termsAccepted: string
    country: string
    gender: string
  }>({
    id: 't',
    lastResult: {
      status: 'error',
      initialValue: { email: 'not-an-email', country: 'ES', gender: 'female' },
      error: {
        '': [encodeMessage('amount_out_of_range', ['1,00 €', '500,00 €']), 'some zod default'],
        email: ['invalid_email'],
        termsAccepted: ['accept_terms'],
      },
    },
  })
  return (
    <form id={form.id}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field meta={fields.email} type="email" label="E-mail" help="We write to it." />
      <Field meta={fields.city} label="City" />
      <CheckboxField meta={fields.termsAccepted} label="Terms" />
      <SelectField
        meta={fields.country}
        label="Country"
        placeholder="Choose"
        options={[
          { value: 'ES', label: 'Spain' },
          { value: 'FR', label: 'France' },
        ]}
      />
      <RadioGroupField
        meta={fields.gender}
        legend="Gender"
        options={[
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
      />
      <SubmitButton>Send</SubmitButton>
    </form>
  )
}

const LONG_LIST = [
  { value: 'BA', label: 'Bosnia & Herzegovina' },
  { value: 'CI', label: 'Côte d’Ivoire' },
  { value: 'XX', label: '<b>"quoted"</b>' },
]

// The countries' select: its options written as one HTML string.
function LongListForm({ chosen }: { chosen?: string }) {
  const [form, fields] = useForm<{ country: string }>({ id: 'l', defaultValue: { country: chosen } })
  return (
    <form id={form.id}>
      <SelectField meta={fields.country} label="Country" placeholder="Choose" options={LONG_LIST} longList />
    </form>
  )
}

async function render(lng: 'es' | 'en', Page: () => ReactNode = TestForm) {
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } })
  const handler = createStaticHandler([{ id: 'page', path: '/', Component: Page }])
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error('unexpected response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  )
}

const tag = (html: string, id: string) => html.match(new RegExp(`<[a-z]+[^>]*id="${id}"[^>]*>`))?.[0] ?? ''

test('a field is labelled, marked invalid and points at its hint and its translated errors', async () => {
  const html = await render('en')
  const input = tag(html, 't-email')
  expect(html).toContain('<label for="t-email"')
  expect(input).toContain('aria-invalid="true"')
  expect(input).toMatch(/aria-describedby="t-email-error t-email-help"/)
  expect(input).toContain('value="not-an-email"')
  expect(html).toMatch(/<ul id="t-email-error"[^>]*><li>Please enter a valid e-mail address\.<\/li><\/ul>/)
  expect(html).not.toContain('role="alert"')
  // A valid field points at nothing and says nothing.
  expect(tag(html, 't-city')).not.toContain('aria-invalid')
  expect(tag(html, 't-city')).not.toContain('aria-describedby')
})

test('form errors are translated with their values; unknown messages never show raw', async () => {
  const html = await render('en')
  expect(html).toContain('The amount must be between 1,00 € and 500,00 €.')
  expect(html).toContain('Please check this value.')
  expect(html).not.toContain('some zod default')
  expect(html).toContain('Please accept the terms and conditions.')
})

test('the same form in Spanish', async () => {
  const html = await render('es')
  expect(html).toContain('Introduce una dirección de correo electrónico válida.')
  expect(html).toContain('El importe debe estar entre 1,00 € y 500,00 €.')
})

test('checkbox, select and radios carry their state and errors', async () => {
  const html = await render('en')
  expect(tag(html, 't-termsAccepted')).toContain('type="checkbox"')
  expect(tag(html, 't-termsAccepted')).toContain('aria-invalid="true"')
  expect(html).toContain('<label for="t-termsAccepted"')
  expect(html).toMatch(/<option value="ES" selected="">Spain<\/option>/)
  expect(html).toContain('<legend')
  expect(html).toMatch(/<input[^>]*value="female"[^>]*checked=""|<input[^>]*checked=""[^>]*value="female"/)
  expect(html).toMatch(/<button type="submit"[^>]*>Send<\/button>/)
  expect(html).not.toMatch(/<button[^>]*disabled/)
})

const optionsOf = (html: string) => html.match(/<select[^>]*>(.*?)<\/select>/)?.[1]

test('a long list writes the same options as one string: escaped, the chosen one selected', async () => {
  expect(optionsOf(await render('en', () => <LongListForm chosen="BA" />))).toBe(
    '<option value="">Choose</option>' +
      '<option value="BA" selected="">Bosnia &amp; Herzegovina</option>' +
      '<option value="CI">Côte d’Ivoire</option>' +
      '<option value="XX">&lt;b&gt;&quot;quoted&quot;&lt;/b&gt;</option>',
  )
  const none = optionsOf(await render('en', () => <LongListForm />))
  expect(none).not.toContain('selected')
  expect(none).toContain('<option value="BA">Bosnia &amp; Herzegovina</option>')
})
