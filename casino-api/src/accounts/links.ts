import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { LinkState, ResendActivationAnswer, ResendActivationParams } from '../../contract/index.ts'
import type { Context } from '../context.ts'
import { oneTimeTokens, players } from '../db/schema.ts'
import { usernameIs } from './players.ts'
import { queueActivation } from './register.ts'
import { hashToken, OPAQUE_TOKEN } from './tokens.ts'

/**
 * The state of an e-mailed link, looked at and left as it is: the page of the link shows the
 * form only for a valid one, and the next step otherwise. An activation link of an account that
 * is active by now (activated by a password reset) counts as used.
 */
export async function checkOneTimeToken(
  ctx: Context,
  kind: 'activation' | 'password_reset',
  token: string,
): Promise<LinkState> {
  if (!OPAQUE_TOKEN.test(token)) return 'invalid'
  const [row] = await ctx.db
    .select({ usedAt: oneTimeTokens.usedAt, expiresAt: oneTimeTokens.expiresAt, status: players.status })
    .from(oneTimeTokens)
    .innerJoin(players, eq(players.id, oneTimeTokens.playerId))
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind)))
    .limit(1)
  if (!row || row.status === 'closed' || row.status === 'suspended') return 'invalid'
  if (row.usedAt) return 'used'
  if (kind === 'activation' && row.status === 'active') return 'used'
  if (row.expiresAt.getTime() <= ctx.now().getTime()) return 'expired'
  return 'valid'
}

/**
 * Sends a new activation link to a pending account named by its username or e-mail. The answer
 * and its timing are the same whether such an account exists or is active already: the look-up,
 * the new link and the e-mail all happen after the answer, in the 'resend_activation' job
 * (`sendActivationAgain`), so nobody learns which names are taken. The handler limits the calls
 * per address and per name typed (rate-limits.ts). Earlier links stay valid until they expire.
 */
export async function resendActivation(
  ctx: Context,
  params: z.output<typeof ResendActivationParams>,
  client: { ip: string },
): Promise<z.input<typeof ResendActivationAnswer>> {
  await ctx.jobs.send('resend_activation', { login: params.login.trim(), ip: client.ip }, { requestId: ctx.requestId })
  return { ok: true, message: 'activation_resent' }
}

/** The 'resend_activation' job: a new link and its e-mail, in one transaction, for a pending account. */
export async function sendActivationAgain(ctx: Context, job: { login: string; ip: string }) {
  const { login } = job
  await ctx.db.transaction(async (tx) => {
    const [player] = await tx
      .select()
      .from(players)
      .where(login.includes('@') ? eq(players.email, login.toLowerCase()) : usernameIs(login))
      .limit(1)
    if (player?.status !== 'pending') return
    await queueActivation(ctx, tx, player, job.ip, ctx.now())
  })
  ctx.jobs.kick()
}
