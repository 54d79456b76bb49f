/**
 * The administrator's settings calls (contract/admin): read and replace the settings the
 * settings page edits (site access, the country and ip blacklists, withdrawal cancellation).
 *
 * Two administrators saving at once: the update locks the settings' rows (select ... for update)
 * before it reads the values it replaces, so the saves run one after the other and each audit row
 * holds the values that were really there before it. The last save wins, as a save sends every
 * value of the page. A save that changes nothing writes nothing and no audit row, so a form sent
 * twice is one change.
 */
import { inArray } from 'drizzle-orm'
import type { adminCalls, EditableSiteSettings } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { settings } from '../db/schema.ts'
import { adminOf, audit } from '../payments/admin-handlers.ts'
import { getSettings, seedSettings, setSetting } from './settings.ts'

type SettingsAdminCalls = Pick<typeof adminCalls, 'get_site_settings' | 'update_site_settings'>

const EDITABLE = ['siteAccess', 'countryBlackList', 'ipBlackList', 'withdrawalCancellation'] as const

const editable = (all: EditableSiteSettings): EditableSiteSettings => ({
  siteAccess: all.siteAccess,
  countryBlackList: all.countryBlackList,
  ipBlackList: all.ipBlackList,
  withdrawalCancellation: all.withdrawalCancellation,
})

export const settingsAdminHandlers: DomainHandlers<SettingsAdminCalls> = {
  get_site_settings: async (ctx, input) => {
    adminOf(input)
    return { settings: editable(await getSettings(ctx.db)) }
  },

  update_site_settings: async (ctx, input) => {
    const adminId = adminOf(input)
    const at = ctx.now()
    const after: EditableSiteSettings = editable(input.params)
    await ctx.db.transaction(async (tx) => {
      // Rows missing (a database older than a setting) are added first, so every one is locked.
      await seedSettings(tx, at)
      await tx
        .select({ key: settings.key })
        .from(settings)
        .where(inArray(settings.key, [...EDITABLE]))
        .for('update')
      const before = editable(await getSettings(tx))
      const changed = EDITABLE.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      if (!changed.length) return
      for (const key of changed) await setSetting(tx, key, after[key] as never, at)
      await audit(tx, {
        adminId,
        action: 'settings_updated',
        target: null,
        details: {
          changed,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        },
        at,
      })
    })
    return { ok: true, message: 'settings_saved', settings: after }
  },
}
