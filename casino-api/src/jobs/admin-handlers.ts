/**
 * The administrator's view of the scheduled jobs (list_job_schedules): every schedule pg-boss
 * holds, read from the queue itself (not from a list in the code), so a schedule another part
 * sets shows too.
 */
import type { adminCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { adminOf } from '../payments/admin-handlers.ts'

export const jobAdminHandlers: DomainHandlers<Pick<typeof adminCalls, 'list_job_schedules'>> = {
  list_job_schedules: async (ctx, input) => {
    adminOf(input)
    const schedules = await ctx.jobs.schedules()
    return {
      items: schedules
        .map((s) => ({
          name: s.name,
          cron: s.cron,
          timezone: s.timezone,
          lastRun: s.lastRun ? { at: s.lastRun.at.toISOString(), state: s.lastRun.state } : null,
          nextRun: s.nextRun?.toISOString() ?? null,
        }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    }
  },
}
