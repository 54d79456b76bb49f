import { requestLocale } from '#app/utils/locale.server.ts'
import { useState } from 'react'
import { useHydrated } from '#ui/use-hydrated.ts'
import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { FormErrors, FormStatus, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusalStatus } from '#app/utils/forms.server.ts'
import { localizePath, useLocale, useLocalePath } from '#ui/locale.ts'
import { getRequestInfo } from '#app/middleware/context.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { encodeMessage } from '#app/utils/form-messages.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey, refusedMoneyForm } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD, formActionKey } from '#app/utils/payments.ts'
import type { Route } from './+types/bonuses'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'
import { BONUS_CODE_INTENT, BONUSES_PATH, BonusCodeForm } from './bonus-forms.tsx'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/**
 * The player's bonuses (get_player_bonuses): the active one with its wagering progress, and the
 * history. Giving the active bonus up takes two steps that work without JavaScript: the link asks
 * (?forfeit=<id>), the page then shows what is lost and a form that sends forfeit_bonus. With no
 * bonus active, a form applies a bonus code (bonuscode_deposit_processor, ADR 0053).
 */
export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const locale = requestLocale(args)
  const [bonuses, referral] = await Promise.all([
    callUpstream(args, 'get_player_bonuses', { locale }),
    callUpstream(args, 'get_referral', { locale }),
  ])
  if (!bonuses.ok || !referral.ok) throw upstreamUnavailable()
  const items = bonuses.data.items
  const active = items.find((b) => b.status === 'active') ?? null
  const asked = new URL(args.request.url).searchParams.get('forfeit')
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.bonuses.title')),
    active,
    history: items.filter((b) => b.status !== 'active'),
    bonusBalance: player.balance.bonus,
    currency: player.balance.currency,
    confirming: !!active && asked === active.id,
    actionKey: newActionKey(),
    codeActionKey: newActionKey(),
    codeConstraint: formConstraint('bonus-code'),
    // The referral link (ADR 0057), whole, in the page's language.
    referral: {
      link: `${getRequestInfo(args.context).origin}${localizePath(locale, '/register')}?ref=${encodeURIComponent(referral.data.code)}`,
      friendsCounted: referral.data.friendsCounted,
      amount: referral.data.offer?.amount ?? null,
    },
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const formData = await args.request.formData()
  if (formData.get('intent') === BONUS_CODE_INTENT) return applyBonusCode(args, formData)
  const id = formData.get('id')
  const idempotencyKey = actionKeyOf(formData)
  if (formData.get('intent') !== 'forfeit' || typeof id !== 'string' || !id || id.length > 64 || !idempotencyKey)
    throw data(null, { status: 400 })
  const result = await callUpstream(args, 'forfeit_bonus', { id, locale: requestLocale(args) }, { idempotencyKey })
  if (!result.ok) {
    if (result.status >= 500) throw upstreamUnavailable()
    return data({ error: encodeMessage(result.code, result.args) }, { status: refusalStatus(result) })
  }
  forgetPlayer(args)
  return { forfeited: true }
}

/**
 * A no-deposit bonus code, sent with the form's key (one bonus however often the form is sent).
 * A refusal keeps the code typed, its message under the field: used, expired, unknown or a
 * deposit code ('bonus_code_invalid'), another bonus active, too many wrong codes.
 */
async function applyBonusCode(args: Route.ActionArgs, formData: FormData) {
  const submission = parseForm('bonus-code', formData)
  if (submission.status !== 'success') return invalidForm(submission)
  const idempotencyKey = actionKeyOf(formData)
  if (!idempotencyKey) return invalidForm(submission)
  const result = await callUpstream(args, 'bonuscode_deposit_processor', submission.value, { idempotencyKey })
  if (!result.ok)
    return refusedMoneyForm(submission, result, {
      fieldOf: { bonus_code_invalid: 'code', bonus_active: 'code', promo_code_attempts_limited: 'code' },
    })
  forgetPlayer(args)
  return { result: submission.reply({ resetForm: true }), codeApplied: true }
}

export default function Bonuses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { active, history, bonusBalance, currency, confirming, actionKey } = loaderData
  const amountText = (cents: number) => formatMoney(cents, currency, locale)
  const forfeited = !!actionData && 'forfeited' in actionData
  const error = actionData && 'error' in actionData ? actionData.error : null
  const codeApplied = !!actionData && 'codeApplied' in actionData
  const codeResult = actionData && 'result' in actionData && !codeApplied ? actionData.result : undefined

  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.bonuses.heading')}</h2>
      <p>
        <Link to={localePath('/promotion')}>{t('account.bonuses.backToPromotions')}</Link>
      </p>
      {forfeited ? (
        <FormStatus>
          <p>{text('bonus_forfeited')}</p>
        </FormStatus>
      ) : null}
      {codeApplied ? (
        <FormStatus>
          <p>{text('bonus_code_applied')}</p>
        </FormStatus>
      ) : null}
      <FormErrors errors={error ? [error] : null} />

      <section aria-labelledby="active-bonus-heading" className={styles.block}>
        <h3 id="active-bonus-heading" className={styles.blockHeading}>
          {t('account.bonuses.activeHeading')}
        </h3>
        {active ? (
          <ActiveBonus
            bonus={active}
            bonusBalance={bonusBalance}
            amountText={amountText}
            confirming={confirming}
            actionKey={actionKey}
          />
        ) : (
          <p>{t('account.bonuses.noActive')}</p>
        )}
      </section>

      {/* The casino API refuses a code while a bonus is active: the form is there when none is,
          or to show a refusal (that one too) with the code kept. */}
      {!active || codeResult ? (
        <BonusCodeForm
          lastResult={codeResult}
          constraint={loaderData.codeConstraint}
          actionKey={formActionKey(loaderData.codeActionKey, actionData)}
        />
      ) : (
        <p>{t('account.bonuses.codeLater')}</p>
      )}

      <ReferralLink {...loaderData.referral} amountText={amountText} />

      <section aria-labelledby="bonus-history-heading" className={styles.block}>
        <h3 id="bonus-history-heading" className={styles.blockHeading}>
          {t('account.bonuses.historyHeading')}
        </h3>
        {history.length === 0 ? (
          <p>{t('account.bonuses.noHistory')}</p>
        ) : (
          <ScrollTable label={t('account.bonuses.historyHeading')}>
            <table className={money.table}>
              <caption className="visually-hidden">{t('account.bonuses.historyHeading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('account.bonuses.bonus')}</th>
                  <th scope="col">{t('account.bonuses.grantedAt')}</th>
                  <th scope="col" className={money.amountCell}>
                    {t('account.bonuses.granted')}
                  </th>
                  <th scope="col">{t('account.bonuses.wagered')}</th>
                  <th scope="col">{t('account.bonuses.status')}</th>
                  <th scope="col" className={money.amountCell}>
                    {t('account.bonuses.converted')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((b) => (
                  <tr key={b.id}>
                    <td>{b.name}</td>
                    <td>{formatDateTime(new Date(b.grantedAt))}</td>
                    <td className={money.amountCell}>{amountText(b.granted.amount)}</td>
                    <td>
                      {t('account.bonuses.wageredOf', {
                        done: amountText(b.wagering.done),
                        required: amountText(b.wagering.required),
                      })}
                    </td>
                    <td>
                      <span className={money.status}>{t(`account.bonuses.statuses.${b.status}`)}</span>
                    </td>
                    <td className={money.amountCell}>{b.converted ? amountText(b.converted.amount) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </section>
    </>
  )
}

/**
 * The player's referral link: a read-only field to select and copy by hand (without JavaScript
 * too); with JavaScript, a button copies it.
 */
function ReferralLink({
  link,
  friendsCounted,
  amount,
  amountText,
}: Route.ComponentProps['loaderData']['referral'] & { amountText: (cents: number) => string }) {
  const { t } = useTranslation()
  // The copy button needs JavaScript (and a clipboard): none in the server's markup.
  const canCopy = useHydrated() && typeof navigator !== 'undefined' && !!navigator.clipboard
  const [copied, setCopied] = useState(false)
  return (
    <section aria-labelledby="referral-heading" className={styles.block}>
      <h3 id="referral-heading" className={styles.blockHeading}>
        {t('account.bonuses.referralHeading')}
      </h3>
      <p>
        {amount === null
          ? t('account.bonuses.referralClosed')
          : t('account.bonuses.referralIntro', { amount: amountText(amount) })}
      </p>
      <div className={`${forms.form} ${forms.narrow}`}>
        <div className={forms.field}>
          <label htmlFor="referral-link" className={forms.label}>
            {t('account.bonuses.referralLink')}
          </label>
          <input
            id="referral-link"
            className={forms.input}
            type="text"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        {canCopy ? (
          <div className={forms.actions}>
            <button
              type="button"
              className={money.secondaryButton}
              onClick={() => {
                void navigator.clipboard.writeText(link).then(() => setCopied(true))
              }}
            >
              {t('account.bonuses.referralCopy')}
            </button>
            <output>{copied ? t('account.bonuses.referralCopied') : null}</output>
          </div>
        ) : null}
      </div>
      <p>{t('account.bonuses.referralCounted', { count: friendsCounted })}</p>
    </section>
  )
}

type ActiveBonusData = NonNullable<Route.ComponentProps['loaderData']['active']>

function ActiveBonus({
  bonus,
  bonusBalance,
  amountText,
  confirming,
  actionKey,
}: {
  bonus: ActiveBonusData
  bonusBalance: number
  amountText: (cents: number) => string
  confirming: boolean
  actionKey: string
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { required, done } = bonus.wagering
  const percent = required > 0 ? Math.floor((done * 100) / required) : 100
  return (
    <>
      <dl className={money.details}>
        <dt>{t('account.bonuses.bonus')}</dt>
        <dd>{bonus.name}</dd>
        <dt>{t('account.bonuses.granted')}</dt>
        <dd>{amountText(bonus.granted.amount)}</dd>
        <dt>{t('account.bonuses.balance')}</dt>
        <dd>{amountText(bonusBalance)}</dd>
        <dt>{t('account.bonuses.remaining')}</dt>
        <dd>{amountText(Math.max(0, required - done))}</dd>
        {bonus.expiresAt ? (
          <>
            <dt>{t('account.bonuses.expiresAt')}</dt>
            <dd>{formatDateTime(new Date(bonus.expiresAt))}</dd>
          </>
        ) : null}
      </dl>
      <p>
        <label htmlFor="bonus-wagering">
          {t('account.bonuses.progress', { done: amountText(done), required: amountText(required), percent })}
        </label>
        <progress id="bonus-wagering" className={money.progress} max={required} value={Math.min(done, required)}>
          {percent} %
        </progress>
      </p>
      {confirming ? (
        <div className={money.warning}>
          <p>
            <strong>{t('account.bonuses.confirmHeading')}</strong>
          </p>
          <p>{t('account.bonuses.confirmText', { balance: amountText(bonusBalance) })}</p>
          <Form method="post" action={localePath(BONUSES_PATH)} className={forms.form}>
            <input type="hidden" name="id" value={bonus.id} />
            <input type="hidden" name={ACTION_KEY_FIELD} value={actionKey} />
            <div className={forms.actions}>
              <button type="submit" name="intent" value="forfeit" className={money.secondaryButton}>
                {t('account.bonuses.confirm')}
              </button>
              <Link to={localePath(BONUSES_PATH)}>{t('account.bonuses.keep')}</Link>
            </div>
          </Form>
        </div>
      ) : (
        <p>
          <Link to={`${localePath(BONUSES_PATH)}?forfeit=${encodeURIComponent(bonus.id)}`}>
            {t('account.bonuses.forfeit')}
          </Link>
        </p>
      )}
    </>
  )
}
