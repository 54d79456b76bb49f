import { useTranslation } from 'react-i18next'
import { SmartLink } from '#app/components/smart-link.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { getPromotions } from '#app/upstream/content.server.ts'
import { button, container } from '#app/styles/ui.css.ts'
import { formatDate } from '#casino-api/contract/format.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { useLocalePath } from '#app/utils/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/promotions'
import * as styles from './content.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** /promotion: the running promotions (none are seeded while the casino API has no bonuses). */
export async function loader(args: Route.LoaderArgs) {
  const promotions = await getPromotions(args, requestLocale(args))
  return {
    items: promotions?.items ?? [],
    meta: pageMeta(args.context, getInstance(args.context).t('content.promotions.title')),
  }
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('content.promotions.title')}</h1>
        <p className={styles.lead}>{t('content.promotions.intro')}</p>
      </header>
      {loaderData.items.length === 0 ? <p>{t('content.promotions.empty')}</p> : null}
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
