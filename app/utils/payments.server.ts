import { randomUUID } from 'node:crypto'
import { IdempotencyKey } from '#contract'
import type { UpstreamRefusal } from './forms.server.ts'
import type { Locale } from './locale.ts'
import { formatMoney, type Currency } from './money.ts'

import { ACTION_KEY_FIELD } from './payments.ts'

export const newActionKey = () => randomUUID()

export function actionKeyOf(formData: FormData): string | null {
  const parsed = IdempotencyKey.safeParse(formData.get(ACTION_KEY_FIELD))
  return parsed.success ? parsed.data : null
}

/** The casino API's amounts in a refusal are cents: the player reads them as money of their locale. */
const MONEY_CODES = new Set([
  'amount_out_of_range',
  'amount_too_big',
  'amount_below_minimum',
  'deposit_failed',
  'deposit_complete',
  'withdrawal_sent',
  'limit_exceeded',
])

export function withMoneyArgs<R extends UpstreamRefusal>(result: R, currency: Currency, locale: Locale): R {
  if (!MONEY_CODES.has(result.code) || !result.args) return result
  return {
    ...result,
    args: result.args.map((arg) => (typeof arg === 'number' ? formatMoney(arg, currency, locale) : arg)),
  }
}
