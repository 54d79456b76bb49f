/**
 * Form messages are catalogue codes (`catalogue.<code>` in locales/). conform carries each message
 * as a string, so a message with values ('Amount must be between {0} and {1}') travels as
 * `code?0=…&1=…` and is decoded where it is shown.
 */
export type FormMessage = { code: string; args: string[] }

export function encodeMessage(code: string, args?: readonly (string | number)[]) {
  if (!args?.length) return code
  const query = new URLSearchParams()
  args.forEach((arg, i) => query.set(String(i), String(arg)))
  return `${code}?${query}`
}

export function decodeMessage(message: string): FormMessage {
  const at = message.indexOf('?')
  if (at === -1) return { code: message, args: [] }
  const query = new URLSearchParams(message.slice(at + 1))
  const args: string[] = []
  for (let i = 0; query.has(String(i)); i++) args.push(query.get(String(i)) ?? '')
  return { code: message.slice(0, at), args }
}
