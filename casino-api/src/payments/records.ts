/**
 * Payment rows and how players and administrators see them: the contract's FinancialTransaction
 * built from a `payments` row, and the reads of the history.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { FinancialTransaction, MessageCode, ParamsOf, Calls } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import { payments } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'

export type PaymentRow = typeof payments.$inferSelect

const CARD_BRANDS = new Set(['visa', 'mastercard', 'amex', 'maestro', 'discover', 'other'])

export function financialTransaction(row: PaymentRow, options: { cancellable?: boolean } = {}): FinancialTransaction {
  const card =
    row.cardLast4 && row.cardBrand
      ? {
          brand: (CARD_BRANDS.has(row.cardBrand) ? row.cardBrand : 'other') as NonNullable<
            FinancialTransaction['card']
          >['brand'],
          last4: row.cardLast4,
        }
      : null
  return {
    id: row.id,
    type: row.kind,
    status: row.status,
    amount: row.kind === 'withdrawal' ? -row.amount : row.amount,
    currency: row.currency,
    processor: row.processor as FinancialTransaction['processor'],
    reference: row.reference,
    card,
    destination: row.destination,
    cancellable: row.kind === 'withdrawal' && row.status === 'pending' && (options.cancellable ?? true),
    failure: row.failureCode ? { code: row.failureCode as MessageCode, reason: row.failureReason } : null,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** One of the player's own payments; another player's id is simply not found. */
export async function ownPayment(db: Queryable, playerId: string, where: SQL): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.playerId, playerId), where))
  if (!row) throw new ApiError(404, 'not_found')
  return row
}

const DAY_MS = 24 * 3600_000
const PERIOD_DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const

/** The period of a history filter as [from, to) instants; a custom range takes whole UTC days. */
export function periodOf(range: ParamsOf<Calls['get_financial_transactions']>['range'], now: Date) {
  if (range.period === 'custom') {
    const from = new Date(`${range.from}T00:00:00Z`)
    const to = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS)
    if (to <= from) throw new ApiError(400, 'validation_failed', { fields: { 'range.to': ['invalid_date'] } })
    return { from, to }
  }
  return { from: new Date(now.getTime() - PERIOD_DAYS[range.period] * DAY_MS), to: new Date(now.getTime() + 1) }
}

export type HistoryFilter = {
  playerId: string
  from?: Date
  to?: Date
  type?: string
  status?: string
  page: number
  pageSize: number
}

/** A page of a player's payments, newest first, with the total count for paging. */
export async function historyPage(db: Queryable, filter: HistoryFilter) {
  const where = and(
    eq(payments.playerId, filter.playerId),
    filter.from ? gte(payments.createdAt, filter.from) : undefined,
    filter.to ? lt(payments.createdAt, filter.to) : undefined,
    filter.type === 'deposit' || filter.type === 'withdrawal' ? eq(payments.kind, filter.type) : undefined,
    filter.status ? eq(payments.status, filter.status as PaymentRow['status']) : undefined,
  )
  // Bonus grants, fees and adjustments are types of the contract no payment has yet.
  if (filter.type && filter.type !== 'deposit' && filter.type !== 'withdrawal')
    return { rows: [] as PaymentRow[], total: 0 }
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(payments).where(where),
  ])
  return { rows, total: counted?.n ?? 0 }
}
