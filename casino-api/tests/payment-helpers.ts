// What the payment tests share: a fresh Idempotency-Key, a player's call options carrying one, and
// a card deposit's params.
import { randomUUID } from 'node:crypto'

export const key = () => ({ 'idempotency-key': `k-${randomUUID()}` })
export const as = (token: string, headers: Record<string, string> = key()) => ({ token, headers })

export const card = (cardNumber: string, amount: number) => ({
  holderName: 'Ana García',
  cardNumber,
  month: '12',
  year: String(new Date().getUTCFullYear() + 2),
  cvv2: '737',
  amount,
})
