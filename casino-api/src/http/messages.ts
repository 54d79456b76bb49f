import { englishMessages, formatMoney, isMoney, type MessageArg, type MessageCode } from '../../contract/index.ts'

/**
 * The English text of a code with its args filled in (see contract/messages.ts): an amount as
 * the web app's English pages write it ('€1,234.56'), never as cents.
 */
export function messageText(code: MessageCode, args: readonly MessageArg[] = []) {
  return englishMessages[code].replace(/\{\{(\d)\}\}/g, (m, i: string) => {
    const arg = args[Number(i)]
    if (arg === undefined) return m
    return isMoney(arg) ? formatMoney(arg.amount, arg.currency, 'en') : String(arg)
  })
}
