/**
 * Security notices (issue 23, account security): a change the account's owner should know of is
 * told by e-mail and in the mailbox, in the transaction that makes it (so a change rolled back tells
 * nothing). Today: a password changed or reset, a log-in from a new browser, and a change of a
 * deposit limit (ADR 0061) or of the session-time limit (ADR 0063), an account about to close for inactivity and closed for it (ADR 0062), and a change of two-factor authentication (ADR 0066). An
 * administrator's account has no mailbox to read: only the e-mail.
 */
import type { Context } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { queueMail } from '../mail/mailer.ts'
import {
  moneyLimitNotice,
  dormancyNotice,
  newDeviceNotice,
  passwordChangedNotice,
  sessionLimitNotice,
  twoFactorNotice,
  kycNotice,
  type MailContent,
} from '../mail/texts.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { getSettings } from '../site/settings.ts'
import type { PlayerRow } from './players.ts'

type Owner = Pick<PlayerRow, 'id' | 'email' | 'firstName' | 'username' | 'language' | 'scope'>

/** Sends a notice: the e-mail, and for a player the same words in the mailbox. */
async function tell(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  notice: MailContent & { body: string },
  kind: string,
  at: Date,
) {
  const { subject, text, html, body } = notice
  await queueMail(ctx, tx, { to: player.email, subject, text, html }, kind)
  if (player.scope === 'player')
    await writeMailboxMessage(tx, { playerId: player.id, category: 'account', subject, body, at })
}

export async function tellPasswordChanged(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  change: { at: Date; ip: string; reset: boolean },
) {
  const { supportEmail } = await getSettings(tx)
  const notice = passwordChangedNotice(player.language, { ...player, ...change, supportEmail })
  await tell(ctx, tx, player, notice, 'password_changed', change.at)
}

/**
 * A log-in from a browser with no device token of the account's, when the account had logged in
 * before. The log-in's settings bring the support address (it reads them once).
 */
export async function tellNewDevice(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  login: { at: Date; ip: string; country: string | null; supportEmail: string },
) {
  const notice = newDeviceNotice(player.language, { ...player, ...login })
  await tell(ctx, tx, player, notice, 'new_device', login.at)
}

/** A change of one of the player's deposit or loss limits (money-limits.ts). */
export async function tellMoneyLimitChanged(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  change: Omit<Parameters<typeof moneyLimitNotice>[1], 'firstName' | 'username' | 'supportEmail'>,
) {
  const { supportEmail } = await getSettings(tx)
  const notice = moneyLimitNotice(player.language, { ...player, ...change, supportEmail })
  await tell(ctx, tx, player, notice, `${change.kind}_limit`, change.at)
}

/** A change of the player's session-time limit (session-limit.ts). */
export async function tellSessionLimitChanged(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  change: Omit<Parameters<typeof sessionLimitNotice>[1], 'firstName' | 'username' | 'supportEmail'>,
) {
  const { supportEmail } = await getSettings(tx)
  const notice = sessionLimitNotice(player.language, { ...player, ...change, supportEmail })
  await tell(ctx, tx, player, notice, 'session_limit', change.at)
}

/** The warning a month before an account closes for want of a log-in, and the closure (dormancy.ts). */
export async function tellDormancy(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  v: Omit<Parameters<typeof dormancyNotice>[1], 'firstName' | 'username' | 'supportEmail'> & { at: Date },
) {
  const { supportEmail } = await getSettings(tx)
  const notice = dormancyNotice(player.language, { ...player, ...v, supportEmail })
  await tell(ctx, tx, player, notice, `dormancy_${v.stage}`, v.at)
}

/** Two-factor authentication turned on or off, new recovery codes, a recovery code used to log in (two-factor.ts). */
export async function tellTwoFactorChanged(
  ctx: Pick<Context, 'jobs' | 'requestId' | 'now'>,
  tx: Queryable,
  player: Owner,
  change: Parameters<typeof twoFactorNotice>[1]['change'],
  ip: string,
) {
  const { supportEmail } = await getSettings(tx)
  const at = ctx.now()
  const notice = twoFactorNotice(player.language, { ...player, change, at, ip, supportEmail })
  await tell(ctx, tx, player, notice, `two_factor_${change}`, at)
}

/** Identity checks: documents asked for, a document reviewed, the identity verified (kyc.ts). */
export async function tellKyc(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Owner,
  v: Omit<Parameters<typeof kycNotice>[1], 'firstName' | 'username' | 'supportEmail'> & { at: Date },
) {
  const { supportEmail } = await getSettings(tx)
  const notice = kycNotice(player.language, { ...player, ...v, supportEmail })
  await tell(ctx, tx, player, notice, `kyc_${v.stage}`, v.at)
}
