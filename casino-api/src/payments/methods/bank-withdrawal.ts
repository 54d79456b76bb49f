/** Withdrawals by bank transfer: paid out by the administrator to the player's IBAN. */
import { isValidBIC, isValidIBAN } from 'ibantools'
import { withdrawalProcessor } from './processor.ts'

export const bankWithdrawal = withdrawalProcessor('bank_transfer', {
  check(params) {
    const fields: Record<string, string[]> = {}
    if (/^[A-Z]{2}\d{2}/.test(params.iban) && !isValidIBAN(params.iban)) fields.iban = ['invalid_value']
    if (!isValidBIC(params.swift)) fields.swift = ['invalid_value']
    return fields
  },
  details: (params) => ({
    method: params.method,
    iban: params.iban,
    beneficiaryName: params.beneficiaryName,
    swift: params.swift,
    bankName: params.bankName,
    zipCode: params.zipCode,
    address: params.address,
  }),
})
