import { z } from 'zod'
import { Cents, Currency } from '../common.ts'
import { inRange, parseIpRange } from './ip.ts'

/** Whether `name` is a time zone this runtime knows ('Europe/Madrid', 'UTC'). */
export function isTimeZone(name: string) {
  try {
    return name.length > 0 && new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone !== ''
  } catch {
    return false
  }
}

export const GetSettingParams = z.object({})
export const SiteSettings = z.object({
  siteName: z.string(),
  /** false switches the site off for players: 'You can't access the site.' */
  siteAccess: z.boolean(),
  /** ISO 3166-1 alpha-2 codes; null when no country is blocked. */
  countryBlackList: z.array(z.string().length(2)).nullable(),
  /** Addresses and CIDR ranges, IPv4 or IPv6 ('203.0.113.9', '198.51.100.0/24', '2001:db8::/32'). */
  ipBlackList: z.array(z.string()).nullable(),
  currency: Currency,
  currencyLabel: z.string(),
  limits: z.object({
    minDeposit: Cents,
    maxDeposit: Cents,
    minWithdrawal: Cents,
    maxWithdrawalPerMonth: Cents,
    maxNetWinningsPerDay: Cents,
    extraVerificationAbove: Cents,
    wageringMultiplier: z.number().int().positive(),
    unwageredWithdrawalFeePercent: z.number().int().nonnegative(),
  }),
  /**
   * The numbers the terms, the FAQ and the help pages state (specification points 5 and 9): the
   * site-content texts name them as {{placeholders}} and the casino API puts these values in
   * when it renders a page, so a changed rule changes every text at once.
   */
  rules: z.object({
    minimumAge: z.number().int().positive(),
    /** Days a player has to send the KYC documents asked for (ADR 0030). */
    kycDeadlineDays: z.number().int().positive(),
    kycFileTypes: z.array(z.string()).min(1),
    kycMaxFileMegabytes: z.number().int().positive(),
    kycProofMaxAgeMonths: z.number().int().positive(),
    refundWindowHours: z.number().int().positive(),
    /** Refunds when a minor or a third party used the account. */
    refundMisuseDays: z.number().int().positive(),
    bonusCashOutMaxMultiplier: z.number().int().positive(),
    irregularPlayPercent: z.number().int().positive(),
    betComplaintDays: z.number().int().positive(),
    gameComplaintWeeks: z.number().int().positive(),
    limitedAccountWithdrawalPercent: z.number().int().positive(),
    selfExclusionMaxDays: z.number().int().positive(),
    dormantAccountMonths: z.number().int().positive(),
    privacyAnswerMonths: z.number().int().positive(),
  }),
  supportEmail: z.string(),
  /** Players may cancel a pending withdrawal themselves (some licences forbid reversing withdrawals). */
  withdrawalCancellation: z.boolean(),
  /**
   * The casino's time zone (IANA name): the scheduled bonuses run on its Mondays, Wednesdays and
   * 1sts and count its weeks and months (ADR 0055).
   */
  timeZone: z.string().refine(isTimeZone, 'time_zone_invalid'),
})
export type SiteSettings = z.infer<typeof SiteSettings>
export const GetSettingAnswer = SiteSettings.extend({
  /**
   * Changes whenever the site's content or the settings its texts quote change: a web server that
   * keeps rendered content drops its copies when it sees another value, so an edit made through
   * one web server shows on all of them within the settings' cache time. Optional: an upstream
   * without it leaves the copies to expire.
   */
  contentVersion: z.string().max(200).optional(),
})
export type SettingsAnswer = z.infer<typeof GetSettingAnswer>

export const GeolocationAnswer = z.object({
  ip: z.string(),
  /** null when the ip is private or unknown to the geo database */
  countryCode: z.string().length(2).nullable(),
})
export type Geolocation = z.infer<typeof GeolocationAnswer>

/**
 * The spec's restriction rule, for both halves: a visitor is kept out when a blacklist is set and
 * holds their country, or their ip or a range it lies in (`alsoIp`: the address the web app saw,
 * when it differs). An entry that is no address or range matches nothing.
 */
export function isRestricted(
  settings: Pick<SiteSettings, 'countryBlackList' | 'ipBlackList'>,
  geo: Geolocation,
  alsoIp?: string,
): boolean {
  const country = geo.countryCode?.toUpperCase()
  if (country && settings.countryBlackList?.some((c) => c.toUpperCase() === country)) return true
  const ranges = (settings.ipBlackList ?? []).flatMap((entry) => parseIpRange(entry) ?? [])
  const seen = alsoIp === undefined ? [geo.ip] : [geo.ip, alsoIp]
  return ranges.some((range) => seen.some((ip) => inRange(ip, range)))
}
