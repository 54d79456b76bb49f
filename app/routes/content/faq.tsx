import { useTranslation } from 'react-i18next'
import { SmartLink } from '#app/components/smart-link.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { getFaq } from '#app/upstream/content.server.ts'
import { container } from '#ui/ui.css.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import type { Route } from './+types/faq'
import * as styles from './content.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** /faq: every topic and its questions; /faq/{id}: one topic. The topics' sidebar is on both. */
export async function loader(args: Route.LoaderArgs) {
  const section = args.params.id
  const faq = await getFaq(args, requestLocale(args), section)
  notFoundUnless(faq)
  const t = getInstance(args.context).t
  const shown = section ? faq.items[0] : undefined
  return {
    faq,
    section: section ?? null,
    meta: pageMeta(args.context, shown ? `${shown.title} · ${t('content.faq.title')}` : t('content.faq.title')),
  }
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { faq, section } = loaderData
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('content.faq.title')}</h1>
        <p className={styles.lead}>{t('content.faq.intro')}</p>
      </header>
      <div className={styles.withSidebar}>
        <nav aria-label={t('content.faq.sectionsLabel')} className={styles.sidebar}>
          <p className={styles.sidebarTitle} aria-hidden="true">
            {t('content.faq.sectionsLabel')}
          </p>
          <ul className={styles.sidebarList}>
            <li>
              <SmartLink
                to={localePath('/faq')}
                className={styles.sidebarLink}
                aria-current={section === null ? 'page' : undefined}
              >
                {t('content.faq.all')}
              </SmartLink>
            </li>
            {faq.sections.map((s) => (
              <li key={s.slug}>
                <SmartLink
                  to={localePath(`/faq/${s.slug}`)}
                  className={styles.sidebarLink}
                  aria-current={section === s.slug ? 'page' : undefined}
                >
                  {s.title}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {faq.items.map((s) => (
            <section key={s.slug} className={styles.faqSection} aria-labelledby={`faq-${s.slug}`}>
              <h2 id={`faq-${s.slug}`} className={styles.sectionTitle}>
                {s.title}
              </h2>
              {s.items.length === 0 ? <p>{t('content.faq.empty')}</p> : null}
              {s.items.map((q) => (
                <div key={q.slug} id={q.slug} className={styles.question}>
                  <h3 className={styles.questionTitle}>{q.question}</h3>
                  <div className={styles.prose} dangerouslySetInnerHTML={{ __html: q.html }} />
                </div>
              ))}
            </section>
          ))}
          <p className={styles.updated}>{t('content.faq.stillQuestions')}</p>
        </div>
      </div>
    </div>
  )
}
