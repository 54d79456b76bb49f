import { parseWithZod } from '@conform-to/zod/v4'
import { CarespayDepositProcessorParams, ResetPlayerPasswordParams } from '#contract'
import { ChangePasswordForm, RegisterForm } from './form-schemas.ts'
import { expect, test } from 'vitest'
import { decodeMessage, encodeMessage } from './form-messages.ts'
import { invalidForm, refusalStatus, refusedForm, replyFromUpstream } from './forms.server.ts'

function form(entries: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(entries)) formData.set(name, value)
  return formData
}

const registration = {
  username: 'new_player',
  password: 'secret-pass-1',
  confirmPassword: 'secret-pass-1',
  email: 'new@example.com',
  phone: '+34 600 11 22 33',
  promoCode: '',
  gender: 'female',
  birthday: '1990-04-02',
  firstName: 'Ana',
  lastName: 'García',
  address: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
  language: 'es',
  ageConfirmed: 'on',
  termsAccepted: 'on',
  currencyConfirmed: 'on',
}

test('a refusal about one field goes under that field; passwords are cleared, other input kept', () => {
  const submission = parseWithZod(form(registration), { schema: RegisterForm })
  expect(submission.status).toBe('success')
  const reply = replyFromUpstream(submission, { ok: false, status: 409, code: 'email_taken' })
  expect(reply.status).toBe('error')
  expect(reply.error?.email).toEqual(['email_taken'])
  expect(reply.error?.['']).toBeUndefined()
  expect(reply.initialValue?.password).toBeUndefined()
  expect(reply.initialValue?.confirmPassword).toBeUndefined()
  expect(reply.initialValue?.username).toBe('new_player')
  expect(reply.initialValue?.phone).toBe('+34 600 11 22 33')
  expect(reply.initialValue?.termsAccepted).toBe('on')
})

test('a refusal about the whole form is a form error', () => {
  const submission = parseWithZod(form(registration), { schema: RegisterForm })
  const reply = replyFromUpstream(submission, { ok: false, status: 409, code: 'duplicate_player' })
  expect(reply.error?.['']).toEqual(['duplicate_player'])
  expect(reply.error?.username).toBeUndefined()
})

test('a field code whose field is not in the form becomes a form error', () => {
  const submission = parseWithZod(form({ username: 'demo', email: 'demo@example.com' }), {
    schema: ResetPlayerPasswordParams,
  })
  const reply = replyFromUpstream(submission, { ok: false, status: 400, code: 'phone_taken' })
  expect(reply.error?.['']).toEqual(['phone_taken'])
  expect(reply.initialValue).toMatchObject({ username: 'demo', email: 'demo@example.com' })
})

test("'Old password is wrong' is shown under the old password, and every password is cleared", () => {
  const submission = parseWithZod(
    form({ oldPassword: 'wrong-one', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' }),
    {
      schema: ChangePasswordForm,
    },
  )
  const reply = replyFromUpstream(submission, { ok: false, status: 400, code: 'old_password_wrong' })
  expect(reply.error?.oldPassword).toEqual(['old_password_wrong'])
  expect(reply.initialValue?.oldPassword).toBeUndefined()
  expect(reply.initialValue?.newPassword).toBeUndefined()
  expect(reply.initialValue?.confirmPassword).toBeUndefined()
})

test('field errors named by the upstream land under those fields; unknown fields become form errors', () => {
  const submission = parseWithZod(form(registration), { schema: RegisterForm })
  const reply = replyFromUpstream(submission, {
    ok: false,
    status: 400,
    code: 'validation_failed',
    fields: { phone: ['invalid_phone'], 'address.line2': ['invalid_value'] },
  })
  expect(reply.error?.phone).toEqual(['invalid_phone'])
  expect(reply.error?.['']).toEqual(['invalid_value'])
})

test("'validation_failed' without fields is a form error", () => {
  const submission = parseWithZod(form(registration), { schema: RegisterForm })
  const reply = replyFromUpstream(submission, { ok: false, status: 400, code: 'validation_failed' })
  expect(reply.error?.['']).toEqual(['validation_failed'])
})

test('message values travel with the code', () => {
  const submission = parseWithZod(form({ username: 'demo', email: 'demo@example.com' }), {
    schema: ResetPlayerPasswordParams,
  })
  const reply = replyFromUpstream(submission, { ok: false, status: 429, code: 'account_locked', args: [15] })
  const [message] = reply.error?.[''] ?? []
  expect(decodeMessage(message ?? '')).toEqual({ code: 'account_locked', args: ['15'] })
  expect(decodeMessage(encodeMessage('amount_out_of_range', ['1.000,00 €', '5 & more?']))).toEqual({
    code: 'amount_out_of_range',
    args: ['1.000,00 €', '5 & more?'],
  })
  expect(decodeMessage(encodeMessage('withdrawal_sent', [{ amount: 1_234_56, currency: 'INR' }]))).toEqual({
    code: 'withdrawal_sent',
    args: [{ amount: 1_234_56, currency: 'INR' }],
  })
  expect(decodeMessage('field_required')).toEqual({ code: 'field_required', args: [] })
  // A refusal's own values travel with it, whether or not the web app knows what they fill.
  const wager = replyFromUpstream(submission, {
    ok: false,
    status: 400,
    code: 'wager_not_met',
    args: [{ amount: 300_00, currency: 'EUR' }],
    fields: { email: ['invalid_value'] },
  })
  expect(wager.error?.['']?.map(decodeMessage)).toEqual([
    { code: 'wager_not_met', args: [{ amount: 300_00, currency: 'EUR' }] },
  ])
  expect(wager.error?.email).toEqual(['invalid_value'])
})

test("a refusal's amounts fill its field's message too, which is shown once", () => {
  const submission = parseWithZod(form({ amount: '5' }), { schema: CarespayDepositProcessorParams })
  const limits = [
    { amount: 10_00, currency: 'EUR' },
    { amount: 10_000_00, currency: 'EUR' },
  ] as const
  const reply = replyFromUpstream(submission, {
    ok: false,
    status: 400,
    code: 'amount_out_of_range',
    args: limits,
    fields: { amount: ['amount_out_of_range'] },
  })
  expect(reply.error?.amount?.map(decodeMessage)).toEqual([{ code: 'amount_out_of_range', args: limits }])
  expect(reply.error?.['']).toBeUndefined()

  // A withdrawal over the month's limit: the limit's word on the form, the amount left under the field.
  const withdrawal = replyFromUpstream(
    submission,
    {
      ok: false,
      status: 400,
      code: 'limit_exceeded',
      args: [{ amount: 25_00, currency: 'EUR' }],
      fields: { amount: ['amount_too_big'] },
    },
    { fieldOf: { limit_exceeded: 'amount' } },
  )
  expect(withdrawal.error?.amount?.map(decodeMessage)).toEqual([
    { code: 'amount_too_big', args: [{ amount: 25_00, currency: 'EUR' }] },
    { code: 'limit_exceeded', args: [{ amount: 25_00, currency: 'EUR' }] },
  ])
})

test("the status is the upstream's 4xx, never a 500", () => {
  expect(refusalStatus({ status: 400 })).toBe(400)
  expect(refusalStatus({ status: 409 })).toBe(409)
  expect(refusalStatus({ status: 429 })).toBe(429)
  expect(refusalStatus({ status: 500 })).toBe(502)
  const submission = parseWithZod(form(registration), { schema: RegisterForm })
  const refused = refusedForm(submission, { ok: false, status: 409, code: 'username_taken' })
  expect(refused.init?.status).toBe(409)
  expect(refused.data.result.error?.username).toEqual(['username_taken'])
})

test('an invalid form is a 400 with its field codes, passwords cleared and other input kept', () => {
  const submission = parseWithZod(form({ ...registration, confirmPassword: 'something-else', email: 'not-an-email' }), {
    schema: RegisterForm,
  })
  expect(submission.status).toBe('error')
  const invalid = invalidForm(submission)
  expect(invalid.init?.status).toBe(400)
  expect(invalid.data.result.error?.confirmPassword).toEqual(['password_mismatch'])
  expect(invalid.data.result.error?.email).toEqual(['invalid_email'])
  expect(invalid.data.result.initialValue?.password).toBeUndefined()
  expect(invalid.data.result.initialValue?.email).toBe('not-an-email')
})
