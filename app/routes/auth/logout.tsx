import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { SmartLink } from '#app/components/smart-link.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { button, card, narrowPage, pageTitle } from '#ui/ui.css.ts'
import { endPlayerSession, getPlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/logout'
import * as styles from '#app/styles/page.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** GET only asks: logging out changes state, so it takes a POST (from this page or the header). */
export async function loader(args: Route.LoaderArgs) {
  const player = await getPlayer(args)
  return { loggedIn: Boolean(player), meta: pageMeta(args.context, getInstance(args.context).t('common.logout.title')) }
}

export async function action(args: Route.ActionArgs) {
  return endPlayerSession(args)
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div className={narrowPage}>
      <div className={card}>
        <h1 className={pageTitle}>{t('common.logout.title')}</h1>
        {loaderData.loggedIn ? (
          <>
            <p className={styles.big}>{t('common.logout.question')}</p>
            <div className={styles.actions}>
              <Form method="post" action={localePath('/logout')}>
                <button type="submit" className={button.primary}>
                  {t('common.logout.submit')}
                </button>
              </Form>
              <SmartLink to={localePath('/')} className={button.secondary}>
                {t('common.logout.cancel')}
              </SmartLink>
            </div>
          </>
        ) : (
          <>
            <p className={styles.big}>{t('common.logout.notLoggedIn')}</p>
            <div className={styles.actions}>
              <SmartLink to={localePath('/')} className={button.primary}>
                {t('common.errors.goHome')}
              </SmartLink>
            </div>
          </>
        )}
      </div>
    </div>
  )
}
