import { MessageCode } from '#contract'
import { upstreamUnavailable, type UpstreamArgs, type UpstreamResult } from '#app/upstream/client.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The answer of a change to one of the player's own limits (a deposit limit, ADR 0061; the
 * session-time limit, ADR 0063), back on its tab as a toast in the catalogue's words: done (with the
 * time a change waits until), or refused (nothing waits, or not yet, with the time).
 */
export function limitAnswer(
  args: UpstreamArgs,
  tab: string,
  result: UpstreamResult<{ message: MessageCode; limit: { pending: { from: string } | null } }>,
  waits: MessageCode,
) {
  if (!result.ok) {
    if (result.status >= 500) throw upstreamUnavailable()
    const code = MessageCode.safeParse(result.code)
    return redirectWithToast(args, tab, {
      type: 'error',
      code: code.success ? code.data : 'action_failed',
      args: (result.args ?? []).filter((a) => typeof a === 'string'),
    })
  }
  const { message, limit } = result.data
  const from = limit.pending?.from
  return redirectWithToast(args, tab, { type: 'success', code: message, args: message === waits && from ? [from] : [] })
}
