/**
 * Identity checks (KYC; issue 23, part 3; ADR 0067).
 * - The player sends an identity document and a proof of address: images whose first bytes say
 *   PNG, JPEG or GIF (a name or a declared type is never believed), up to 5 MB, kept in the
 *   database and shown to administrators only.
 * - An administrator approves each, or rejects it with a reason the player is told. Both kinds
 *   approved: the identity is verified, and an open request is fulfilled.
 * - A request (an administrator's, or a withdrawal's that needs the check) gives the terms' days
 *   (`kycDeadlineDays`, ADR 0030); once past, the account is suspended until verified (ADR 0068):
 *   no deposit, no real-money game or stake, every withdrawal waits; the balance is kept.
 * - Which documents count: with a request open, those sent since it; otherwise all.
 * Reviews and requests change under the player's row lock, so two administrators deciding at once
 * make one decision.
 */
import { and, asc, count, desc, eq, gte, isNull, lte } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type adminCalls,
  KYC_DOCUMENT_KINDS,
  KYC_MAX_BYTES,
  type KycAnswer,
  type KycDocumentKind,
  type KycState,
  type ListKycDocumentsParams,
  type ReviewKycDocumentParams,
} from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import { lockPlayer } from '../bonuses/service.ts'
import type { Context, DomainHandlers, Session } from '../context.ts'
import { must } from '../http/auth.ts'
import type { Queryable } from '../db/open.ts'
import { kycDocuments, kycRequests, players } from '../db/schema.ts'
import { audit } from '../payments/audit.ts'
import { getSettings } from '../site/settings.ts'
import { isUuid } from '../db/errors.ts'
import { tellKyc } from './notices.ts'
import { getPlayer } from './players.ts'

const DAY_MS = 24 * 3600_000

/** What an image's first bytes say it is, or null: PNG's signature, JPEG's SOI marker, GIF87a/89a. */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif'
  return null
}

const documentColumns = {
  id: kycDocuments.id,
  kind: kycDocuments.kind,
  contentType: kycDocuments.contentType,
  size: kycDocuments.size,
  status: kycDocuments.status,
  reason: kycDocuments.reason,
  uploadedAt: kycDocuments.uploadedAt,
  reviewedAt: kycDocuments.reviewedAt,
}
const shown = <T extends { uploadedAt: Date; reviewedAt: Date | null }>(d: T) => ({
  ...d,
  uploadedAt: d.uploadedAt.toISOString(),
  reviewedAt: d.reviewedAt?.toISOString() ?? null,
})

/** The player's verification as it stands at `now`. */
export async function kycStateOf(db: Queryable, playerId: string, now: Date): Promise<KycState> {
  const [request] = await db.select().from(kycRequests).where(eq(kycRequests.playerId, playerId))
  const open = request && !request.fulfilledAt ? request : null
  const documents = await db
    .select(documentColumns)
    .from(kycDocuments)
    .where(and(eq(kycDocuments.playerId, playerId), open ? gte(kycDocuments.uploadedAt, open.requestedAt) : undefined))
    .orderBy(desc(kycDocuments.uploadedAt))
  const latest = KYC_DOCUMENT_KINDS.map((kind) => documents.find((d) => d.kind === kind))
  const verified = latest.every((d) => d?.status === 'approved')
  const rejected = latest.find((d) => d?.status === 'rejected')
  const status = verified
    ? 'verified'
    : latest.some((d) => d?.status === 'under_review')
      ? 'under_review'
      : rejected
        ? 'rejected'
        : open
          ? 'requested'
          : 'not_requested'
  return {
    status,
    reason: status === 'rejected' ? (rejected?.reason ?? null) : null,
    dueAt: open && !verified ? open.dueAt.toISOString() : null,
    overdue: Boolean(open && !verified && open.dueAt <= now),
    withdrawalsWait: Boolean(open && !verified && (open.dueAt <= now || open.holdsWithdrawals)),
    missing: KYC_DOCUMENT_KINDS.filter((_, i) => !latest[i] || latest[i].status === 'rejected'),
    documents: documents.map(shown),
  }
}

export async function getKyc(ctx: Context, session: Session) {
  return kycStateOf(ctx.db, session.playerId, ctx.now())
}

/** A document sent by the player: its bytes checked, kept under review. */
export async function uploadKycDocument(
  ctx: Context,
  session: Session,
  params: { kind: KycDocumentKind; content: string },
): Promise<z.input<typeof KycAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  // An administrator's account holds no money: nothing to verify.
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  const bytes = new Uint8Array(Buffer.from(params.content, 'base64'))
  if (bytes.length > KYC_MAX_BYTES)
    throw new ApiError(400, 'kyc_file_too_big', { fields: { content: ['kyc_file_too_big'] } })
  const contentType = sniffImage(bytes)
  if (!contentType) throw new ApiError(400, 'kyc_file_type', { fields: { content: ['kyc_file_type'] } })
  const now = ctx.now()
  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    if ((await kycStateOf(tx, player.id, now)).status === 'verified') throw new ApiError(409, 'kyc_already_verified')
    await tx.insert(kycDocuments).values({
      playerId: player.id,
      kind: params.kind,
      contentType,
      size: bytes.length,
      content: bytes,
      uploadedAt: now,
    })
  })
  return { state: await kycStateOf(ctx.db, player.id, now), message: 'kyc_document_received' }
}

/**
 * Opens a request for the player's documents, due in the terms' days, unless one is open or the
 * identity is verified (a verified identity is asked again by an administrator only). In the
 * caller's transaction, under the player's row lock. Answers whether it asked.
 */
export async function openKycRequest(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Awaited<ReturnType<typeof getPlayer>>,
  by: { adminId: string | null; note?: string | undefined; evenIfVerified: boolean; holdsWithdrawals?: boolean },
  now: Date,
) {
  const state = await kycStateOf(tx, player.id, now)
  const holdsWithdrawals = by.holdsWithdrawals ?? false
  if (state.dueAt && holdsWithdrawals)
    await tx.update(kycRequests).set({ holdsWithdrawals }).where(eq(kycRequests.playerId, player.id))
  if (state.dueAt || (state.status === 'verified' && !by.evenIfVerified)) return false
  const { rules } = await getSettings(tx)
  const dueAt = new Date(now.getTime() + rules.kycDeadlineDays * DAY_MS)
  const values = {
    requestedAt: now,
    dueAt,
    requestedBy: by.adminId,
    note: by.note ?? null,
    fulfilledAt: null,
    holdsWithdrawals,
  }
  await tx
    .insert(kycRequests)
    .values({ playerId: player.id, ...values })
    .onConflictDoUpdate({ target: kycRequests.playerId, set: values })
  await tellKyc(ctx, tx, player, { stage: 'requested', at: now, dueAt, days: rules.kycDeadlineDays })
  return true
}

/**
 * Whether a withdrawal waits for the identity check: above the terms' amount, or while a request
 * holds every withdrawal (overdue, or asked after a two-factor reset), and not verified.
 */
const waitsForCheck = (state: KycState, reviewRequired: boolean) =>
  state.status !== 'verified' && (reviewRequired || state.withdrawalsWait)

/**
 * After a withdrawal's request: when it waits for the identity check and no request is open, one
 * is opened (told to the player). Answers the deadline it waits for, or null.
 */
export async function withdrawalVerification(
  ctx: Context,
  withdrawal: { playerId: string; status: string; reviewRequired: boolean },
): Promise<string | null> {
  if (withdrawal.status !== 'pending') return null
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, withdrawal.playerId)
    const state = await kycStateOf(tx, withdrawal.playerId, now)
    if (!waitsForCheck(state, withdrawal.reviewRequired)) return null
    if (state.dueAt) return state.dueAt
    const player = await getPlayer(tx, withdrawal.playerId)
    await openKycRequest(ctx, tx, player, { adminId: null, evenIfVerified: false }, now)
    return (await kycStateOf(tx, withdrawal.playerId, now)).dueAt
  })
}

/**
 * 403 'kyc_overdue' while documents asked for are past their deadline and not verified (ADR 0068):
 * no deposit and no real-money game until then. The bet's own check is in wallet_bet.
 */
export async function refuseWhileKycOverdue(db: Queryable, playerId: string, now: Date) {
  const [overdue] = await db
    .select({ dueAt: kycRequests.dueAt })
    .from(kycRequests)
    .where(and(eq(kycRequests.playerId, playerId), isNull(kycRequests.fulfilledAt), lte(kycRequests.dueAt, now)))
  if (overdue) throw new ApiError(403, 'kyc_overdue')
}

/** 409 'kyc_not_verified' for paying out a withdrawal that waits for the identity check. */
export async function refuseUnverifiedPayout(
  db: Queryable,
  withdrawal: { playerId: string; reviewRequired: boolean },
  now: Date,
) {
  if (waitsForCheck(await kycStateOf(db, withdrawal.playerId, now), withdrawal.reviewRequired))
    throw new ApiError(409, 'kyc_not_verified')
}

// ---- administration -------------------------------------------------------------------

export async function listKycDocuments(ctx: Context, params: z.output<typeof ListKycDocumentsParams>) {
  const where = eq(kycDocuments.status, params.status)
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ...documentColumns, playerId: kycDocuments.playerId, username: players.username })
      .from(kycDocuments)
      .innerJoin(players, eq(players.id, kycDocuments.playerId))
      .where(where)
      .orderBy(asc(kycDocuments.uploadedAt))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    ctx.db.select({ n: count() }).from(kycDocuments).where(where),
  ])
  return { items: rows.map(shown), total: total?.n ?? 0, page: params.page, pageSize: params.pageSize }
}

export async function getKycDocument(ctx: Context, id: string) {
  if (!isUuid(id)) throw new ApiError(404, 'not_found')
  const [row] = await ctx.db
    .select({
      ...documentColumns,
      playerId: kycDocuments.playerId,
      username: players.username,
      content: kycDocuments.content,
    })
    .from(kycDocuments)
    .innerJoin(players, eq(players.id, kycDocuments.playerId))
    .where(eq(kycDocuments.id, id))
  if (!row) throw new ApiError(404, 'not_found')
  const { content, ...document } = row
  return { ...shown(document), content: Buffer.from(content).toString('base64') }
}

/** Approve or reject a document under review, under its player's row lock; audited and told. */
export async function reviewKycDocument(
  ctx: Context,
  adminId: string,
  params: z.output<typeof ReviewKycDocumentParams>,
) {
  if (!isUuid(params.id)) throw new ApiError(404, 'not_found')
  const [document] = await ctx.db
    .select({ playerId: kycDocuments.playerId, kind: kycDocuments.kind })
    .from(kycDocuments)
    .where(eq(kycDocuments.id, params.id))
  if (!document) throw new ApiError(404, 'not_found')
  const player = await getPlayer(ctx.db, document.playerId)
  const now = ctx.now()
  const approved = params.decision === 'approve'
  const reason = approved ? null : params.reason
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const [decided] = await tx
      .update(kycDocuments)
      .set({ status: approved ? 'approved' : 'rejected', reason, reviewedAt: now, reviewedBy: adminId })
      .where(and(eq(kycDocuments.id, params.id), eq(kycDocuments.status, 'under_review')))
      .returning({ id: kycDocuments.id })
    if (!decided) throw new ApiError(409, 'kyc_document_reviewed')
    await audit(tx, {
      adminId,
      action: approved ? 'approve_kyc_document' : 'reject_kyc_document',
      target: params.id,
      details: { kind: document.kind, ...(reason ? { reason } : {}) },
      at: now,
    })
    let state = await kycStateOf(tx, player.id, now)
    const verified = state.status === 'verified'
    if (verified) {
      await tx.update(kycRequests).set({ fulfilledAt: now }).where(eq(kycRequests.playerId, player.id))
      state = await kycStateOf(tx, player.id, now) // the request met, its documents are no longer the only ones listed
    }
    await tellKyc(ctx, tx, player, {
      stage: verified ? 'verified' : approved ? 'approved' : 'rejected',
      kind: document.kind,
      reason,
      at: now,
    })
    return { state, message: approved ? 'kyc_approved' : 'kyc_rejected' } as const
  })
}

/** An administrator asks the player for documents (again, even when verified); audited. */
export async function requestKyc(
  ctx: Context,
  adminId: string,
  params: { playerId: string; note?: string | undefined },
) {
  if (!isUuid(params.playerId)) throw new ApiError(404, 'not_found')
  const [player] = await ctx.db.select().from(players).where(eq(players.id, params.playerId))
  if (!player) throw new ApiError(404, 'not_found')
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    if (await openKycRequest(ctx, tx, player, { adminId, note: params.note, evenIfVerified: true }, now))
      await audit(tx, {
        adminId,
        action: 'request_kyc',
        target: player.id,
        details: { note: params.note ?? null },
        at: now,
      })
    return { state: await kycStateOf(tx, player.id, now), message: 'kyc_requested' } as const
  })
}

export async function playerKyc(ctx: Context, playerId: string) {
  if (!isUuid(playerId)) throw new ApiError(404, 'not_found')
  const [player] = await ctx.db.select({ id: players.id }).from(players).where(eq(players.id, playerId))
  if (!player) throw new ApiError(404, 'not_found')
  return { state: await kycStateOf(ctx.db, playerId, ctx.now()), message: null }
}

type KycAdminCalls = Pick<
  typeof adminCalls,
  'list_kyc_documents' | 'get_kyc_document' | 'review_kyc_document' | 'request_kyc' | 'get_player_kyc'
>

/** The administrator's calls; the router has checked the admin scope (and two-factor authentication). */
export const kycAdminHandlers: DomainHandlers<KycAdminCalls> = {
  list_kyc_documents: (ctx, { params }) => listKycDocuments(ctx, params),
  get_kyc_document: (ctx, { params }) => getKycDocument(ctx, params.id),
  review_kyc_document: (ctx, { params, session }) => reviewKycDocument(ctx, must(session).playerId, params),
  request_kyc: (ctx, { params, session }) => requestKyc(ctx, must(session).playerId, params),
  get_player_kyc: (ctx, { params }) => playerKyc(ctx, params.playerId),
}
