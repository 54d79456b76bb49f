// What the payment tests share: a fresh Idempotency-Key, a player's call options carrying one, a
// card deposit's params and a bank withdrawal's.
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

export const bankWithdrawal = (amount: number) => ({
  method: 'bank_transfer' as const,
  amount,
  iban: 'ES91 2100 0418 4502 0005 1332',
  beneficiaryName: 'Ana García',
  swift: 'CAIXESBBXXX',
  bankName: 'CaixaBank',
  zipCode: '46002',
  address: 'Calle Mayor 1, Valencia',
})
