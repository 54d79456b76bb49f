import { Trans, useTranslation } from 'react-i18next'
import { siteAccessContext } from '#app/middleware/access.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { card, narrowPage, pageTitle } from '#ui/ui.css.ts'
import { useCatalogue } from '#ui/use-catalogue.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/restriction'
import * as styles from '#app/styles/page.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: 'robots', content: 'noindex' },
]

/** Shown to visitors from a blacklisted country or ip (the root sends them here); no navigation. */
export async function loader({ context }: Route.LoaderArgs) {
  const access = context.get(siteAccessContext)
  return {
    country: access.geo?.countryCode ?? null,
    supportEmail: access.settings?.supportEmail ?? null,
    meta: pageMeta(context, getInstance(context).t('common.restriction.title')),
  }
}

export default function Restriction({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const message = useCatalogue()
  const { country, supportEmail } = loaderData
  const countryName = country
    ? (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country) ?? country)
    : null
  return (
    <div className={narrowPage}>
      <div className={card}>
        <h1 className={pageTitle}>{t('common.restriction.title')}</h1>
        <p className={styles.big}>{message('country_restricted')}</p>
        <p>{t('common.restriction.explanation')}</p>
        {countryName ? (
          <p className={styles.detail}>{t('common.restriction.detected', { country: countryName })}</p>
        ) : null}
        <p>
          {supportEmail ? (
            <Trans
              i18nKey="common.restriction.contact"
              values={{ email: supportEmail }}
              components={{ mail: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> }}
            />
          ) : (
            t('common.restriction.contactNoEmail')
          )}
        </p>
      </div>
    </div>
  )
}
