import { z } from 'zod'
import { Id, Page, paged } from '../common.ts'
import { FinancialTransaction } from '../wallet/schemas.ts'
import { SiteContent, SiteContentFields } from '../content/schemas.ts'
import { amountInCents, optionalText, required } from '../rules.ts'

// ---- site content ----------------------------------------------------------------------

export const GetSiteContentParams = z.object({})
/** Every entry of every kind and locale, published or not. */
export const GetSiteContentAnswer = z.object({ items: z.array(SiteContent) })

export const CreateSiteContentParams = SiteContentFields
export const SiteContentSaved = z.object({
  ok: z.literal(true),
  message: z.literal('content_saved'),
  content: SiteContent,
})
export const CreateSiteContentAnswer = SiteContentSaved

export const UpdateTemplateParams = SiteContentFields.extend({ id: required(64) })
export const UpdateTemplateAnswer = SiteContentSaved

export const RemoveSiteContentParams = z.object({ id: required(64) })
export const RemoveSiteContentAnswer = z.object({ ok: z.literal(true), message: z.literal('content_removed'), id: Id })

// ---- withdrawals and bank transfers ----------------------------------------------------

/** What the administrator needs to pay out: the full destination, unlike the player's masked view. */
export const PendingWithdrawal = FinancialTransaction.extend({
  player: z.object({ id: Id, username: z.string(), email: z.string() }),
  payout: z.discriminatedUnion('method', [
    z.object({
      method: z.literal('bank_transfer'),
      iban: z.string(),
      beneficiaryName: z.string(),
      swift: z.string(),
      bankName: z.string(),
      zipCode: z.string(),
      address: z.string(),
    }),
    z.object({ method: z.literal('bitcoin'), walletAddress: z.string() }),
  ]),
})
export type PendingWithdrawal = z.infer<typeof PendingWithdrawal>

export const ListPendingWithdrawalsParams = z.object({ ...Page.shape })
export const ListPendingWithdrawalsAnswer = paged(PendingWithdrawal)

export const AcceptWithdrawalParams = z.object({
  id: required(64),
  /** The bank's or the blockchain's reference of the payout, for the player's confirmation e-mail. */
  payoutReference: optionalText(120),
})
export const AcceptWithdrawalAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('withdrawal_accepted'),
  transaction: FinancialTransaction,
})

/** The amount goes back to the player's balance; the reason is shown to the player. */
export const RejectWithdrawalParams = z.object({ id: required(64), reason: required(500, { multiline: true }) })
export const RejectWithdrawalAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('withdrawal_rejected'),
  transaction: FinancialTransaction,
})

/** Matched by the reference the player put on the transfer; the amount is what actually arrived. */
export const ConfirmBankTransferParams = z.object({ reference: required(64), amount: amountInCents() })
export const ConfirmBankTransferAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('deposit_complete'),
  transaction: FinancialTransaction,
})
