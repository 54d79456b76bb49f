import { useTranslation } from 'react-i18next'
import { parseAmountToCents } from '#contract'
import { data, Form, Link } from 'react-router'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocale } from '#ui/locale.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import type { Route } from './+types/promo-codes'
import { adminFieldRefusal, adminRead, adminRefusal, localeOf, pageOf, type AdminOutcome } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import * as settings from './settings.css.ts'
import { AdminTable } from './admin-table.tsx'

const BONUS_TYPES = ['welcome_deposit', 'reload_deposit', 'bonus_code'] as const
const FIELDS = ['code', 'bonusType', 'amount', 'maxUses', 'validFrom', 'validUntil'] as const
type Values = Partial<Record<(typeof FIELDS)[number], string>>

const DAY_MS = 86_400_000
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
/** A date typed in the form, as the casino API's instant: its start (from) or its end (until), in UTC. */
const dayStart = (v: string) => `${v}T00:00:00Z`
const dayEnd = (v: string) => new Date(Date.parse(`${v}T00:00:00Z`) + DAY_MS).toISOString()
const day = (at: string) => formatDateTime(new Date(at))
/** The day a form shows for a stored instant: a start's own day, an end's last day (UTC). */
const fromDay = (at: string | null) => (at ? at.slice(0, 10) : '')
const untilDay = (at: string | null) => (at ? new Date(Date.parse(at) - 1).toISOString().slice(0, 10) : '')

const EDIT_FIELDS = ['maxUses', 'validFrom', 'validUntil'] as const
type EditValues = Partial<Record<(typeof EDIT_FIELDS)[number], string>> & { enabled?: boolean }

/** The codes, newest first; ?edit=<id> opens a code of the page in the form that changes it. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const list = await adminRead(args, 'list_promo_codes', { page: pageOf(args.request), pageSize: 20 })
  const edit = new URL(args.request.url).searchParams.get('edit')
  return { list, editing: list.items.find((c) => c.id === edit) ?? null }
}

/**
 * Creates a promo code, or (intent 'update') changes one's uses, window and switch; a refusal
 * re-renders the form with what was typed.
 */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  if (form.get('intent') === 'update') return update(args, form)
  const values: Values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]))
  const refuse = (outcome: AdminOutcome, status: number) => data({ outcome, values }, { status })
  let amount: number | undefined
  if (values.amount) {
    const cents = parseAmountToCents(values.amount, localeOf(args))
    if (cents === null) return refuse(adminFieldRefusal('amount'), 400)
    amount = cents
  }
  for (const field of ['validFrom', 'validUntil'] as const) {
    const v = values[field]
    if (v && !isDate(v)) return refuse({ ...adminFieldRefusal(field), fields: { [field]: ['invalid_date'] } }, 400)
  }
  const result = await callUpstream(args, 'create_promo_code', {
    code: values.code ?? '',
    bonusType: (values.bonusType ?? '') as never,
    ...(amount !== undefined ? { amount } : {}),
    maxUses: (values.maxUses ?? '') as never,
    ...(values.validFrom ? { validFrom: dayStart(values.validFrom) } : {}),
    ...(values.validUntil ? { validUntil: dayEnd(values.validUntil) } : {}),
  })
  if (result.ok)
    return data({
      outcome: { ok: true, message: 'admin.promoCodes.done', args: [result.data.item.code] } as AdminOutcome,
      values: {} as Values,
    })
  if (result.status >= 500) throw upstreamUnavailable()
  return refuse(adminRefusal(result), result.status === 401 ? 403 : result.status)
}

async function update(args: Route.ActionArgs, form: FormData) {
  const id = String(form.get('id') ?? '')
  const edit: EditValues = {
    ...Object.fromEntries(EDIT_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()])),
    enabled: form.get('enabled') === 'on',
  }
  const refuse = (outcome: AdminOutcome, status: number) => data({ outcome, values: {} as Values, edit }, { status })
  for (const field of ['validFrom', 'validUntil'] as const) {
    const v = edit[field]
    if (v && !isDate(v)) return refuse({ ...adminFieldRefusal(field), fields: { [field]: ['invalid_date'] } }, 400)
  }
  const result = await callUpstream(args, 'update_promo_code', {
    id,
    maxUses: (edit.maxUses ?? '') as never,
    ...(edit.validFrom ? { validFrom: dayStart(edit.validFrom) } : {}),
    ...(edit.validUntil ? { validUntil: dayEnd(edit.validUntil) } : {}),
    enabled: edit.enabled ?? false,
  })
  if (result.ok)
    return data({
      outcome: { ok: true, message: 'admin.promoCodes.updated', args: [result.data.item.code] } as AdminOutcome,
      values: {} as Values,
      edit: undefined,
    })
  if (result.status >= 500) throw upstreamUnavailable()
  return refuse(adminRefusal(result), result.status === 401 ? 403 : result.status)
}

export default function PromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { items, total, page, pageSize } = loaderData.list
  const { editing } = loaderData
  const values: Values = actionData?.values ?? {}
  const editRefused = !!actionData && 'edit' in actionData && actionData.edit !== undefined
  const failed = actionData?.outcome && !actionData.outcome.ok ? actionData.outcome.fields : {}
  const refused = editRefused ? {} : failed
  const editValues: EditValues = (editRefused && actionData && 'edit' in actionData ? actionData.edit : null) ?? {}
  const editInvalid = (field: string) => (editRefused && failed[field] ? { 'aria-invalid': true as const } : {})
  const windowText = (from: string | null, until: string | null) =>
    from && until
      ? `${day(from)} – ${day(until)}`
      : from
        ? t('admin.promoCodes.from', { 0: day(from) })
        : until
          ? t('admin.promoCodes.until', { 0: day(until) })
          : t('admin.promoCodes.always')
  const invalid = (field: string) => (refused[field] ? { 'aria-invalid': true as const } : {})
  return (
    <>
      <h2>{t('admin.promoCodes.heading')}</h2>
      <p>{t('admin.promoCodes.intro')}</p>
      <Outcome outcome={actionData?.outcome} />
      <Form
        method="post"
        className={`${forms.form} ${forms.narrow}`}
        // A new, empty form after a code is created; a refused one keeps what was typed.
        key={actionData?.outcome?.ok ? `created-${actionData.outcome.args?.[0]}` : 'form'}
      >
        <div className={forms.field}>
          <label htmlFor="code" className={forms.label}>
            {t('admin.promoCodes.code')}
          </label>
          <input
            id="code"
            name="code"
            required
            maxLength={32}
            autoComplete="off"
            defaultValue={values.code}
            className={forms.input}
            {...invalid('code')}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="bonusType" className={forms.label}>
            {t('admin.promoCodes.bonusType')}
          </label>
          <select
            id="bonusType"
            name="bonusType"
            required
            defaultValue={values.bonusType ?? 'bonus_code'}
            className={forms.input}
            {...invalid('bonusType')}
          >
            {BONUS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.promoCodes.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={forms.field}>
          <label htmlFor="amount" className={forms.label}>
            {t('admin.promoCodes.amount')}
          </label>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            defaultValue={values.amount}
            className={forms.input}
            {...invalid('amount')}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="maxUses" className={forms.label}>
            {t('admin.promoCodes.maxUses')}
          </label>
          <input
            id="maxUses"
            name="maxUses"
            inputMode="numeric"
            required
            defaultValue={values.maxUses ?? '1'}
            className={forms.input}
            {...invalid('maxUses')}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="validFrom" className={forms.label}>
            {t('admin.promoCodes.validFrom')}
          </label>
          <input
            id="validFrom"
            name="validFrom"
            type="date"
            defaultValue={values.validFrom}
            className={forms.input}
            {...invalid('validFrom')}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="validUntil" className={forms.label}>
            {t('admin.promoCodes.validUntil')}
          </label>
          <input
            id="validUntil"
            name="validUntil"
            type="date"
            defaultValue={values.validUntil}
            className={forms.input}
            {...invalid('validUntil')}
          />
        </div>
        <SubmitButton>{t('admin.promoCodes.create')}</SubmitButton>
      </Form>
      {editing ? (
        <section aria-labelledby="edit-code" className={settings.listHeading}>
          <h3 id="edit-code">{t('admin.promoCodes.editHeading', { 0: editing.code })}</h3>
          <Form
            method="post"
            className={`${forms.form} ${forms.narrow}`}
            key={JSON.stringify(editing) + JSON.stringify(editValues)}
          >
            <input type="hidden" name="id" value={editing.id} />
            <div className={forms.field}>
              <label htmlFor="edit-maxUses" className={forms.label}>
                {t('admin.promoCodes.maxUses')}
              </label>
              <input
                id="edit-maxUses"
                name="maxUses"
                inputMode="numeric"
                required
                defaultValue={editValues.maxUses ?? String(editing.maxUses)}
                className={forms.input}
                {...editInvalid('maxUses')}
              />
            </div>
            <div className={forms.field}>
              <label htmlFor="edit-validFrom" className={forms.label}>
                {t('admin.promoCodes.validFrom')}
              </label>
              <input
                id="edit-validFrom"
                name="validFrom"
                type="date"
                defaultValue={editValues.validFrom ?? fromDay(editing.validFrom)}
                className={forms.input}
                {...editInvalid('validFrom')}
              />
            </div>
            <div className={forms.field}>
              <label htmlFor="edit-validUntil" className={forms.label}>
                {t('admin.promoCodes.validUntil')}
              </label>
              <input
                id="edit-validUntil"
                name="validUntil"
                type="date"
                defaultValue={editValues.validUntil ?? untilDay(editing.validUntil)}
                className={forms.input}
                {...editInvalid('validUntil')}
              />
            </div>
            <label className={forms.checkRow}>
              <input type="checkbox" name="enabled" defaultChecked={editValues.enabled ?? editing.enabled} />
              {t('admin.promoCodes.enabled')}
            </label>
            <SubmitButton name="intent" value="update">
              {t('admin.promoCodes.save')}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      <h3 className={settings.listHeading}>{t('admin.promoCodes.listHeading')}</h3>
      <AdminTable
        label={t('admin.promoCodes.heading')}
        rows={items}
        rowKey={(c) => c.id}
        empty={t('admin.promoCodes.empty')}
        columns={[
          { heading: t('admin.fields.code'), render: (c) => <code>{c.code}</code> },
          {
            heading: t('admin.promoCodes.grants'),
            render: (c) =>
              `${t(`admin.promoCodes.types.${c.bonusType}`)}${c.amount ? ` · ${formatMoney(c.amount.amount, c.amount.currency, locale)}` : ''}`,
          },
          {
            heading: t('admin.promoCodes.used'),
            render: (c) => t('admin.promoCodes.usedOf', { uses: c.uses, max: c.maxUses }),
          },
          { heading: t('admin.promoCodes.window'), render: (c) => windowText(c.validFrom, c.validUntil) },
          {
            heading: t('admin.promoCodes.state'),
            render: (c) => (c.enabled ? t('admin.promoCodes.on') : t('admin.promoCodes.off')),
          },
          {
            heading: t('admin.promoCodes.created'),
            render: (c) => `${formatDateTime(new Date(c.createdAt))} · ${c.createdBy}`,
          },
          {
            heading: t('admin.promoCodes.change'),
            render: (c) => (
              <Link to={`?page=${page}&edit=${c.id}`} aria-label={t('admin.promoCodes.editHeading', { 0: c.code })}>
                {t('admin.promoCodes.change')}
              </Link>
            ),
          },
        ]}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
