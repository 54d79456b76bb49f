import * as B from './schemas.ts'
import { defineCall } from '../define.ts'

export const bonusCalls = {
  bonuscode_deposit_processor: defineCall({
    method: 'POST',
    path: '/front/bonuscode_deposit_processor',
    auth: 'player',
    params: B.BonuscodeDepositProcessorParams,
    answer: B.BonuscodeDepositProcessorAnswer,
    summary: 'Apply a bonus code; refused while another bonus is active.',
    errors: ['bonus_code_invalid', 'bonus_active', 'promo_code_attempts_limited'],
    idempotent: true,
    moneyMoving: true,
  }),
  loyalty_redeem_processor: defineCall({
    method: 'POST',
    path: '/front/loyalty_redeem_processor',
    auth: 'player',
    params: B.LoyaltyRedeemProcessorParams,
    answer: B.LoyaltyRedeemProcessorAnswer,
    summary: 'Turn loyalty points into a bonus.',
    errors: ['not_enough_loyalty_points', 'amount_below_minimum', 'bonus_active'],
    idempotent: true,
    moneyMoving: true,
  }),
  get_loyalty: defineCall({
    method: 'POST',
    path: '/front/get_loyalty',
    auth: 'player',
    read: true,
    params: B.GetLoyaltyParams,
    answer: B.GetLoyaltyAnswer,
    summary: 'Loyalty points, their value and the points history.',
  }),
  get_player_bonuses: defineCall({
    method: 'POST',
    path: '/front/get_player_bonuses',
    auth: 'player',
    read: true,
    params: B.GetPlayerBonusesParams,
    answer: B.GetPlayerBonusesAnswer,
    summary: "The player's bonuses, active first, with their wagering progress.",
  }),
}
