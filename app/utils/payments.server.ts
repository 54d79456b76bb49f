import { randomUUID } from 'node:crypto'
import { IdempotencyKey } from '#contract'
import { ACTION_KEY_FIELD } from './payments.ts'

export const newActionKey = () => randomUUID()

export function actionKeyOf(formData: FormData): string | null {
  const parsed = IdempotencyKey.safeParse(formData.get(ACTION_KEY_FIELD))
  return parsed.success ? parsed.data : null
}
