import type { MessageCode } from '../contract/index.ts'
import catalogue from '../../locales/en/catalogue.ts'

/**
 * The English text sent with every code (ErrorBody.message), so that a client without the
 * catalogue, or an operator reading logs, understands the answer. The texts are the English
 * catalogue itself (one source for both halves); {{0}}, {{1}} are filled from args.
 */
export function messageText(code: MessageCode, args: readonly (string | number)[] = []) {
  const text: string = (catalogue as Partial<Record<MessageCode, string>>)[code] ?? code
  return text.replace(/\{\{(\d)\}\}/g, (m, i: string) => (args[Number(i)] === undefined ? m : String(args[Number(i)])))
}
