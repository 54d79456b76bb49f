import { useTranslation } from 'react-i18next'
import { SmartLink } from '#app/components/smart-link.tsx'
import { getContentPage } from '#app/upstream/content.server.ts'
import { container } from '#ui/ui.css.ts'
import { formatDate } from '#casino-api/contract/format.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { stripLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import type { Route } from './+types/page'
import * as styles from './content.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/**
 * A content page of the casino API (about-us, welcome, terms, privacy, responsible, refund policy,
 * why choose us, and the promotion area's bonuses and loyalty points): its slug is the URL's
 * last segment. The HTML was rendered from Markdown and sanitized by the casino API.
 */
export async function loader(args: Route.LoaderArgs) {
  const path = stripLocale(new URL(args.request.url).pathname)
  const slug = path.split('/').filter(Boolean).pop() ?? ''
  const page = await getContentPage(args, slug, requestLocale(args))
  notFoundUnless(page)
  return { page, inPromotions: path.startsWith('/promotion/'), meta: pageMeta(args.context, page.title) }
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { page, inPromotions } = loaderData
  return (
    <article className={`${container} ${styles.page}`} aria-labelledby="content-title">
      {inPromotions ? (
        <SmartLink to={localePath('/promotion')} className={styles.backLink}>
          ← {t('content.promotions.back')}
        </SmartLink>
      ) : null}
      <header className={styles.header}>
        <h1 id="content-title" className={styles.title}>
          {page.title}
        </h1>
        {page.summary ? <p className={styles.lead}>{page.summary}</p> : null}
      </header>
      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: page.html }} />
      <p className={styles.updated}>{t('content.updated', { date: formatDate(page.updatedAt) })}</p>
    </article>
  )
}
