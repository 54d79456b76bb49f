// Every form of the site, sent with hostile text in each field, answers catalogue codes only:
// what the browser and the web server show under a field is never zod's own English.
import { expect, test } from 'vitest'
import { MESSAGE_CODES } from '#contract'
import { fieldPaths, HOSTILE_TEXTS } from '#casino-api/tests/hostile-inputs.ts'
import { decodeMessage, encodeMessage } from './form-messages.ts'
import { FORMS, parseForm, type FormName } from './form-validation.ts'

const CODES = new Set<string>(MESSAGE_CODES)

test('every message of every form for hostile text is a catalogue code', () => {
  const foreign = new Set<string>()
  for (const name of Object.keys(FORMS) as FormName[]) {
    const fields = [...new Set(fieldPaths(FORMS[name]).map((f) => f.path.join('.')))]
    expect(fields.length, name).toBeGreaterThan(0)
    const sent = [new FormData()]
    for (const text of HOSTILE_TEXTS) {
      const everyField = new FormData()
      for (const field of fields) {
        everyField.set(field, text)
        const one = new FormData()
        one.set(field, text)
        sent.push(one)
      }
      sent.push(everyField)
    }
    // As the casino API reads it, and as each language's page does.
    for (const locale of [undefined, 'es', 'en'] as const)
      for (const formData of sent) {
        const submission = parseForm(name, formData, { locale })
        const errors = (submission.status === 'error' ? submission.error : null) as Record<
          string,
          string[] | null
        > | null
        for (const [field, messages] of Object.entries(errors ?? {}))
          for (const message of messages ?? [])
            if (!CODES.has(decodeMessage(message).code)) foreign.add(`${name} ${field || '(form)'}: ${message}`)
      }
  }
  expect([...foreign]).toEqual([])
})

const formOf = (entries: Record<string, string>) => {
  const formData = new FormData()
  for (const [name, value] of Object.entries(entries)) formData.set(name, value)
  return formData
}
const euros = (amount: number) => ({ amount, currency: 'EUR' as const })
const errorsOf = (submission: { status?: string }) => (submission as { error?: Record<string, string[] | null> }).error

test("in the browser a money form checks the page's limits, with the casino API's message and values", () => {
  const range = { refusal: 'amount_out_of_range', min: 10_00, max: 10_000_00, currency: 'EUR' } as const
  const outOfRange = [encodeMessage('amount_out_of_range', [euros(10_00), euros(10_000_00)])]
  for (const amount of ['5', '20000', '10000,01'])
    expect(
      errorsOf(parseForm('deposit-bank_transfer', formOf({ amount }), { locale: 'es', amountLimits: range }))?.amount,
      amount,
    ).toEqual(outOfRange)
  expect(
    parseForm('deposit-bank_transfer', formOf({ amount: '10.000,00' }), { locale: 'es', amountLimits: range }).status,
  ).toBe('success')
  // Without limits (the web server's check: the casino API judges the amount).
  expect(parseForm('deposit-bank_transfer', formOf({ amount: '5' })).status).toBe('success')

  // A card's own rules still hold beside the limits.
  const card = { holderName: 'Lucía García', cardNumber: '4242424242424242', cvv2: '123', month: '1', year: '2001' }
  const expired = parseForm('deposit-card', formOf({ ...card, amount: '5' }), { locale: 'es', amountLimits: range })
  expect(errorsOf(expired)).toMatchObject({ amount: outOfRange })
  const expiredOnly = parseForm('deposit-card', formOf({ ...card, amount: '50' }), {
    locale: 'es',
    amountLimits: range,
  })
  expect(errorsOf(expiredOnly)).toEqual({ month: ['invalid_date'] })

  const minimum = { refusal: 'amount_below_minimum', min: 20_00, currency: 'EUR' } as const
  const withdrawal = { method: 'bitcoin', walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }
  expect(
    errorsOf(
      parseForm('withdrawal-bitcoin', formOf({ ...withdrawal, amount: '19,99' }), {
        locale: 'es',
        amountLimits: minimum,
      }),
    )?.amount,
  ).toEqual([encodeMessage('amount_below_minimum', [euros(20_00)])])
  // How much is too much hangs on the balance of the moment: the casino API says it.
  expect(
    parseForm('withdrawal-bitcoin', formOf({ ...withdrawal, amount: '50000' }), { locale: 'es', amountLimits: minimum })
      .status,
  ).toBe('success')
})

test("a money form reads its amount in the page's language, in the browser and on the server alike", () => {
  const withdrawal = { method: 'bitcoin', walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }
  const amountOf = (amount: string, locale: 'es' | 'en') => {
    const submission = parseForm('withdrawal-bitcoin', formOf({ ...withdrawal, amount }), { locale })
    return submission.status === 'success' ? submission.value.amount : errorsOf(submission)?.amount
  }
  expect(amountOf('1.234,56', 'es')).toBe(123456)
  expect(amountOf('1,234.56', 'en')).toBe(123456)
  expect(amountOf('1.234', 'es')).toBe(123400)
  expect(amountOf('1,234', 'es')).toEqual(['invalid_number'])
  expect(amountOf('1.234,56', 'en')).toEqual(['invalid_number'])
  // A voucher's amount may stay empty in either language.
  const voucher = { voucherCode: 'ABCD-EFGH-JKLM-NPQR' }
  expect(parseForm('deposit-voucher', formOf(voucher), { locale: 'en' }).status).toBe('success')
  expect(parseForm('deposit-voucher', formOf({ ...voucher, amount: '20,00' }), { locale: 'es' }).status).toBe('success')
})
