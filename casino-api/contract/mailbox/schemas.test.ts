import { test, expect } from 'vitest'
import type { z } from 'zod'
import { GetMailboxAnswer, GetMailboxParams, ReadMailboxMessageParams } from './schemas.ts'

const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

test('mailbox params', () => {
  expect(GetMailboxParams.parse({})).toEqual({ unreadOnly: false, page: 1, pageSize: 20 })
  expect(codes(GetMailboxParams, { unreadOnly: 'sure' })).toEqual({ unreadOnly: 'invalid_value' })
  expect(codes(ReadMailboxMessageParams, { id: '' })).toEqual({ id: 'field_required' })
})

test('a mailbox page carries the unread count', () => {
  const answer = {
    items: [
      {
        id: 'm1',
        category: 'bonus',
        subject: 'Cashback',
        html: '<p>10 %</p>',
        read: false,
        createdAt: '2026-11-23T08:00:00Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
    unread: 1,
  }
  expect(GetMailboxAnswer.parse(answer)).toEqual(answer)
})
