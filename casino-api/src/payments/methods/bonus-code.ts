/**
 * A bonus code applied on its own (bonuscode_deposit_processor, ADR 0053): a no-deposit code's
 * bonus is granted at once, under the code's row lock, to the bonus balance. It is a payment
 * method of the spec's list, but credits no real money, so it makes no payment (ADR 0044,
 * addendum): the player's bonuses record it. Wrong codes count against their own limit
 * (countingWrongCodes), the one validate_promo_code and registration share.
 */
import { bonusItem } from '../../bonuses/items.ts'
import { applyBonusCode, countingWrongCodes } from '../../bonuses/promo-codes.ts'
import { playerBalance } from '../../wallet/ledger.ts'
import { playerOf, requestKey } from '../service.ts'
import { depositProcessor, keyOf, sessionOf } from './processor.ts'

export const bonusCode = depositProcessor('bonuscode', async (ctx, input) => {
  const session = sessionOf(input)
  const player = await playerOf(ctx.db, session.playerId)
  const bonus = await countingWrongCodes(ctx.limits, { ip: input.ip, accounts: [player.id] }, () =>
    applyBonusCode(ctx.db, {
      playerId: player.id,
      currency: player.currency,
      code: input.params.code,
      requestKey: requestKey(player.id, keyOf(input)),
      at: ctx.now(),
    }),
  )
  return {
    ok: true as const,
    message: 'bonus_code_applied' as const,
    bonus: await bonusItem(ctx.db, player.language, bonus),
    balance: await playerBalance(ctx.db, player.id, player.currency),
  }
})
