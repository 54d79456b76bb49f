import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { SmartLink } from '#app/components/smart-link.tsx'
import { useCatalogue } from '#ui/use-catalogue.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { button, card, narrowPage, pageTitle } from '#ui/ui.css.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/not-found'
import * as styles from '#app/styles/page.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: 'robots', content: 'noindex' },
]

/**
 * The catch-all route: any unknown URL, in either language, answers 404 with a link home. Being a
 * route, it runs the root middleware (locale, i18next), so the page is translated.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return data({ meta: pageMeta(context, getInstance(context).t('common.errors.notFoundTitle')) }, { status: 404 })
}

export async function action({ context }: Route.ActionArgs) {
  return data({ meta: pageMeta(context, getInstance(context).t('common.errors.notFoundTitle')) }, { status: 404 })
}

export default function NotFound() {
  const { t } = useTranslation()
  const message = useCatalogue()
  const localePath = useLocalePath()
  return (
    <div className={narrowPage}>
      <div className={card}>
        <h1 className={pageTitle}>{t('common.errors.notFoundTitle')}</h1>
        <p className={styles.big}>{message('not_found')}</p>
        <div className={styles.actions}>
          <SmartLink to={localePath('/')} className={button.primary}>
            {t('common.errors.goHome')}
          </SmartLink>
        </div>
      </div>
    </div>
  )
}
