import { requestLocale } from '#app/utils/locale.server.ts'
import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { FormErrors, FormStatus, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#app/components/form-fields.css.ts'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { refusalStatus } from '#app/utils/forms.server.ts'
import { useLocale, useLocalePath } from '#app/utils/locale.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { encodeMessage } from '#app/utils/form-messages.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD } from '#app/utils/payments.ts'
import type { Route } from './+types/bonuses'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/**
 * The player's bonuses (get_player_bonuses): the active one with its wagering progress, and the
 * history. Giving the active bonus up takes two steps that work without JavaScript: the link asks
 * (?forfeit=<id>), the page then shows what is lost and a form that sends forfeit_bonus.
 */
export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const bonuses = await callUpstream(args, 'get_player_bonuses', { locale: requestLocale(args) })
  if (!bonuses.ok) throw upstreamUnavailable()
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
  }
}

export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const formData = await args.request.formData()
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

export default function Bonuses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { active, history, bonusBalance, currency, confirming, actionKey } = loaderData
  const amountText = (cents: number) => formatMoney(cents, currency, locale)
  const forfeited = !!actionData && 'forfeited' in actionData
  const error = actionData && 'error' in actionData ? actionData.error : null

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
          <Form method="post" action={localePath('/user-management/bonuses')} className={forms.form}>
            <input type="hidden" name="id" value={bonus.id} />
            <input type="hidden" name={ACTION_KEY_FIELD} value={actionKey} />
            <div className={forms.actions}>
              <button type="submit" name="intent" value="forfeit" className={money.secondaryButton}>
                {t('account.bonuses.confirm')}
              </button>
              <Link to={localePath('/user-management/bonuses')}>{t('account.bonuses.keep')}</Link>
            </div>
          </Form>
        </div>
      ) : (
        <p>
          <Link to={`${localePath('/user-management/bonuses')}?forfeit=${encodeURIComponent(bonus.id)}`}>
            {t('account.bonuses.forfeit')}
          </Link>
        </p>
      )}
    </>
  )
}
