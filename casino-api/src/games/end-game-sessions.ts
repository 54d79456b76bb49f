/**
 * A player's log-in ends, so do the games it launched (ADR 0049): the casino tells each game
 * provider that can be told (end_provider_sessions: the built-in one, and another with an
 * `endSessionsUrl` in GAME_PROVIDERS) at once. A provider that does not answer is asked again by
 * the 'end_game_sessions' job, with backoff, until it does; meanwhile its games still expire with
 * the log-in at the latest (the launch gave the provider its end), and the wallet refuses money to
 * an account that is no longer active whatever session asks.
 */
import type { z } from 'zod'
import type { EndProviderSessionsParams } from '../../contract/index.ts'
import type { Context } from '../context.ts'
import type { JobData } from '../jobs/jobs.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'

export type EndGameSessions = z.input<typeof EndProviderSessionsParams>

export async function endGameSessions(
  ctx: Pick<Context, 'sessionEnders' | 'jobs' | 'log' | 'requestId'>,
  scope: EndGameSessions,
) {
  await Promise.all(
    [...ctx.sessionEnders].map(async ([provider, end]) => {
      try {
        await end(scope)
      } catch (error) {
        ctx.log.warn(
          { err: error, provider, scope },
          'the game provider did not end the game sessions: asked again by a job',
        )
        await ctx.jobs.send('end_game_sessions', { ...scope, provider }, { requestId: ctx.requestId })
      }
    }),
  )
}

/** The job: the one provider that did not answer (the built-in one for a job queued before providers were named). */
export async function endAtProvider(
  ctx: Pick<Context, 'sessionEnders'>,
  { provider = BUILTIN_PROVIDER, ...scope }: JobData['end_game_sessions'],
) {
  const end = ctx.sessionEnders.get(provider)
  // A provider taken out of GAME_PROVIDERS since: nothing is left to tell.
  if (end) await end(scope)
}
