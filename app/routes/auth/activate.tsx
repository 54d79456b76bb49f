import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, data, useNavigate } from 'react-router'
import { ActivatePlayerParams } from '#contract'
import { AutoSubmitForm } from '#app/components/auto-submit-form.tsx'
import { FormPage, FormStatus, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream } from '#app/upstream/client.server.ts'
import { refusalStatus } from '#app/utils/forms.server.ts'
import { linkState } from '#app/utils/links.server.ts'
import { button } from '#ui/ui.css.ts'
import { localeFromPath, localizePath, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/activate'

/*
 * Why a POST button and not activation in the loader: the token is single-use, and GETs of the
 * e-mailed link are made by more than the player — mail scanners (Safe Links and the like),
 * link previews and prefetchers. Activating in the loader would let one of them use the token
 * first, and the player would then see 'activation_invalid'. So the GET only shows a form
 * (AutoSubmitForm); without JavaScript the player presses "Activate my account", with
 * JavaScript the page submits it by itself once it is running in a real browser.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: 'robots', content: 'noindex' },
]

const REDIRECT_SECONDS = 5

export async function loader(args: Route.LoaderArgs) {
  // The link's state is asked without using the token (the reason for the button above).
  const state = await linkState(args, 'check_activation_token', args.params.token)
  return { meta: pageMeta(args.context, getInstance(args.context).t('auth.activate.title')), state }
}

export async function action(args: Route.ActionArgs) {
  const parsed = ActivatePlayerParams.safeParse({ token: args.params.token })
  if (!parsed.success) return data({ activated: false as const, code: 'activation_invalid' }, { status: 400 })
  const result = await callUpstream(args, 'activate_player', parsed.data)
  if (!result.ok) return data({ activated: false as const, code: result.code }, { status: refusalStatus(result) })
  return {
    activated: true as const,
    loginUrl: localizePath(localeFromPath(new URL(args.request.url).pathname), '/login'),
  }
}

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()

  if (actionData?.activated) {
    return (
      <FormPage heading={t('auth.activate.doneHeading')}>
        <FormStatus>
          <p>{text('account_activated')}</p>
        </FormStatus>
        {/* Without JavaScript the browser follows this after 5 s; with it, <Countdown> does. */}
        <noscript>
          <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=${actionData.loginUrl}`} />
        </noscript>
        <Countdown seconds={REDIRECT_SECONDS} to={actionData.loginUrl} />
        <p className={forms.links}>
          <Link to={actionData.loginUrl}>{t('auth.activate.loginNow')}</Link>
        </p>
      </FormPage>
    )
  }

  const state = actionData ? 'invalid' : loaderData.state
  if (state !== 'valid') {
    // A used link most likely activated the account already: log in. Every dead link offers a
    // new activation e-mail.
    const heading =
      state === 'used'
        ? 'auth.activate.usedHeading'
        : state === 'expired'
          ? 'auth.activate.expiredHeading'
          : 'auth.activate.failedHeading'
    const code = actionData
      ? actionData.code
      : state === 'used'
        ? 'activation_link_used'
        : state === 'expired'
          ? 'activation_link_expired'
          : 'activation_invalid'
    return (
      <FormPage heading={t(heading)}>
        <div className={forms.formError}>
          <p>{text(code)}</p>
        </div>
        <div className={forms.actions}>
          {state === 'used' ? (
            <Link to={localePath('/login')} className={button.primary}>
              {t('auth.activate.login')}
            </Link>
          ) : null}
          <Link to={localePath('/activation/resend')} className={state === 'used' ? button.secondary : button.primary}>
            {t('auth.activate.resend')}
          </Link>
        </div>
        <p className={forms.links}>
          <Link to={localePath('/')}>{t('auth.activate.home')}</Link>
        </p>
      </FormPage>
    )
  }

  return (
    <AutoSubmitForm
      heading={t('auth.activate.heading')}
      intro={t('auth.activate.intro')}
      submit={t('auth.activate.submit')}
      submitting={t('auth.activate.submitting')}
    />
  )
}

/** A visible countdown that opens the log-in page when it reaches 0. */
function Countdown({ seconds, to }: { seconds: number; to: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    if (left === 0) navigate(to, { replace: true })
  }, [left, navigate, to])
  // role=timer is not announced every second (its live region is off by default).
  return (
    <p role="timer" className={forms.note}>
      {t('auth.activate.countdown', { seconds: left })}
    </p>
  )
}
