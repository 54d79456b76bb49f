/** The handlers of the site calls (contract/site): the settings and the visitor's geolocation. */
import type { siteCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { geolocate } from './geo.ts'
import { getContentVersion, getSettings } from './settings.ts'

export const siteHandlers: DomainHandlers<typeof siteCalls> = {
  get_setting: async (ctx) => {
    const [settings, contentVersion] = await Promise.all([getSettings(ctx.db), getContentVersion(ctx.db)])
    return { ...settings, contentVersion }
  },

  geolocation: async (ctx, { ip }) => geolocate(ip, ctx.geoLocalCountry),
}
