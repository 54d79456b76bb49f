import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  BonuscodeDepositProcessorParams,
  GetLoyaltyParams,
  LoyaltyRedeemProcessorParams,
  PlayerBonus,
} from './schemas.ts'

const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

test('a bonus code is trimmed and upper-cased, and required', () => {
  expect(BonuscodeDepositProcessorParams.parse({ code: ' reload50 ' })).toEqual({ code: 'RELOAD50' })
  expect(codes(BonuscodeDepositProcessorParams, {})).toEqual({ code: 'field_required' })
})

test('loyalty points to redeem are a positive whole number', () => {
  expect(LoyaltyRedeemProcessorParams.parse({ points: '1500' })).toEqual({ points: 1500 })
  expect(LoyaltyRedeemProcessorParams.parse({ points: 200 })).toEqual({ points: 200 })
  expect(codes(LoyaltyRedeemProcessorParams, { points: '12.5' })).toEqual({ points: 'invalid_number' })
  expect(codes(LoyaltyRedeemProcessorParams, { points: 0 })).toEqual({ points: 'invalid_number' })
  expect(GetLoyaltyParams.parse({})).toEqual({ page: 1, pageSize: 20 })
})

test('a player bonus carries its wagering progress', () => {
  const bonus = {
    id: 'bn1',
    type: 'welcome_deposit',
    name: 'Welcome 100%',
    status: 'active',
    code: null,
    granted: { amount: 10000, currency: 'EUR' },
    wagering: { required: 300000, done: 12000 },
    converted: null,
    grantedAt: '2026-11-22T10:00:00Z',
    expiresAt: null,
  }
  expect(PlayerBonus.parse(bonus)).toEqual(bonus)
  expect(PlayerBonus.safeParse({ ...bonus, type: 'free_spins' }).success).toBe(false)
})
