import { createContext, RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import type { MessageArg, MessageCode } from '#contract'
import type { gameServerCalls } from '#casino-api/contract/index.ts'
import type { ProviderContext } from '../../server/context.ts'
import type { CallRunner } from '../../server/http.ts'

/** What the provider gives its game client's pages with each request (provider/server/frame.ts). */
export type FrameContext = {
  ctx: ProviderContext
  /** The provider's calls, answered in process: the pages are the provider's own. */
  serve: CallRunner
  /** The casino's site, which frames these pages: its lobby, deposit and verification pages. */
  siteUrl: string
  /** This response's CSP nonce. */
  nonce: string
}

const frameContext = createContext<FrameContext>()

/**
 * The load context of one request. Exported by entry.server.tsx, so that the provider's server
 * sets the very key this build's loaders read (a copy imported from the sources would be another).
 */
export function frameLoadContext(value: FrameContext) {
  const context = new RouterContextProvider()
  context.set(frameContext, value)
  return context
}

export const frameOf = (context: Readonly<RouterContextProvider>) => context.get(frameContext)

type GameCall = 'game_open' | 'game_play' | 'game_act' | 'game_rotate_seeds' | 'get_live_table' | 'live_bet'
export type Answer<N extends GameCall> = z.output<(typeof gameServerCalls)[N]['answer']>
export type GameRefusal = {
  ok: false
  status: number
  code: MessageCode
  args?: MessageArg[]
  fields?: Record<string, string[]>
}

/**
 * A move of the game client, made with its launch's game session: the answer, or the game
 * server's refusal (its status, code and values), as the HTTP call would give them. Anything
 * else (a database that does not answer) is thrown: the page's error boundary says so.
 */
export async function gameCall<N extends GameCall>(
  context: Readonly<RouterContextProvider>,
  name: N,
  gameSession: string | undefined,
  params: z.input<(typeof gameServerCalls)[N]['params']>,
): Promise<{ ok: true; data: Answer<N> } | GameRefusal> {
  try {
    return { ok: true, data: (await frameOf(context).serve(name, { gameSession, body: params })) as Answer<N> }
  } catch (error) {
    // The build holds its own copy of the contract's ApiError class: known by its name, not instanceof.
    if (error instanceof Error && error.name === 'ApiError') {
      const { status, code, args, fields } = error as Error & Omit<GameRefusal, 'ok'>
      return { ok: false, status, code, args, fields }
    }
    throw error
  }
}
