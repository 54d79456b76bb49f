import type { z } from 'zod'
import type { MessageCode } from './common.ts'

/**
 * Who may make a call: anyone, anyone (the token is used when present), a logged-in player
 * (any scope), an account with the admin scope, or a game provider's server (its shared secret
 * in the X-Provider-Key header; no player token opens these), or a launched game's client (its
 * game session token in the X-Game-Session header: one game, one player, one mode, expiring).
 */
export type Auth = 'public' | 'optional' | 'player' | 'admin' | 'provider' | 'game'

export type CallDef<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> = {
  method: 'GET' | 'POST'
  path: string
  auth: Auth
  params: P
  answer: A
  summary: string
  /** Business refusals the call may answer with (400/403/404/409/429), beyond validation. */
  errors?: readonly MessageCode[]
  /** Moves money: the caller sends an Idempotency-Key header and a replay returns the first answer. */
  idempotent?: boolean
  /**
   * Puts money in, takes it out or stakes it: the casino API runs it only for clients the
   * licence's blacklists let in, and never for an administrator's account (403). `when` narrows
   * the guard to some params (real play of a game launch). See casino-api/src/site/geo-guard.ts.
   */
  moneyMoving?: true | { when(params: z.output<P>): boolean }
  /** Only reads: asking twice changes nothing (the web app may ask again when a connection fails). */
  read?: true
  /** A body larger than the casino API's 64 KiB, in bytes (a document's upload). */
  bodyLimit?: number
}

export const defineCall = <P extends z.ZodType, A extends z.ZodType>(def: CallDef<P, A>) => def

export type ParamsIn<C extends CallDef> = z.input<C['params']>
export type ParamsOf<C extends CallDef> = z.output<C['params']>
export type AnswerOf<C extends CallDef> = z.output<C['answer']>
