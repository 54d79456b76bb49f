import type { Currency, MessageArg } from '#contract'
// The module itself, not '#contract': this one is in every page's first load, the contract's schemas are not.
import { isMoney } from '#casino-api/contract/message-values.ts'

/**
 * Form messages are catalogue codes (`catalogue.<code>` in locales/). conform carries each message
 * as a string, so a message with values ('Amount must be between {0} and {1}') travels as
 * `code?0=…&1=…` and is decoded where it is shown. An amount of money keeps its cents and currency
 * (`0=1000&0.currency=EUR`): it is written as money of the page's language only when shown.
 */
export type FormMessage = { code: string; args: MessageArg[] }

export function encodeMessage(code: string, args?: readonly MessageArg[]) {
  if (!args?.length) return code
  const query = new URLSearchParams()
  args.forEach((arg, i) => {
    if (isMoney(arg)) {
      query.set(String(i), String(arg.amount))
      query.set(`${i}.currency`, arg.currency)
    } else query.set(String(i), String(arg))
  })
  return `${code}?${query}`
}

export function decodeMessage(message: string): FormMessage {
  const at = message.indexOf('?')
  if (at === -1) return { code: message, args: [] }
  const query = new URLSearchParams(message.slice(at + 1))
  const args: MessageArg[] = []
  for (let i = 0; query.has(String(i)); i++) {
    const value = query.get(String(i)) ?? ''
    const currency = query.get(`${i}.currency`)
    const amount = Number(value)
    args.push(currency && Number.isSafeInteger(amount) ? { amount, currency: currency as Currency } : value)
  }
  return { code: message.slice(0, at), args }
}
