import type { LinkState } from '#contract'
import { callUpstream, isUpstreamUnavailable, type UpstreamArgs } from '#app/upstream/client.server.ts'

/**
 * The state of an e-mailed link (activation or password reset) when its page opens, asked
 * without using the token. With the casino API down the page shows its form as before; using
 * the link then tells.
 */
export async function linkState(
  args: UpstreamArgs,
  call: 'check_activation_token' | 'check_password_reset_token',
  token: string | undefined,
): Promise<LinkState> {
  if (!token) return 'invalid'
  try {
    const answer = await callUpstream(args, call, { token })
    return answer.ok ? answer.data.state : 'invalid'
  } catch (error) {
    if (isUpstreamUnavailable(error)) return 'valid'
    throw error
  }
}
