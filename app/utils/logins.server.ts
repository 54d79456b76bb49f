import type { LoginRecord } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { countryName } from './countries.ts'

/**
 * A log-in as the player reads it: when (as the site writes times), and where: the country its
 * address is in, in the page's language, with the address (or the address alone). Made on the
 * server, as the browser's ICU may name countries otherwise.
 */
export function describeLogin(login: LoginRecord, locale: string) {
  return {
    when: formatDateTime(login.at),
    where: login.countryCode ? `${countryName(login.countryCode, locale)} (${login.ip})` : login.ip,
  }
}
