import type { LoginRecord } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { countryName } from './countries.ts'

/**
 * A log-in as the player reads it: when (as the site writes times), and where: the country its
 * address is in, in the page's language, with the address (or the address alone). Made on the
 * server, as the browser's ICU may name countries otherwise.
 */
export function describeLogin<Ip extends string | null>(
  login: Omit<LoginRecord, 'ip'> & { ip: Ip },
  locale: string,
): { when: string; where: string | Ip } {
  const { at, ip, countryCode } = login
  return {
    when: formatDateTime(at),
    where: countryCode ? `${countryName(countryCode, locale)}${ip === null ? '' : ` (${ip})`}` : ip,
  }
}
