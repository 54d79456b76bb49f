import { expect, test } from 'vitest'
import { ageOn, LoginParams, PlayerSendMessageParams, UpdateProfileParams } from '#contract'
import { ChangePasswordForm, RegisterForm, ResetPasswordForm } from './form-schemas.ts'

/** The catalogue codes a schema answers for an input, by field. */
function codes(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }
  },
  input: unknown,
) {
  const r = schema.safeParse(input)
  const out: Record<string, string[]> = {}
  for (const i of r.error?.issues ?? []) (out[i.path.join('.') || ''] ??= []).push(i.message)
  return out
}

const valid = {
  username: 'lucia_g',
  password: 'a-good-password',
  confirmPassword: 'a-good-password',
  email: 'Lucia@Example.com',
  phone: '+34 600 11 22 33',
  gender: 'female',
  birthday: '1990-05-17',
  firstName: 'Lucía',
  lastName: 'García',
  address: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  country: 'es',
  language: 'es',
  currency: 'EUR',
  ageConfirmed: 'on',
  termsAccepted: 'on',
  currencyConfirmed: 'on',
}

test('a complete registration passes and is normalised (e-mail lower case, phone digits, country upper case)', () => {
  const r = RegisterForm.parse(valid)
  expect(r.email).toBe('lucia@example.com')
  expect(r.phone).toBe('+34600112233')
  expect(r.country).toBe('ES')
  expect(r.newsletter).toBe(false)
  expect(r.promoCode).toBeUndefined()
})

test('every required registration field says "Field required" when empty', () => {
  const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, '']))
  const c = codes(RegisterForm, empty)
  for (const field of [
    'username',
    'password',
    'email',
    'phone',
    'gender',
    'birthday',
    'firstName',
    'lastName',
    'address',
    'postalCode',
    'city',
    'country',
  ]) {
    expect(c[field], field).toContain('field_required')
  }
  expect(c.ageConfirmed).toEqual(['accept_age'])
  expect(c.termsAccepted).toEqual(['accept_terms'])
  expect(c.currencyConfirmed).toEqual(['confirm_currency'])
})

test('registration rules answer the catalogue codes of the spec', () => {
  expect(codes(RegisterForm, { ...valid, email: 'not-an-email' }).email).toEqual(['invalid_email'])
  expect(codes(RegisterForm, { ...valid, phone: '12 34' }).phone).toEqual(['phone_too_short'])
  expect(codes(RegisterForm, { ...valid, phone: '12345678abc' }).phone).toEqual(['invalid_phone'])
  expect(codes(RegisterForm, { ...valid, password: 'short', confirmPassword: 'short' }).password).toEqual([
    'password_too_short',
  ])
  expect(codes(RegisterForm, { ...valid, confirmPassword: 'something-else' }).confirmPassword).toEqual([
    'password_mismatch',
  ])
  expect(codes(RegisterForm, { ...valid, username: 'a b' }).username).toEqual(['username_invalid'])
  expect(codes(RegisterForm, { ...valid, birthday: '2020-13-45' }).birthday).toEqual(['invalid_date'])
  expect(codes(RegisterForm, { ...valid, gender: 'robot' }).gender).toEqual(['field_required'])
})

test('players must be 18: the day before the 18th birthday is refused, the day itself accepted', () => {
  const today = new Date()
  const y = today.getUTCFullYear() - 18
  const mm = String(today.getUTCMonth() + 1).padStart(2, '0')
  const dd = String(today.getUTCDate()).padStart(2, '0')
  expect(codes(RegisterForm, { ...valid, birthday: `${y}-${mm}-${dd}` }).birthday).toBeUndefined()
  const tomorrow = new Date(Date.UTC(y, today.getUTCMonth(), today.getUTCDate() + 1)).toISOString().slice(0, 10)
  expect(codes(RegisterForm, { ...valid, birthday: tomorrow }).birthday).toEqual(['under_age'])
  expect(ageOn('2000-02-29', new Date('2018-02-28T12:00:00Z'))).toBe(17)
  expect(ageOn('2000-02-29', new Date('2018-03-01T12:00:00Z'))).toBe(18)
})

test('login accepts any existing password; new passwords need 8 characters and must match', () => {
  expect(LoginParams.safeParse({ username: 'demo', password: 'abc' }).success).toBe(true)
  expect(codes(LoginParams, { username: '', password: '' })).toEqual({
    username: ['field_required'],
    password: ['field_required'],
  })
  expect(
    codes(ChangePasswordForm, { oldPassword: 'x', newPassword: 'long-enough', confirmPassword: 'different!' })
      .confirmPassword,
  ).toEqual(['password_mismatch'])
  expect(
    codes(ResetPasswordForm, { token: 't'.repeat(43), password: '1234567', confirmPassword: '1234567' }).password,
  ).toEqual(['password_too_short'])
})

test('the profile form cannot carry a username, names or birthday', () => {
  const r = UpdateProfileParams.parse({ ...valid, username: 'new-name', firstName: 'Eve', birthday: '1970-01-01' })
  expect(Object.keys(r).sort()).toEqual([
    'address',
    'city',
    'country',
    'email',
    'language',
    'newsletter',
    'phone',
    'postalCode',
  ])
})

test('NUL and other control characters are refused in every text rule with invalid_characters, and nothing else', () => {
  const profile = {
    email: 'lucia@example.com',
    phone: '+34 600 11 22 33',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'es',
    language: 'es',
  }
  for (const bad of ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\t', '\n']) {
    for (const field of [
      'firstName',
      'lastName',
      'address',
      'postalCode',
      'city',
      'username',
      'email',
      'phone',
      'promoCode',
      'password',
    ]) {
      const value =
        field === 'email' ? `lu${bad}cia@example.com` : `${(valid as Record<string, string>)[field] ?? 'PROMO'}x${bad}y`
      const errors = codes(RegisterForm, {
        ...valid,
        [field]: value,
        ...(field === 'password' ? { confirmPassword: value } : {}),
      })
      expect(errors[field], `${field} with ${JSON.stringify(bad)}`).toEqual(['invalid_characters'])
    }
    expect(codes(UpdateProfileParams, { ...profile, city: `Ma${bad}drid` }).city).toEqual(['invalid_characters'])
    expect(codes(LoginParams, { username: 'demo', password: `pass${bad}word` }).password).toEqual([
      'invalid_characters',
    ])
    expect(
      codes(ChangePasswordForm, {
        oldPassword: `a${bad}b`,
        newPassword: 'a-good-password',
        confirmPassword: 'a-good-password',
      }).oldPassword,
    ).toEqual(['invalid_characters'])
  }
  // Printable text of any script, spaces and symbols pass; a support message keeps its lines.
  expect(RegisterForm.safeParse({ ...valid, firstName: 'Zoë-Ñandú «Ångström» 李' }).success).toBe(true)
  expect(
    RegisterForm.safeParse({ ...valid, password: 'pässwörd with spaces ✓', confirmPassword: 'pässwörd with spaces ✓' })
      .success,
  ).toBe(true)
  expect(
    PlayerSendMessageParams.safeParse({
      subject: 'Hola',
      message: 'Línea 1\r\n\tLínea 2',
      name: 'Lucía',
      email: 'l@example.com',
    }).success,
  ).toBe(true)
  expect(
    codes(PlayerSendMessageParams, { subject: 'Hola', message: 'a\u0000b', name: 'Lucía', email: 'l@example.com' })
      .message,
  ).toEqual(['invalid_characters'])
  expect(
    codes(PlayerSendMessageParams, { subject: 'Ho\nla', message: 'ab', name: 'Lucía', email: 'l@example.com' }).subject,
  ).toEqual(['invalid_characters'])
})

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message)

test('a mismatched confirmation is reported together with the other mistakes of the form', () => {
  const register = RegisterForm.safeParse({ password: 'short', confirmPassword: 'other' })
  expect(messagesOf(register, 'password')).toEqual(['password_too_short'])
  expect(messagesOf(register, 'confirmPassword')).toEqual(['password_mismatch'])
  expect(messagesOf(register, 'username')).toEqual(['field_required'])

  const change = ChangePasswordForm.safeParse({ oldPassword: '', newPassword: 'short', confirmPassword: 'other' })
  expect(messagesOf(change, 'confirmPassword')).toEqual(['password_mismatch'])

  const reset = ResetPasswordForm.safeParse({ token: 'x'.repeat(43), password: 'short', confirmPassword: 'other' })
  expect(messagesOf(reset, 'confirmPassword')).toEqual(['password_mismatch'])
})

test('an empty confirmation says "required", not "does not match"', () => {
  const register = RegisterForm.safeParse({ password: 'long-enough-secret' })
  expect(messagesOf(register, 'confirmPassword')).toEqual(['field_required'])
})

test('the change-password form refuses the current password as the new one', () => {
  const result = ChangePasswordForm.safeParse({
    oldPassword: 'same-password-1',
    newPassword: 'same-password-1',
    confirmPassword: 'same-password-1',
  })
  expect(result.success).toBe(false)
  expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['newPassword', 'password_unchanged'],
  ])
})
