import { randomUUID } from 'node:crypto'
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { IdempotencyKey } from '#contract'
import { refusalStatus, replyFromUpstream, type UpstreamRefusal } from './forms.server.ts'
import type { Locale } from './locale.ts'
import { formatMoney, type Currency } from './money.ts'

import { ACTION_KEY_FIELD } from './payments.ts'

export const newActionKey = () => randomUUID()

export function actionKeyOf(formData: FormData): string | null {
  const parsed = IdempotencyKey.safeParse(formData.get(ACTION_KEY_FIELD))
  return parsed.success ? parsed.data : null
}

/**
 * A money form the casino API refused: its reply (forms.server.ts refusedForm), with a new key for
 * the form's next request (formActionKey in payments.ts).
 */
export function refusedMoneyForm(
  submission: Submission<unknown, string[], unknown>,
  result: UpstreamRefusal,
  options?: Parameters<typeof replyFromUpstream>[2],
) {
  return data(
    { result: replyFromUpstream(submission, result, options), actionKey: newActionKey() },
    { status: refusalStatus(result) },
  )
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
