/**
 * Crypto deposits (BTC, USDT): the player gets a deposit address of their own, derived from the
 * casino's extended public key (../crypto.ts); what arrives there is credited when the node
 * reports it (report_crypto_deposit, admin-handlers.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import { cryptoAddresses } from '../../db/schema.ts'
import { ApiError } from '../../../contract/errors.ts'
import { getSettings } from '../../site/settings.ts'
import { depositAddress, networkOf, paymentUri, type Coin } from '../crypto.ts'
import { checkDepositLimits } from '../../accounts/money-limits.ts'
import { playerOf } from '../service.ts'
import { depositProcessor, sessionOf } from './processor.ts'

export const crypto = depositProcessor('crypto', async (ctx, input) => {
  const session = sessionOf(input)
  const coin = input.params.currency as Coin
  const { limits } = await getSettings(ctx.db)
  const player = await playerOf(ctx.db, session.playerId)
  // A limit used up gives no address: nothing more can be deposited before it resets (ADR 0061).
  await checkDepositLimits(ctx.db, { playerId: player.id, amount: 1, currency: player.currency, at: ctx.now() })
  const existing = async () =>
    (
      await ctx.db
        .select()
        .from(cryptoAddresses)
        .where(and(eq(cryptoAddresses.playerId, player.id), eq(cryptoAddresses.coin, coin)))
    )[0]
  let row = await existing()
  // The next index of the coin's chain; two players asking at once collide on it, and one asks again.
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    const [next] = await ctx.db
      .select({ index: sql<number>`coalesce(max(${cryptoAddresses.derivationIndex}) + 1, 0)::int` })
      .from(cryptoAddresses)
      .where(eq(cryptoAddresses.coin, coin))
    const index = next?.index ?? 0
    await ctx.db
      .insert(cryptoAddresses)
      .values({
        playerId: player.id,
        coin,
        derivationIndex: index,
        address: depositAddress(ctx.payments.crypto, coin, index),
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
    row = await existing()
  }
  if (!row) throw new ApiError(503, 'action_failed')
  return {
    currency: coin,
    network: networkOf(coin),
    address: row.address,
    paymentUri: paymentUri(coin, row.address),
    minDeposit: { amount: limits.minDeposit, currency: player.currency },
    createdAt: row.createdAt.toISOString(),
  }
})
