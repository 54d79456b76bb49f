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
    summary:
      "Turn loyalty points into a 'loyalty' bonus at the programme's rate (points per cent); refused while another bonus is active.",
    errors: ['not_enough_loyalty_points', 'loyalty_redeem_below_minimum', 'bonus_active'],
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
    summary: "The player's loyalty points (their ledger account), level, the programme's rates and the points history.",
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
  get_deposit_bonus_offer: defineCall({
    method: 'POST',
    path: '/front/get_deposit_bonus_offer',
    auth: 'player',
    read: true,
    params: B.GetDepositBonusOfferParams,
    answer: B.GetDepositBonusOfferAnswer,
    summary:
      "The deposit bonus (welcome or reload) the player's next deposit earns when it asks for it (`claimBonus`), with the template's terms; null when none would be granted now.",
  }),
  get_referral: defineCall({
    method: 'POST',
    path: '/front/get_referral',
    auth: 'player',
    read: true,
    params: B.GetReferralParams,
    answer: B.GetReferralAnswer,
    summary:
      "The player's referral code, the friends counted and the refer-a-friend offer when it is on: a friend's first deposit through the link grants the template's amount once per friend.",
  }),
  get_bonus_offers: defineCall({
    method: 'POST',
    path: '/front/get_bonus_offers',
    auth: 'public',
    read: true,
    params: B.GetBonusOffersParams,
    answer: B.GetBonusOffersAnswer,
    summary:
      "The deposit bonuses (welcome, reload) a player can claim today, with their templates' figures, for the promotions page.",
  }),
  forfeit_bonus: defineCall({
    method: 'POST',
    path: '/front/forfeit_bonus',
    auth: 'player',
    params: B.ForfeitBonusParams,
    answer: B.ForfeitBonusAnswer,
    summary: "Give up the player's active bonus: its bonus balance is taken off, its wagering ends.",
    errors: ['not_found', 'bonus_not_active'],
    idempotent: true,
    moneyMoving: true,
  }),
}
