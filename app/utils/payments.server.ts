import { randomUUID } from 'node:crypto'
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { IdempotencyKey } from '#contract'
import { refusalStatus, replyFromUpstream, type UpstreamRefusal } from './forms.server.ts'
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
