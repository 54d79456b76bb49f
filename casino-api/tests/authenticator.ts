/**
 * What an authenticator app shows (TOTP, RFC 6238, 30-second steps), for tests that log in with
 * two-factor authentication. The casino takes each step's code once and accepts the next step's
 * too (a phone's clock a little ahead), so a second log-in within one step gets the next step's
 * code, and a third waits for the step to pass (or moves a test clock on): never a code the casino
 * has already taken.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { generate } from 'otplib'

const STEP_MS = 30_000
const lastGiven = new Map<string, number>()

export async function appCode(
  secret: string,
  clock: { now(): Date; advance?(ms: number): void } = { now: () => new Date() },
): Promise<string> {
  const now = () => clock.now()
  for (;;) {
    const step = Math.floor(now().getTime() / STEP_MS)
    const next = Math.max(step, (lastGiven.get(secret) ?? -1) + 1)
    if (next <= step + 1) {
      lastGiven.set(secret, next)
      return generate({ secret, epoch: (next * STEP_MS) / 1000 })
    }
    const wait = (step + 1) * STEP_MS - now().getTime() + 100
    if (clock.advance) clock.advance(wait)
    else await sleep(wait)
  }
}
