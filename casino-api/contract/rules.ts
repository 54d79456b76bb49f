import { z } from 'zod'
import type { Locale, MessageCode } from './common.ts'

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
export const mustAccept = (code: 'accept_age' | 'accept_terms' | 'confirm_currency') =>
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

/** Each language's decimal mark and grouping mark, as the pages write numbers (app/utils/numbers.ts). */
const MARKS: Record<Locale, { decimal: string; group: string }> = {
  es: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
}

/** A number's digits as typed, before and after its decimal mark ('1.234,5' → '1234', '5'). */
export type DecimalDigits = { integer: string; fraction: string }

/**
 * A non-negative decimal number typed in a page's language (ADR 0038): ASCII digits, the
 * language's decimal mark once, and its grouping mark only in well-formed groups of three
 * ('1.234.567,5' in Spanish, '1,234,567.5' in English). The other language's decimal mark is read
 * as a decimal mark when it appears once and cannot be grouping ('0.0025' on the Spanish page,
 * '12,50' on the English one). Spaces around the number and a currency sign are ignored;
 * anything else (a sign, an exponent, other digits, more fraction digits than `maxFractionDigits`)
 * is not a number: null, never a guess.
 */
export function parseDecimal(input: string, locale: Locale, maxFractionDigits: number): DecimalDigits | null {
  const text = input.trim().replace(/^[€$₹]\s*|\s*[€$₹]$/g, '')
  if (text.length > 40 || !/^[\d.,]+$/.test(text)) return null
  const { decimal, group } = MARKS[locale]
  const grouped = (digits: string) => new RegExp(`^[1-9]\\d{0,2}(\\${group}\\d{3})+$`).test(digits)
  const parts = text.split(decimal)
  if (parts.length > 2) return null
  let [integer, fraction] = [parts[0]!, parts[1] ?? '']
  if (!text.includes(decimal)) {
    const halves = text.split(group)
    // One grouping mark that groups nothing is the other language's decimal mark.
    if (halves.length === 2 && halves[1] && !grouped(text)) [integer, fraction] = halves as [string, string]
    else if (!/^\d+$/.test(text) && !grouped(text)) return null
  } else if (!fraction) return null
  if (!/^\d*$/.test(integer) && !grouped(integer)) return null
  if (!/^\d+$/.test(fraction || '0') || fraction.length > maxFractionDigits || !(integer || fraction)) return null
  return { integer: integer.replaceAll(group, '').replace(/^0+(?=\d)/, '') || '0', fraction }
}

/** Integer cents (hundredths) of a positive number with at most 2 decimals; null for anything else or too big. */
export function centsOf(digits: DecimalDigits | null): number | null {
  if (!digits || digits.integer.length > 15) return null
  const cents = Number(digits.integer) * 100 + Number(digits.fraction.padEnd(2, '0'))
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null
}

/**
 * An amount typed in major units turned into integer cents: in the page's language when it is
 * known ('1.234,56' in Spanish, '1,234.56' in English; parseDecimal). Without it (a client of the
 * casino API) in either language, when both read the same amount or only one reads an amount at
 * all ('12,50', '1.234,56', '1,234.56'; '1.234' is 1.234 € as 1.234 has too many decimals for
 * an amount in English). Null when it is not a positive amount with at most 2 decimals.
 */
export function parseAmountToCents(input: string, locale?: Locale): number | null {
  if (locale) return centsOf(parseDecimal(input, locale, 2))
  const readings = new Set(
    (Object.keys(MARKS) as Locale[]).map((l) => centsOf(parseDecimal(input, l, 2))).filter((c) => c !== null),
  )
  return readings.size === 1 ? [...readings][0]! : null
}

/**
 * Coin units typed in the page's language ('0,0025' in Spanish) as the casino API takes them: a
 * decimal string with a point ('0.0025'), up to 12 integer digits and 8 decimals (ReportCryptoDepositParams).
 */
export function parseCoinUnits(input: string, locale: Locale): string | null {
  const digits = parseDecimal(input, locale, 8)
  if (!digits || digits.integer.length > 12) return null
  const units = digits.fraction ? `${digits.integer}.${digits.fraction}` : digits.integer
  return Number(units) > 0 ? units : null
}

/** An amount in major units (a number is already cents), in the page's language when given. */
export const amountInCents = (locale?: Locale) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? v : typeof v === 'string' ? (parseAmountToCents(v, locale) ?? Number.NaN) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').positive('invalid_number').safe('invalid_number'),
  )

/** An amount a form may leave empty (a voucher's is the voucher's own). */
export const optionalAmountInCents = (locale?: Locale) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), amountInCents(locale).optional())
