import { requestLocale } from '#app/utils/locale.server.ts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FormStatus, useMessageText } from '#app/components/forms.tsx'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm } from '#app/utils/forms.server.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatDateTime, formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { actionKeyOf, newActionKey, refusedMoneyForm } from '#app/utils/payments.server.ts'
import { formActionKey } from '#app/utils/payments.ts'
import type { Route } from './+types/loyalty-points'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'
import { LOYALTY_PATH, RedeemForm } from './bonus-forms.tsx'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const PAGE_SIZE = 20

/**
 * The player's loyalty points (get_loyalty, ADR 0054): the balance of their points account, the
 * level their lifetime points reach and the way to the next, the programme's rates, the history of
 * points earned, taken back and redeemed (?page=n), and a form that redeems points into a loyalty
 * bonus (loyalty_redeem_processor) with the form's action key, with JavaScript or without.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const page = Math.max(1, Math.min(10_000, Number(new URL(args.request.url).searchParams.get('page')) || 1))
  const loyalty = await callUpstream(args, 'get_loyalty', { page, pageSize: PAGE_SIZE, locale: requestLocale(args) })
  if (!loyalty.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.loyalty.title')),
    loyalty: loyalty.data,
    actionKey: newActionKey(),
    constraint: formConstraint('loyalty-redeem'),
  }
}

/**
 * A redemption, sent with the form's key (one bonus however often the form is sent). A refusal
 * keeps the points typed, its message under the field: below the minimum, more than held, a bonus
 * already active.
 */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const formData = await args.request.formData()
  const submission = parseForm('loyalty-redeem', formData)
  if (submission.status !== 'success') return invalidForm(submission)
  const idempotencyKey = actionKeyOf(formData)
  if (!idempotencyKey) return invalidForm(submission)
  const result = await callUpstream(
    args,
    'loyalty_redeem_processor',
    { ...submission.value, locale: requestLocale(args) },
    { idempotencyKey },
  )
  if (!result.ok)
    return refusedMoneyForm(submission, result, {
      fieldOf: {
        not_enough_loyalty_points: 'points',
        loyalty_redeem_below_minimum: 'points',
        bonus_active: 'points',
      },
    })
  forgetPlayer(args)
  return {
    result: submission.reply({ resetForm: true }),
    redeemed: { points: result.data.pointsRedeemed, bonus: result.data.bonus.granted.amount },
  }
}

export default function LoyaltyPoints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { loyalty } = loaderData
  const amountText = (cents: number) => formatMoney(cents, loyalty.currency, locale)
  const points = (n: number) => formatNumber(n, locale)
  const redeemed = actionData && 'redeemed' in actionData ? actionData.redeemed : null
  const lastResult = actionData && 'result' in actionData && !redeemed ? actionData.result : undefined
  const { level, nextLevel, history } = loyalty
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize))
  const pageLink = (page: number) => `${localePath(LOYALTY_PATH)}?page=${page}`
  const exceptions = loyalty.pointsPerUnit.filter((r) => r.points !== loyalty.defaultPointsPerUnit)

  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.loyalty.heading')}</h2>
      {redeemed ? (
        <FormStatus>
          <p>{text('loyalty_bonus_added')}</p>
          <p>
            {t('account.loyalty.redeemedText', { points: points(redeemed.points), bonus: amountText(redeemed.bonus) })}{' '}
            <Link to={localePath('/user-management/bonuses')}>{t('account.loyalty.toBonuses')}</Link>
          </p>
        </FormStatus>
      ) : null}

      <section aria-labelledby="loyalty-balance-heading" className={styles.block}>
        <h3 id="loyalty-balance-heading" className={styles.blockHeading}>
          {t('account.loyalty.balanceHeading')}
        </h3>
        <dl className={money.details}>
          <dt>{t('account.loyalty.points')}</dt>
          <dd>{points(loyalty.points)}</dd>
          <dt>{t('account.loyalty.worth')}</dt>
          <dd>{amountText(loyalty.redeemable.amount)}</dd>
          <dt>{t('account.loyalty.level')}</dt>
          <dd>{level.name}</dd>
          <dt>{t('account.loyalty.lifetime')}</dt>
          <dd>{points(loyalty.lifetimePoints)}</dd>
        </dl>
        {nextLevel ? (
          <p>
            <label htmlFor="loyalty-progress">
              {t('account.loyalty.progress', {
                points: points(loyalty.lifetimePoints),
                next: points(nextLevel.minPoints),
                level: nextLevel.name,
              })}
            </label>
            <progress
              id="loyalty-progress"
              className={money.progress}
              max={nextLevel.minPoints - level.minPoints}
              value={Math.min(loyalty.lifetimePoints, nextLevel.minPoints) - level.minPoints}
            >
              {points(loyalty.lifetimePoints)} / {points(nextLevel.minPoints)}
            </progress>
          </p>
        ) : (
          <p>{t('account.loyalty.topLevel')}</p>
        )}
      </section>

      <RedeemForm
        lastResult={lastResult}
        constraint={loaderData.constraint}
        actionKey={formActionKey(loaderData.actionKey, actionData)}
        loyalty={loyalty}
      />

      <section aria-labelledby="loyalty-earn-heading" className={styles.block}>
        <h3 id="loyalty-earn-heading" className={styles.blockHeading}>
          {t('account.loyalty.earnHeading')}
        </h3>
        <p>{t('account.loyalty.earnText', { points: points(loyalty.defaultPointsPerUnit), unit: amountText(100) })}</p>
        {exceptions.length > 0 ? (
          <ul>
            {exceptions.map((r) => (
              <li key={r.category}>
                {t('account.loyalty.earnCategory', {
                  category: t(`games.categories.${r.category}`, { defaultValue: r.category }),
                  points: points(r.points),
                  unit: amountText(100),
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="loyalty-history-heading" className={styles.block}>
        <h3 id="loyalty-history-heading" className={styles.blockHeading}>
          {t('account.loyalty.historyHeading')}
        </h3>
        {history.items.length === 0 ? (
          <p>{t('account.loyalty.noHistory')}</p>
        ) : (
          <ScrollTable label={t('account.loyalty.historyHeading')}>
            <table className={money.table}>
              <caption className="visually-hidden">{t('account.loyalty.historyHeading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('account.loyalty.date')}</th>
                  <th scope="col">{t('account.loyalty.movement')}</th>
                  <th scope="col" className={money.amountCell}>
                    {t('account.loyalty.pointsColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.items.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(new Date(m.createdAt))}</td>
                    <td>
                      {m.reason === 'redeem' && m.bonus
                        ? t('account.loyalty.reasons.redeem', { bonus: amountText(m.bonus.amount) })
                        : t(`account.loyalty.reasons.${m.reason === 'rollback' ? 'rollback' : 'wager'}`)}
                    </td>
                    <td className={money.amountCell}>{(m.points > 0 ? '+' : '') + points(m.points)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        {pages > 1 ? (
          <nav aria-label={t('account.loyalty.pages')}>
            <p>
              {history.page > 1 ? <Link to={pageLink(history.page - 1)}>{t('account.loyalty.newer')}</Link> : null}{' '}
              {t('account.loyalty.pageOf', { page: history.page, pages })}{' '}
              {history.page < pages ? <Link to={pageLink(history.page + 1)}>{t('account.loyalty.older')}</Link> : null}
            </p>
          </nav>
        ) : null}
      </section>
    </>
  )
}
