import { data } from 'react-router'
import { callUpstream, upstreamUnavailable, type UpstreamArgs } from '#app/upstream/client.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * Deletes one of the player's messages (the form's `id`) and goes back to `to` with the
 * catalogue's answer as a toast: 'The message was deleted.', or 'not found' for an id that is
 * not the player's (another player's message, one deleted in another tab).
 */
export async function deleteMessage(args: UpstreamArgs, form: FormData, to: string) {
  if (form.get('intent') !== 'delete') throw data(null, { status: 400 })
  const id = String(form.get('id') ?? '')
  const result = await callUpstream(args, 'delete_mailbox_message', { id })
  if (result.ok) return redirectWithToast(args, to, { type: 'success', code: 'message_deleted' })
  if (result.status >= 500) throw upstreamUnavailable()
  return redirectWithToast(args, to, { type: 'error', code: result.status === 404 ? 'not_found' : 'action_failed' })
}
