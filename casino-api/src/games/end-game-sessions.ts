/**
 * A player's log-in ends, so do the games it launched (ADR 0049): the casino tells the game
 * provider at once (end_provider_sessions). If the provider does not answer, the 'end_game_sessions'
 * job asks again with backoff until it does; meanwhile the games still expire with the log-in at
 * the latest (the launch gave the provider its end).
 */
import type { z } from 'zod'
import type { EndProviderSessionsParams } from '../../contract/index.ts'
import type { Context } from '../context.ts'

export type EndGameSessions = z.input<typeof EndProviderSessionsParams>

export async function endGameSessions(
  ctx: Pick<Context, 'gameProvider' | 'jobs' | 'log' | 'requestId'>,
  scope: EndGameSessions,
) {
  try {
    await ctx.gameProvider.endSessions(scope)
  } catch (error) {
    ctx.log.warn({ err: error, scope }, 'the game provider did not end the game sessions: asked again by a job')
    await ctx.jobs.send('end_game_sessions', scope, { requestId: ctx.requestId })
  }
}
