/** The handlers of the site calls (contract/site): the settings and the visitor's geolocation. */
import type { siteCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { geolocate } from './geo.ts'
import { getSettings } from './settings.ts'

export const siteHandlers: DomainHandlers<typeof siteCalls> = {
  get_setting: (ctx) => getSettings(ctx.db),

  geolocation: async (_ctx, { ip }) => geolocate(ip),
}
