/**
 * The administrator's settings calls (contract/admin): read and replace the settings the
 * settings page edits (site access, the country and ip blacklists, withdrawal cancellation;
 * saveEditableSettings in settings.ts says how two saves at once go).
 */
import type { adminCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { adminOf } from '../payments/admin-handlers.ts'
import { editable, getSettings, saveEditableSettings } from './settings.ts'

type SettingsAdminCalls = Pick<typeof adminCalls, 'get_site_settings' | 'update_site_settings'>

export const settingsAdminHandlers: DomainHandlers<SettingsAdminCalls> = {
  get_site_settings: async (ctx, input) => {
    adminOf(input)
    return { settings: editable(await getSettings(ctx.db)) }
  },

  update_site_settings: async (ctx, input) => {
    const adminId = adminOf(input)
    const at = ctx.now()
    const settings = await saveEditableSettings(ctx.db, adminId, input.params, at)
    return { ok: true, message: 'settings_saved', settings }
  },
}
