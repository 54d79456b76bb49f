/**
 * Loyalty points redeemed into a 'loyalty' bonus (loyalty_redeem_processor, ADR 0054) at the
 * programme's rate: the points leave the player's points account and the bonus money enters the
 * bonus balance in one ledger transaction. A payment method of the spec's list that credits no
 * real money, so it makes no payment (ADR 0044, addendum): the points history and the player's
 * bonuses record it.
 */
import { bonusItem } from '../../bonuses/items.ts'
import { pointsOf, redeemPoints } from '../../bonuses/loyalty.ts'
import { playerBalance } from '../../wallet/ledger.ts'
import { playerOf, requestKey } from '../service.ts'
import { depositProcessor, keyOf, sessionOf } from './processor.ts'

export const loyaltyRedemption = depositProcessor('loyalty', async (ctx, input) => {
  const session = sessionOf(input)
  const player = await playerOf(ctx.db, session.playerId)
  const { bonus, pointsRedeemed } = await redeemPoints(ctx.db, {
    playerId: player.id,
    currency: player.currency,
    points: input.params.points,
    requestKey: requestKey(player.id, keyOf(input)),
    at: ctx.now(),
  })
  const [item, points, balance] = await Promise.all([
    bonusItem(ctx.db, input.params.locale ?? player.language, bonus),
    pointsOf(ctx.db, player.id, player.currency),
    playerBalance(ctx.db, player.id, player.currency),
  ])
  return {
    ok: true as const,
    message: 'loyalty_bonus_added' as const,
    pointsRedeemed,
    pointsLeft: points.balance,
    bonus: item,
    balance,
  }
})
