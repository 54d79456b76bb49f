import { z } from 'zod'
import type { Locale, MessageCode } from './common.ts'
import { parseAmountToCents } from './decimal.ts'

/**
 * Field rules shared by the forms (browser and web server, through conform) and by the
 * casino API. Every message is a catalogue code (MessageCode), never free text.
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const PHONE_MIN_DIGITS = 7
export const MINIMUM_AGE = 18

/**
 * The catalogue code of a zod issue whose rule names none (a number where text was expected, a
 * page of 0, an id too long, an option that does not exist): 'field_required' for a missing
 * value, 'invalid_value' for anything else. Every parse of what a browser or a client sent passes
 * it (`safeParse(input, { error: catalogueError })`: the casino API's calls and game moves, the web
 * app's calls and forms), so a player never reads zod's own English ('Too small: expected number
 * to be >=0'), whatever schema a later call adds. A rule's own code always wins over it.
 */
export const catalogueError: z.core.$ZodErrorMap = (issue) =>
  (issue.code === 'invalid_type' && issue.input === undefined
    ? 'field_required'
    : 'invalid_value') satisfies MessageCode

/**
 * NUL, the other C0 controls, DEL and the C1 controls: nothing a person types into a form, and
 * PostgreSQL refuses NUL in text outright. A multi-line text (a support message) keeps tab, line
 * feed and carriage return.
 */
const CONTROL_CHARACTERS = /\p{Cc}/u
const CONTROL_CHARACTERS_BUT_LINES = /(?![\t\n\r])\p{Cc}/u

export type TextOptions = { multiline?: boolean }

/** True when `v` has no control character (tab and line breaks allowed when multiline). */
export function isPrintableText(v: string, options: TextOptions = {}) {
  return !(options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(v)
}

/** The first check of every text rule: a control character gets its own message, and no other. */
const printable =
  (options: TextOptions = {}) =>
  (v: string) =>
    isPrintableText(v, options)
const INVALID_CHARACTERS = { message: 'invalid_characters', abort: true } as const

const trimmed = (options: TextOptions = {}) =>
  z.string({ error: 'field_required' }).refine(printable(options), INVALID_CHARACTERS).trim()

export const required = (max = 200, options: TextOptions = {}) =>
  trimmed(options).min(1, 'field_required').max(max, 'invalid_value')

export const optionalText = (max = 200, options: TextOptions = {}) =>
  z
    .string()
    .refine(printable(options), INVALID_CHARACTERS)
    .trim()
    .max(max, 'invalid_value')
    .optional()
    .transform((v) => (v ? v : undefined))

export const username = () =>
  trimmed()
    .min(1, 'field_required')
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'username_invalid')

export const email = () =>
  trimmed()
    .min(1, 'field_required')
    .max(254, 'invalid_email')
    .pipe(z.email('invalid_email'))
    .transform((v) => v.toLowerCase())

export const phone = () =>
  trimmed()
    .min(1, 'field_required')
    .refine((v) => v.replace(/\D/g, '').length >= PHONE_MIN_DIGITS, 'phone_too_short')
    .refine(
      (v) =>
        v.replace(/\D/g, '').length < PHONE_MIN_DIGITS ||
        (/^\+?[0-9][0-9 ()-]{5,24}$/.test(v) && v.replace(/\D/g, '').length <= 15),
      'invalid_phone',
    )
    .transform(normalizePhone)

/** Keeps a leading + and the digits, so '+34 600-11 22 33' and '+34600112233' are one phone. */
export function normalizePhone(v: string) {
  return (v.trim().startsWith('+') ? '+' : '') + v.replace(/\D/g, '')
}

/** A new password: at least 8 characters (the terms text), at most 128. */
export const newPassword = () =>
  z
    .string({ error: 'field_required' })
    .refine(printable(), INVALID_CHARACTERS)
    .min(1, 'field_required')
    .min(PASSWORD_MIN, 'password_too_short')
    .max(PASSWORD_MAX, 'password_too_long')

/** A password being checked (login, old password): any existing one, so only 'required'. */
export const anyPassword = () =>
  z
    .string({ error: 'field_required' })
    .refine(printable(), INVALID_CHARACTERS)
    .min(1, 'field_required')
    .max(PASSWORD_MAX, 'password_too_long')

/** Age in whole years on `today` of someone born on `birthday` (both YYYY-MM-DD). */
export function ageOn(birthday: string, today: Date = new Date()) {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number]
  let age = today.getUTCFullYear() - y
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)
  if (beforeBirthday) age -= 1
  return age
}

/** YYYY-MM-DD naming a day that exists (no 2021-02-30). */
export function isRealDate(v: string) {
  const d = new Date(`${v}T00:00:00Z`)
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

export const birthday = () =>
  trimmed()
    .min(1, 'field_required')
    .pipe(z.iso.date('invalid_date'))
    .refine((v) => {
      const age = ageOn(v)
      return age >= 0 && age < 130
    }, 'invalid_date')
    // An impossible date already says invalid_date; only a real date can be under age.
    .refine((v) => !isRealDate(v) || ageOn(v) >= MINIMUM_AGE, 'under_age')

/** A checkbox that must be ticked: 'on'/'true'/true from a form or JSON. */
export const mustAccept = (code: 'accept_age' | 'accept_terms' | 'confirm_currency' | 'confirm_restriction') =>
  z.preprocess((v) => v === true || v === 'on' || v === 'true', z.literal(true, { error: code }))

/** An optional checkbox: false when absent. */
export const checkbox = () => z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean())

export const countryCode = () =>
  trimmed()
    .min(1, 'field_required')
    .regex(/^[A-Za-z]{2}$/, 'invalid_value')
    .transform((v) => v.toUpperCase())

/** Luhn check on 12 to 19 digits (spaces and dashes allowed). */
export function isValidCardNumber(value: string) {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
  }
  return sum % 10 === 0
}

export const cardNumber = () =>
  trimmed()
    .min(1, 'field_required')
    .refine(isValidCardNumber, 'invalid_card_number')
    .transform((v) => v.replace(/[\s-]/g, ''))

export const cvv = () =>
  trimmed()
    .min(1, 'field_required')
    .regex(/^\d{3,4}$/, 'invalid_cvv')

/** An amount in major units (a number is already cents), in the page's language when given. */
export const amountInCents = (locale?: Locale) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? v : typeof v === 'string' ? (parseAmountToCents(v, locale) ?? Number.NaN) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').positive('invalid_number').safe('invalid_number'),
  )

/** An amount a form may leave empty (a voucher's is the voucher's own). */
export const optionalAmountInCents = (locale?: Locale) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), amountInCents(locale).optional())
