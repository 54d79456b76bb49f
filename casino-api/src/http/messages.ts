import { englishMessages, type MessageCode } from '../../contract/index.ts'

/** The English text of a code with its args filled in (see contract/messages.ts). */
export function messageText(code: MessageCode, args: readonly (string | number)[] = []) {
  return englishMessages[code].replace(/\{\{(\d)\}\}/g, (m, i: string) =>
    args[Number(i)] === undefined ? m : String(args[Number(i)]),
  )
}
