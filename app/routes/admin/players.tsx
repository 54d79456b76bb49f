import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import { parseAmountToCents } from '#contract'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocale } from '#ui/locale.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { actionKeyOf, newActionKey } from '#app/utils/payments.server.ts'
import { ACTION_KEY_FIELD } from '#app/utils/payments.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import type { Route } from './+types/players'
import { adminFieldRefusal, adminRead, adminRefusal, localeOf, pageOf, type AdminOutcome } from './admin.server.ts'
import { AdminTable } from './admin-table.tsx'
import { Outcome } from './outcome.tsx'
import { ReasonForm } from './reason-form.tsx'
import * as settings from './settings.css.ts'
import * as money from '../user-management/money.css.ts'
import { TransactionTable } from '../user-management/transaction-table.tsx'

/**
 * A player's ledger by username (?username=…): balance, wagering still to do, every payment; and
 * the player's bonuses, with a form granting one from a template and one cancelling the active one.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const username = (new URL(args.request.url).searchParams.get('username') ?? '').trim().slice(0, 40)
  const none = { username, ledger: null, bonuses: [], templates: [], kyc: null, actionKey: newActionKey() }
  if (!username) return { ...none, notFound: false }
  const result = await callUpstream(args, 'get_player_ledger', { username, page: pageOf(args.request), pageSize: 20 })
  if (!result.ok) {
    if (result.status === 404 || result.status === 400) return { ...none, notFound: true }
    throw upstreamUnavailable()
  }
  const locale = requestLocale(args)
  const [bonuses, templates, kyc] = await Promise.all([
    adminRead(args, 'list_player_bonuses', { playerId: result.data.player.id, locale }),
    adminRead(args, 'list_bonus_templates', {}),
    adminRead(args, 'get_player_kyc', { playerId: result.data.player.id }),
  ])
  return {
    ...none,
    ledger: result.data,
    notFound: false,
    bonuses: bonuses.items,
    kyc: kyc.state,
    // The templates a bonus may be granted from by hand: those switched on.
    templates: templates.items
      .filter((t) => t.enabled)
      .map((t) => ({ type: t.type, name: locale === 'en' ? t.nameEn : t.nameEs })),
  }
}

const GRANT_FIELDS = ['type', 'amount', 'reason'] as const
type GrantValues = Partial<Record<(typeof GRANT_FIELDS)[number], string>>

/**
 * Grants a bonus (intent 'grant') or cancels the active one (intent 'cancel'), each with the
 * form's action key (a resent form acts once) and a reason kept in the audit log. A refusal keeps
 * what was typed.
 */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const key = actionKeyOf(form) ?? newActionKey()
  const intent = form.get('intent')
  const values: GrantValues = Object.fromEntries(GRANT_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]))
  const refuse = (outcome: AdminOutcome, status: number) => data({ outcome, values, intent }, { status })
  const answer = async (result: Awaited<ReturnType<typeof callUpstream>>, message: string) => {
    if (result.ok) return data({ outcome: { ok: true, message } as AdminOutcome, values: {} as GrantValues, intent })
    if (result.status >= 500) throw upstreamUnavailable()
    return refuse(adminRefusal(result), result.status === 401 ? 403 : result.status)
  }
  const locale = requestLocale(args)
  if (intent === 'grant') {
    const amount = parseAmountToCents(values.amount ?? '', localeOf(args))
    if (amount === null) return refuse(adminFieldRefusal('amount'), 400)
    const params = {
      playerId: String(form.get('playerId') ?? ''),
      type: (values.type ?? '') as never,
      amount,
      reason: values.reason ?? '',
      locale,
    }
    return answer(
      await callUpstream(args, 'grant_bonus', params, { idempotencyKey: key }),
      'admin.playerBonuses.grantDone',
    )
  }
  // Asks the player for an identity document and a proof of address (ADR 0067), audited upstream.
  if (intent === 'request-kyc')
    return answer(
      await callUpstream(args, 'request_kyc', { playerId: String(form.get('playerId') ?? '') }),
      'admin.players.kycRequested',
    )
  // Support's reset of a player's two-factor authentication (ADR 0069), with the reason audited upstream.
  if (intent === 'reset-two-factor')
    return answer(
      await callUpstream(args, 'reset_two_factor', {
        playerId: String(form.get('id') ?? ''),
        reason: String(form.get('reason') ?? ''),
      }),
      'catalogue.two_factor_reset',
    )
  if (intent === 'cancel') {
    const params = { id: String(form.get('id') ?? ''), reason: String(form.get('reason') ?? ''), locale }
    return answer(
      await callUpstream(args, 'cancel_bonus', params, { idempotencyKey: key }),
      'admin.playerBonuses.cancelDone',
    )
  }
  throw data(null, { status: 400 })
}

export default function Players({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { username, ledger, notFound, bonuses, templates, kyc } = loaderData
  const outcome = actionData?.outcome
  const refusedKey = outcome && !outcome.ok ? outcome.actionKey : null
  const formKey = refusedKey ?? loaderData.actionKey
  const values: GrantValues = actionData?.intent === 'grant' ? (actionData.values ?? {}) : {}
  const refused = outcome && !outcome.ok && actionData?.intent === 'grant' ? outcome.fields : {}
  const invalid = (field: string) => (refused[field] ? { 'aria-invalid': true as const } : {})
  const active = bonuses.find((b) => b.status === 'active') ?? null
  // The identity check and 2FA reset answer beside their forms; a bonus's in its section.
  const accountIntent = actionData?.intent === 'request-kyc' || actionData?.intent === 'reset-two-factor'
  const accountOutcome = accountIntent ? outcome : undefined
  const askKyc = Boolean(kyc && !kyc.dueAt)
  const restrictionText = ({ kind, until }: NonNullable<NonNullable<typeof ledger>['player']['restriction']>) =>
    kind === 'closure'
      ? t('admin.players.restrictions.closure')
      : until
        ? t(`admin.players.restrictions.${kind}`, { until: formatDateTime(until) })
        : t('admin.players.restrictions.forGood')
  const limitMoney = (cents: number | null) =>
    cents === null ? t('account.limits.none') : formatMoney(cents, ledger?.balance.currency ?? 'EUR', locale)
  const limitsText = (limits: NonNullable<typeof ledger>['player']['depositLimits']) =>
    limits
      .filter((l) => l.amount !== null)
      .map((l) => {
        const shown = `${t(`account.limits.periods.${l.period}.heading`)}: ${limitMoney(l.amount)}`
        return l.pending
          ? `${shown} (${t('admin.players.limitWaiting', { amount: limitMoney(l.pending.amount), from: formatDateTime(l.pending.from) })})`
          : shown
      })
      .join(' · ') || t('admin.players.noLimits')
  return (
    <>
      <h2>{t('admin.players.heading')}</h2>
      <Form method="get" className={money.filters}>
        <div className={money.filterField}>
          <label htmlFor="username" className={forms.label}>
            {t('admin.players.username')}
          </label>
          <input
            id="username"
            name="username"
            defaultValue={username}
            required
            className={forms.input}
            maxLength={40}
          />
        </div>
        <button type="submit" className={money.secondaryButton}>
          {t('admin.players.search')}
        </button>
      </Form>
      {notFound ? <p role="alert">{t('admin.players.notFound')}</p> : null}
      {ledger ? (
        <>
          <dl className={money.details}>
            <dt>{t('admin.players.player')}</dt>
            <dd>
              {ledger.player.username} ({ledger.player.email}) ·{' '}
              {t(`admin.players.statuses.${ledger.player.status as 'active'}`)}
            </dd>
            {ledger.player.restriction ? (
              <>
                <dt>{t('admin.players.restriction')}</dt>
                <dd>{restrictionText(ledger.player.restriction)}</dd>
              </>
            ) : null}
            <dt>{t('admin.players.depositLimits')}</dt>
            <dd>{limitsText(ledger.player.depositLimits)}</dd>
            <dt>{t('admin.players.lossLimits')}</dt>
            <dd>{limitsText(ledger.player.lossLimits)}</dd>
            {kyc ? (
              <>
                <dt>{t('admin.players.kyc')}</dt>
                <dd>
                  {t(`account.verification.statuses.${kyc.status}`)}
                  {kyc.dueAt ? ` · ${t('account.verification.due')} ${formatDateTime(new Date(kyc.dueAt))}` : ''}
                </dd>
              </>
            ) : null}
            <dt>{t('admin.players.twoFactor')}</dt>
            <dd>{t(ledger.player.twoFactor ? 'admin.players.twoFactorOn' : 'admin.players.twoFactorOff')}</dd>
            <dt>{t('account.balance.total')}</dt>
            <dd>{formatMoney(ledger.balance.total, ledger.balance.currency, locale)}</dd>
            <dt>{t('account.balance.real')}</dt>
            <dd>{formatMoney(ledger.balance.real, ledger.balance.currency, locale)}</dd>
            <dt>{t('account.balance.bonus')}</dt>
            <dd>{formatMoney(ledger.balance.bonus, ledger.balance.currency, locale)}</dd>
            <dt>{t('money.withdrawal.wagering')}</dt>
            <dd>{formatMoney(ledger.wageringRemaining, ledger.balance.currency, locale)}</dd>
          </dl>
          {askKyc || ledger.player.twoFactor || accountOutcome ? (
            <section aria-labelledby="player-account" className={forms.narrow}>
              <h3 id="player-account" className={settings.listHeading}>
                {t('admin.players.accountHeading')}
              </h3>
              <Outcome outcome={accountOutcome} />
              {askKyc ? (
                <Form method="post" className={forms.form}>
                  <input type="hidden" name="playerId" value={ledger.player.id} />
                  <SubmitButton name="intent" value="request-kyc">
                    {t('admin.players.requestKyc')}
                  </SubmitButton>
                </Form>
              ) : null}
              {ledger.player.twoFactor ? (
                <ReasonForm
                  id={ledger.player.id}
                  actionKey={`${formKey}-2fa`}
                  intent="reset-two-factor"
                  label={t('admin.players.resetTwoFactorReason')}
                >
                  {t('admin.players.resetTwoFactor')}
                </ReasonForm>
              ) : null}
            </section>
          ) : null}
          <TransactionTable
            label={t('money.history.heading')}
            items={ledger.transactions.items}
            lastHeading={t('money.detail.reference')}
            renderLast={(tx) => tx.reference}
          />
          <Pager
            page={ledger.transactions.page}
            total={ledger.transactions.total}
            pageSize={ledger.transactions.pageSize}
          />
          <section aria-labelledby="player-bonuses">
            <h3 id="player-bonuses" className={settings.listHeading}>
              {t('admin.playerBonuses.heading')}
            </h3>
            <Outcome outcome={accountOutcome ? undefined : outcome} />
            <AdminTable
              label={t('admin.playerBonuses.heading')}
              rows={bonuses}
              rowKey={(b) => b.id}
              empty={t('admin.playerBonuses.empty')}
              columns={[
                { heading: t('admin.playerBonuses.name'), render: (b) => b.name },
                {
                  heading: t('admin.playerBonuses.status'),
                  render: (b) => t(`admin.playerBonuses.statuses.${b.status}`),
                },
                {
                  heading: t('admin.playerBonuses.granted'),
                  render: (b) =>
                    `${formatMoney(b.granted.amount, b.granted.currency, locale)} · ${formatDateTime(new Date(b.grantedAt))}`,
                },
                {
                  heading: t('admin.playerBonuses.wagering'),
                  render: (b) =>
                    `${formatMoney(b.wagering.done, b.granted.currency, locale)} / ${formatMoney(b.wagering.required, b.granted.currency, locale)}`,
                },
                {
                  heading: t('admin.playerBonuses.expires'),
                  render: (b) => (b.expiresAt ? formatDateTime(new Date(b.expiresAt)) : '—'),
                },
              ]}
            />
            {active ? (
              <ReasonForm
                id={active.id}
                actionKey={`${formKey}-c-${active.id.slice(0, 8)}`}
                intent="cancel"
                label={t('admin.playerBonuses.cancelReason', { name: active.name })}
              >
                {t('admin.playerBonuses.cancel')}
              </ReasonForm>
            ) : (
              <Form
                method="post"
                className={`${forms.form} ${forms.narrow}`}
                key={outcome?.ok ? `granted-${loaderData.actionKey}` : 'grant'}
              >
                <h4>{t('admin.playerBonuses.grantHeading')}</h4>
                <input type="hidden" name="playerId" value={ledger.player.id} />
                <input type="hidden" name={ACTION_KEY_FIELD} value={`${formKey}-g`} />
                <div className={forms.field}>
                  <label htmlFor="grant-type" className={forms.label}>
                    {t('admin.playerBonuses.template')}
                  </label>
                  <select
                    id="grant-type"
                    name="type"
                    required
                    defaultValue={values.type ?? 'bonus_code'}
                    className={forms.input}
                    {...invalid('type')}
                  >
                    {templates.map((tpl) => (
                      <option key={tpl.type} value={tpl.type}>
                        {tpl.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className={forms.field}>
                  <label htmlFor="grant-amount" className={forms.label}>
                    {t('admin.playerBonuses.amount')}
                  </label>
                  <input
                    id="grant-amount"
                    name="amount"
                    inputMode="decimal"
                    required
                    defaultValue={values.amount}
                    className={forms.input}
                    {...invalid('amount')}
                  />
                </div>
                <div className={forms.field}>
                  <label htmlFor="grant-reason" className={forms.label}>
                    {t('admin.playerBonuses.reason')}
                  </label>
                  <textarea
                    id="grant-reason"
                    name="reason"
                    required
                    maxLength={500}
                    rows={2}
                    defaultValue={values.reason}
                    className={forms.input}
                    {...invalid('reason')}
                  />
                </div>
                <SubmitButton name="intent" value="grant">
                  {t('admin.playerBonuses.grant')}
                </SubmitButton>
              </Form>
            )}
          </section>
        </>
      ) : null}
      <p className={forms.links}>
        <Link to="?">{t('admin.players.clear')}</Link>
      </p>
    </>
  )
}
