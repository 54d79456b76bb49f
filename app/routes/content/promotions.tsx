import { useTranslation } from 'react-i18next'
import { SmartLink } from '#app/components/smart-link.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, isUpstreamUnavailable, type UpstreamArgs } from '#app/upstream/client.server.ts'
import { getPromotions } from '#app/upstream/content.server.ts'
import { getSiteSettings } from '#app/upstream/site.server.ts'
import { button, container } from '#ui/ui.css.ts'
import { formatDate, formatMoney } from '#casino-api/contract/format.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { type Locale, useLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/promotions'
import * as styles from './content.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The deposit bonuses on offer; none while the casino API cannot answer (the page still renders). */
async function bonusOffers(args: UpstreamArgs, locale: Locale) {
  try {
    const offers = await callUpstream(args, 'get_bonus_offers', { locale })
    return offers.ok ? offers.data.items : []
  } catch (error) {
    if (isUpstreamUnavailable(error)) return []
    throw error
  }
}

const SCHEDULED = ['weekly_cashback', 'weekly_bonus', 'monthly_bonus'] as const
type Scheduled = (typeof SCHEDULED)[number]
const isScheduled = (type: string): type is Scheduled => (SCHEDULED as readonly string[]).includes(type)

/**
 * /promotion: the deposit bonuses a player can claim today and the scheduled bonuses the casino
 * API grants (ADR 0055), in the figures of its templates (get_bonus_offers; none shown when it
 * cannot answer), and the running promotions of the content.
 */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args)
  const [promotions, offers, settings] = await Promise.all([
    getPromotions(args, locale),
    bonusOffers(args, locale),
    getSiteSettings(args),
  ])
  return {
    items: promotions?.items ?? [],
    offers: offers.filter((o) => o.type === 'welcome_deposit' || o.type === 'reload_deposit'),
    scheduled: offers.filter((o) => isScheduled(o.type)),
    // Refer a friend (ADR 0057): a fixed amount per friend, listed only while it is switched on.
    referral: offers.find((o) => o.type === 'refer_a_friend' && o.amount !== null) ?? null,
    timeZone: settings?.timeZone ?? null,
    meta: pageMeta(args.context, getInstance(args.context).t('content.promotions.title')),
  }
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const locale = useLocale()
  const { offers, scheduled, referral, timeZone } = loaderData
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('content.promotions.title')}</h1>
        <p className={styles.lead}>{t('content.promotions.intro')}</p>
      </header>
      {offers.length > 0 ? (
        <section aria-labelledby="deposit-bonuses-heading">
          <h2 id="deposit-bonuses-heading" className={styles.title}>
            {t('content.promotions.bonusesHeading')}
          </h2>
          <ul className={styles.cards}>
            {offers.map((o) => {
              const amount = (cents: number) => formatMoney(cents, o.currency, locale)
              return (
                <li key={o.type} className={styles.card}>
                  <h3 className={styles.cardTitle}>{o.name}</h3>
                  {o.type === 'welcome_deposit' || o.type === 'reload_deposit' ? (
                    <p className={styles.cardText}>{t(`content.promotions.offerWhen.${o.type}`)}</p>
                  ) : null}
                  <p className={styles.cardText}>
                    {o.maxBonus === null
                      ? t('content.promotions.offerFiguresNoMax', { percent: o.percent })
                      : t('content.promotions.offerFigures', { percent: o.percent, max: amount(o.maxBonus) })}{' '}
                    {o.minDeposit === null
                      ? null
                      : t('content.promotions.offerMinimum', { amount: amount(o.minDeposit) })}
                  </p>
                  <p className={styles.cardText}>
                    {t('content.promotions.offerWagering', { times: o.wageringMultiplier, days: o.validityDays })}
                  </p>
                  <p className={styles.cardText}>{t('content.promotions.offerHow')}</p>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
      {scheduled.length > 0 ? (
        <section aria-labelledby="scheduled-bonuses-heading">
          <h2 id="scheduled-bonuses-heading" className={styles.title}>
            {t('content.promotions.scheduledHeading')}
          </h2>
          <ul className={styles.cards}>
            {scheduled.map((o) => {
              const amount = (cents: number) => formatMoney(cents, o.currency, locale)
              return (
                <li key={o.type} className={styles.card}>
                  <h3 className={styles.cardTitle}>{o.name}</h3>
                  {isScheduled(o.type) ? (
                    <p className={styles.cardText}>{t(`content.promotions.scheduledWhen.${o.type}`)}</p>
                  ) : null}
                  <p className={styles.cardText}>
                    {o.percent === null
                      ? o.amount === null
                        ? null
                        : t('content.promotions.scheduledAmount', { amount: amount(o.amount) })
                      : o.maxBonus === null
                        ? t('content.promotions.scheduledPercentNoMax', { percent: o.percent })
                        : t('content.promotions.scheduledPercent', {
                            percent: o.percent,
                            max: amount(o.maxBonus),
                          })}{' '}
                    {o.minDeposit === null
                      ? null
                      : t('content.promotions.scheduledMinimum', { amount: amount(o.minDeposit) })}
                  </p>
                  <p className={styles.cardText}>
                    {t('content.promotions.offerWagering', { times: o.wageringMultiplier, days: o.validityDays })}
                  </p>
                  <p className={styles.cardText}>
                    {timeZone
                      ? t('content.promotions.scheduledRules', { zone: timeZone })
                      : t('content.promotions.scheduledRulesNoZone')}
                  </p>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
      {referral ? (
        <section aria-labelledby="referral-bonus-heading">
          <h2 id="referral-bonus-heading" className={styles.title}>
            {t('content.promotions.referralHeading')}
          </h2>
          <ul className={styles.cards}>
            <li className={styles.card}>
              <h3 className={styles.cardTitle}>{referral.name}</h3>
              <p className={styles.cardText}>
                {t('content.promotions.referralWhen', {
                  amount: formatMoney(referral.amount ?? 0, referral.currency, locale),
                })}
              </p>
              <p className={styles.cardText}>
                {t('content.promotions.offerWagering', {
                  times: referral.wageringMultiplier,
                  days: referral.validityDays,
                })}
              </p>
              <p className={styles.cardText}>{t('content.promotions.referralRules')}</p>
            </li>
          </ul>
        </section>
      ) : null}
      {loaderData.items.length === 0 && offers.length === 0 && scheduled.length === 0 && !referral ? (
        <p>{t('content.promotions.empty')}</p>
      ) : null}
      <ul className={styles.cards}>
        {loaderData.items.map((p) => (
          <li key={p.slug} className={styles.card}>
            <h2 className={styles.cardTitle}>{p.title}</h2>
            {p.summary ? <p className={styles.cardText}>{p.summary}</p> : null}
            {p.endsAt ? (
              <p className={styles.cardText}>{t('content.promotions.until', { date: formatDate(p.endsAt) })}</p>
            ) : null}
            <SmartLink
              to={localePath(`/promotion/${p.slug}`)}
              className={button.primary}
              aria-label={`${t('content.promotions.details')}: ${p.title}`}
            >
              {t('content.promotions.details')}
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  )
}
