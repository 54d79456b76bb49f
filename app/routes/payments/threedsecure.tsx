import { useTranslation } from 'react-i18next'
import { data, Form, Link, useRevalidator } from 'react-router'
import { useEffect } from 'react'
import { ignoreAbort } from '#app/components/back-forward-cache.ts'
import { FormStatus, SubmitButton, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/threedsecure'
import * as styles from './threedsecure.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/**
 * /threedsecure?reference=…: the sandbox card issuer's 3-D Secure challenge of one of the player's
 * card payments, on the site's own origin. The two buttons post the cardholder's answer; only the
 * casino API's answer to that post decides the payment (the page is never trusted for it). A
 * payment already decided shows its outcome; an unknown reference is not found.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const reference = new URL(args.request.url).searchParams.get('reference') ?? ''
  if (!/^[A-Z0-9-]{1,64}$/.test(reference)) throw data(null, { status: 404 })
  const challenge = await callUpstream(args, 'get_threeds_challenge', { reference })
  if (!challenge.ok) {
    if (challenge.status === 404) throw data(null, { status: 404 })
    throw upstreamUnavailable()
  }
  return { meta: pageMeta(args.context, getInstance(args.context).t('money.threeds.title')), challenge: challenge.data }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const form = await args.request.formData()
  const reference = String(form.get('reference') ?? '')
  const outcome = form.get('outcome')
  if (!/^[A-Z0-9-]{1,64}$/.test(reference) || (outcome !== 'approve' && outcome !== 'fail'))
    throw data(null, { status: 400 })
  const result = await callUpstream(args, 'complete_threeds_challenge', { reference, outcome })
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 })
    throw upstreamUnavailable()
  }
  forgetPlayer(args)
  return { status: result.data.status, amount: result.data.transaction.amount }
}

export default function ThreeDSecure({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { challenge } = loaderData
  const amount = formatMoney(challenge.amount.amount, challenge.amount.currency, locale)
  const status = actionData?.status ?? challenge.status
  const revalidator = useRevalidator()

  // While the outcome is being confirmed elsewhere (another tab answered), look again now and then.
  useEffect(() => {
    if (status !== 'pending') return
    const timer = setInterval(() => {
      // A look superseded by the player's own answer (a navigation) is aborted: nothing to report.
      if (document.visibilityState === 'visible' && revalidator.state === 'idle')
        revalidator.revalidate().catch(ignoreAbort)
    }, 5000)
    return () => clearInterval(timer)
  }, [status, revalidator])

  return (
    <div className={forms.page}>
      <div className={forms.card}>
        <h1 className={forms.heading}>{t('money.threeds.heading')}</h1>
        {status === 'complete' ? (
          <FormStatus>
            <p>{text(`deposit_complete?0=${encodeURIComponent(amount)}`)}</p>
          </FormStatus>
        ) : status === 'failed' ? (
          <div role="alert" className={styles.failed}>
            <p>{text(`deposit_failed?0=${encodeURIComponent(amount)}`)}</p>
          </div>
        ) : (
          <>
            <p className={forms.intro}>{t('money.threeds.intro')}</p>
            <dl className={styles.details}>
              <dt>{t('money.threeds.merchant')}</dt>
              <dd>{challenge.merchant}</dd>
              <dt>{t('money.threeds.amount')}</dt>
              <dd>{amount}</dd>
              <dt>{t('money.threeds.card')}</dt>
              <dd>
                {t(`money.brands.${challenge.card.brand as 'visa'}`, { defaultValue: challenge.card.brand })} ••••{' '}
                {challenge.card.last4}
              </dd>
            </dl>
            <p className={forms.note}>{t('money.threeds.sandbox')}</p>
            <Form method="post" className={styles.buttons}>
              <input type="hidden" name="reference" value={challenge.reference} />
              <SubmitButton name="outcome" value="approve" pendingLabel={t('money.threeds.waiting')}>
                {t('money.threeds.approve')}
              </SubmitButton>
              <button type="submit" name="outcome" value="fail" className={styles.failButton}>
                {t('money.threeds.fail')}
              </button>
            </Form>
          </>
        )}
        <p className={forms.links}>
          <Link to={localePath('/user-management/deposit')}>{t('money.threeds.back')}</Link>
          {' · '}
          <Link to={localePath('/user-management/transactions')}>{t('money.history.link')}</Link>
        </p>
      </div>
    </div>
  )
}
