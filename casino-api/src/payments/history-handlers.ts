/** The player's payment history: the list, one payment, and a deposit's status by its reference. */
import { eq } from 'drizzle-orm'
import type { walletCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { payments } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { getSettings } from '../site/settings.ts'
import { expireChallenge } from './challenges.ts'
import { sessionOf } from './methods/processor.ts'
import { financialTransaction, historyPage, ownPayment, periodOf } from './records.ts'

type HistoryCalls = Pick<
  typeof walletCalls,
  'get_financial_transactions' | 'get_financial_transaction' | 'get_eupayment_financial_transaction'
>

export const historyHandlers: DomainHandlers<HistoryCalls> = {
  get_financial_transactions: async (ctx, input) => {
    const session = sessionOf(input)
    const { range, type, status, page, pageSize } = input.params
    const { from, to } = periodOf(range, ctx.now())
    const settings = await getSettings(ctx.db)
    const { rows, total } = await historyPage(ctx.db, {
      playerId: session.playerId,
      from,
      to,
      type,
      status,
      page,
      pageSize,
    })
    return {
      items: rows.map((r) => financialTransaction(r, { cancellable: settings.withdrawalCancellation })),
      total,
      page,
      pageSize,
    }
  },

  get_financial_transaction: async (ctx, input) => {
    const session = sessionOf(input)
    if (!/^[0-9a-f-]{36}$/i.test(input.params.id)) throw new ApiError(404, 'not_found')
    const [row, settings] = await Promise.all([
      ownPayment(ctx.db, session.playerId, eq(payments.id, input.params.id)),
      getSettings(ctx.db),
    ])
    return financialTransaction(row, { cancellable: settings.withdrawalCancellation })
  },

  get_eupayment_financial_transaction: async (ctx, input) => {
    const session = sessionOf(input)
    let row = await ownPayment(ctx.db, session.playerId, eq(payments.reference, input.params.reference))
    if (row.kind !== 'deposit') throw new ApiError(404, 'not_found')
    row = await expireChallenge(ctx.db, row, ctx.now())
    return {
      reference: row.reference,
      status: row.status,
      message:
        row.status === 'complete'
          ? 'deposit_complete'
          : row.status === 'pending'
            ? 'deposit_pending'
            : 'deposit_failed',
      transaction: financialTransaction(row),
    }
  },
}
