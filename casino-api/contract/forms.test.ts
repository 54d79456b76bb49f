import { expect, test } from 'vitest'
import { ChangePasswordForm, RegisterForm, ResetPasswordForm } from './player/schemas.ts'

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
