import { z } from 'zod'
import { Id, MessageCode, Page, paged, Timestamp } from '../common.ts'

/**
 * Identity checks (KYC; issue 23, part 3; ADR 0067): the player sends an identity document and a
 * proof of address as images, an administrator approves or rejects each with a reason, and asks
 * for them with a deadline (the terms' `kycDeadlineDays`, ADR 0030). A withdrawal above the
 * terms' `extraVerificationAbove`, and every withdrawal while a request is overdue, waits for the
 * identity to be verified: the casino API asks for the documents when such a withdrawal is
 * requested, and refuses to pay it out before.
 */
export const KYC_DOCUMENT_KINDS = ['identity', 'address'] as const
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number]
/** The images taken, by what their first bytes say they are (never by a name or a declared type). */
export const KYC_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const
export const KYC_MAX_BYTES = 5 * 1024 * 1024
/** The upload's body as JSON: the file in base64 (4 characters per 3 bytes) and a little more. */
export const KYC_UPLOAD_BODY_LIMIT = Math.ceil(KYC_MAX_BYTES / 3) * 4 + 4096

export const KycDocumentStatus = z.enum(['under_review', 'approved', 'rejected'])
/** The account's verification as the player sees it. */
export const KycStatus = z.enum(['not_requested', 'requested', 'under_review', 'verified', 'rejected'])
export type KycStatus = z.infer<typeof KycStatus>

export const KycDocument = z.object({
  id: Id,
  kind: z.enum(KYC_DOCUMENT_KINDS),
  contentType: z.enum(KYC_CONTENT_TYPES),
  size: z.number().int().positive(),
  status: KycDocumentStatus,
  /** Why it was rejected (the administrator's words). */
  reason: z.string().nullable(),
  uploadedAt: Timestamp,
  reviewedAt: Timestamp.nullable(),
})

export const KycState = z.object({
  status: KycStatus,
  /** The reason of the latest rejection, while it is the account's state. */
  reason: z.string().nullable(),
  /** An open request's deadline; `overdue`: it has passed (the account is suspended, ADR 0068). */
  dueAt: Timestamp.nullable(),
  overdue: z.boolean(),
  /** Every withdrawal waits for the check: overdue, or asked after a two-factor reset (ADR 0069). */
  withdrawalsWait: z.boolean(),
  /** The kinds still to send (none approved nor under review). */
  missing: z.array(z.enum(KYC_DOCUMENT_KINDS)),
  /** The documents of the current check, newest first. */
  documents: z.array(KycDocument),
})
export type KycState = z.infer<typeof KycState>

export const GetKycParams = z.object({})
export const UploadKycDocumentParams = z.object({
  kind: z.enum(KYC_DOCUMENT_KINDS, { error: 'field_required' }),
  /** The image, base64. What it is comes from its bytes: PNG, JPEG or GIF, up to 5 MB. */
  content: z
    .string({ error: 'field_required' })
    .min(1, 'field_required')
    .max(KYC_UPLOAD_BODY_LIMIT, 'kyc_file_too_big')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'kyc_file_type'),
})
export const KycAnswer = z.object({ state: KycState, message: MessageCode })
/**
 * The Verification tab's form (multipart): the kind and the file. The browser's declared type is
 * only a first check; the casino API reads the bytes.
 */
export const KYC_FORM_PARAMS = z.object({
  kind: z.enum(KYC_DOCUMENT_KINDS, { error: 'field_required' }),
  document: z
    .file({ error: 'field_required' })
    .min(1, 'field_required')
    .max(KYC_MAX_BYTES, 'kyc_file_too_big')
    .mime([...KYC_CONTENT_TYPES], 'kyc_file_type'),
})

// ---- administration -------------------------------------------------------------------

/** A document waiting for review, with its player. */
export const KycReviewItem = KycDocument.extend({ playerId: Id, username: z.string() })
export const ListKycDocumentsParams = z.object({
  ...Page.shape,
  status: KycDocumentStatus.default('under_review'),
})
export const ListKycDocumentsAnswer = paged(KycReviewItem)
export const GetKycDocumentParams = z.object({ id: Id })
/** The image itself, for the administrator's eyes only. */
export const GetKycDocumentAnswer = KycReviewItem.extend({ content: z.string() })
export const ReviewKycDocumentParams = z.discriminatedUnion('decision', [
  z.object({ id: Id, decision: z.literal('approve') }),
  z.object({
    id: Id,
    decision: z.literal('reject'),
    reason: z.string({ error: 'field_required' }).trim().min(3, 'field_required').max(500),
  }),
])
export const RequestKycParams = z.object({
  playerId: Id,
  note: z.string().trim().max(500).optional(),
})
/** The administrator's view of a player's verification. */
export const GetPlayerKycParams = z.object({ playerId: Id })
export const AdminKycAnswer = z.object({ state: KycState, message: MessageCode.nullable() })
