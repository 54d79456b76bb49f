import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  BonuscodeDepositProcessorParams,
  CreatePromoCodeParams,
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

test('a new promo code: its characters, upper-cased; a no-deposit code needs its amount, a deposit code has none; a window in order', () => {
  expect(
    CreatePromoCodeParams.parse({ code: ' hola-15 ', bonusType: 'bonus_code', amount: '15,00', maxUses: '2' }),
  ).toEqual({
    code: 'HOLA-15',
    bonusType: 'bonus_code',
    amount: 15_00,
    maxUses: 2,
  })
  expect(codes(CreatePromoCodeParams, { code: 'no spaces', bonusType: 'welcome_deposit', maxUses: 1 })).toEqual({
    code: 'invalid_value',
  })
  expect(codes(CreatePromoCodeParams, { code: 'FREE', bonusType: 'bonus_code', maxUses: 1 })).toEqual({
    amount: 'field_required',
  })
  expect(
    codes(CreatePromoCodeParams, { code: 'WELCOME', bonusType: 'welcome_deposit', amount: 500, maxUses: 1 }),
  ).toEqual({
    amount: 'invalid_value',
  })
  expect(codes(CreatePromoCodeParams, { code: 'WELCOME', bonusType: 'loyalty', maxUses: 0 })).toEqual({
    bonusType: 'invalid_value',
    maxUses: 'invalid_value',
  })
  expect(
    codes(CreatePromoCodeParams, {
      code: 'LATE',
      bonusType: 'reload_deposit',
      maxUses: 1,
      validFrom: '2027-02-01T00:00:00Z',
      validUntil: '2027-01-01T00:00:00Z',
    }),
  ).toEqual({ validUntil: 'invalid_date' })
})
