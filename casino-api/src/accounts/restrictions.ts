/**
 * A player's own restriction of their account (issue 23, safer gambling; ADR 0060): a break
 * (time-out), a self-exclusion or a closure. Confirmed with the password, in force at once, and
 * never lifted early: the account's row holds the one in force (`restriction`, `restrictedUntil`),
 * account_restrictions every one asked for. While it is in force:
 * - the log-in refuses the account after the right password, saying until when (login.ts);
 * - no access token opens a call (http/auth.ts), so no deposit, withdrawal request or launch;
 * - the wallet refuses every stake (wallet_open.sql), a game session opened before included;
 * - no bonus reaches it: the scheduled bonuses, a referral's and a deposit's (isRestricted).
 * Every session is revoked and every game session ended when it is set. What a restriction in
 * force is, and what it says, is restricted.ts.
 */
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { restrictionEnd, type RestrictAccountAnswer, type RestrictAccountParams } from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import type { Context, Session } from '../context.ts'
import { accountRestrictions, players } from '../db/schema.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { queueMail } from '../mail/mailer.ts'
import { restrictionMail } from '../mail/texts.ts'
import { getSettings } from '../site/settings.ts'
import { confirmPassword, revokePlayerTokens } from './login.ts'
import { getPlayer } from './players.ts'
import { inForce, restrictionRefusal } from './restricted.ts'

export async function restrictAccount(
  ctx: Context,
  session: Session,
  params: z.output<typeof RestrictAccountParams>,
  client: { ip: string },
): Promise<z.input<typeof RestrictAccountAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  // An administrator's account plays no money: nothing to restrict, and the site's operator locked out.
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  await confirmPassword(ctx, session, player, params.password, { ip: client.ip, field: 'password' })
  const now = ctx.now()
  const until = restrictionEnd(params.period, now)
  await ctx.db.transaction(async (tx) => {
    // Under the player's row lock (no key update, as a bonus grant's: bets referencing the player
    // are not held up): of two requests at once (two tabs), the second finds the first's.
    const [locked] = await tx
      .select({ restriction: players.restriction, restrictedUntil: players.restrictedUntil })
      .from(players)
      .where(eq(players.id, player.id))
      .for('no key update')
    if (!locked || inForce(locked, now)) throw new ApiError(409, 'account_restricted')
    await tx
      .update(players)
      .set({ restriction: params.kind, restrictedUntil: until, updatedAt: now })
      .where(eq(players.id, player.id))
    await tx.insert(accountRestrictions).values({
      playerId: player.id,
      kind: params.kind,
      period: params.period,
      startsAt: now,
      endsAt: until,
      ip: client.ip,
    })
    await revokePlayerTokens(tx, player.id, now)
    const { supportEmail } = await getSettings(tx)
    const mail = restrictionMail(player.language, {
      firstName: player.firstName,
      username: player.username,
      kind: params.kind,
      until,
      supportEmail,
    })
    await queueMail(ctx, tx, { to: player.email, ...mail }, 'account_restriction')
  })
  await endGameSessions(ctx, { playerId: player.id })
  const { code } = restrictionRefusal({ restriction: params.kind, restrictedUntil: until })
  return { kind: params.kind, until: until?.toISOString() ?? null, message: code }
}
