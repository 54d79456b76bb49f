import { useTranslation } from 'react-i18next'
import { ContentLink } from '#app/components/content-link.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { getPromotions } from '#app/upstream/content.server.ts'
import { button, container } from '#ui/ui.css.ts'
import { formatDate } from '#casino-api/contract/format.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import type { Route } from './+types/promotion'
import * as styles from './content.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** /promotion/{id}: one running promotion; an unknown or ended one is the translated 404. */
export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id
  const found = await getPromotions(args, requestLocale(args), id)
  const promotion = found?.items[0]
  notFoundUnless(promotion)
  return { promotion, meta: pageMeta(args.context, promotion.title) }
}

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { promotion } = loaderData
  return (
    <article className={`${container} ${styles.page}`} aria-labelledby="content-title">
      <SmartLink to={localePath('/promotion')} className={styles.backLink}>
        ← {t('content.promotions.back')}
      </SmartLink>
      <header className={styles.header}>
        <h1 id="content-title" className={styles.title}>
          {promotion.title}
        </h1>
        {promotion.summary ? <p className={styles.lead}>{promotion.summary}</p> : null}
        {promotion.endsAt ? (
          <p className={styles.updated}>{t('content.promotions.until', { date: formatDate(promotion.endsAt) })}</p>
        ) : null}
      </header>
      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: promotion.html }} />
      <ContentLink href={promotion.linkUrl} className={button.secondary}>
        {t('content.promotions.related')}
      </ContentLink>
    </article>
  )
}
