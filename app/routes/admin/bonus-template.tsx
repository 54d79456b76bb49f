import { useTranslation } from 'react-i18next'
import { data, Form, Link } from 'react-router'
import {
  BONUS_TEMPLATE_TEXT_FIELDS,
  BONUS_TYPES,
  parseAmountToCents,
  TEMPLATE_FIGURE,
  TEMPLATES_WITH_WEEKDAYS,
  type BonusTemplate,
  type BonusType,
} from '#contract'
import { SubmitButton } from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import type { Route } from './+types/bonus-template'
import { adminFieldRefusal, adminRead, adminRefusal, localeOf, type AdminOutcome } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import * as settings from './settings.css.ts'
import { percentOf, useTemplateSummary } from './template-summary.ts'

const TEXT_FIELDS = BONUS_TEMPLATE_TEXT_FIELDS
const MONEY_FIELDS = ['amount', 'minDeposit', 'maxBonus'] as const
const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const
type Values = Record<(typeof TEXT_FIELDS)[number], string> & { weekdays: string[]; enabled: boolean }

const weightsText = (weights: Record<string, number>) =>
  Object.entries(weights)
    .map(([category, weight]) => `${category}: ${weight}`)
    .join('\n')

const typeOf = (params: { type?: string }) => {
  const type = params.type as BonusType
  if (!BONUS_TYPES.includes(type)) throw data(null, { status: 404 })
  return type
}

/** One template's terms in a form (/admin/bonus-templates/:type). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const type = typeOf(args.params)
  const { items } = await adminRead(args, 'list_bonus_templates', {})
  const template = items.find((t) => t.type === type)
  if (!template) throw data(null, { status: 404 })
  return { template }
}

/**
 * Saves the template (update_bonus_template): its amounts typed in the page's language, turned
 * into cents here (ADR 0038); a refusal keeps what was typed, its messages under the fields.
 */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const type = typeOf(args.params)
  const form = await args.request.formData()
  const values = {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()])),
    weekdays: form.getAll('weekdays').map(String),
    enabled: form.get('enabled') === 'on',
  } as Values
  const refuse = (outcome: AdminOutcome, status: number) => data({ outcome, values }, { status })
  const cents: Partial<Record<(typeof MONEY_FIELDS)[number], number>> = {}
  for (const field of MONEY_FIELDS) {
    if (!values[field]) continue
    const parsed = parseAmountToCents(values[field], localeOf(args))
    if (parsed === null) return refuse(adminFieldRefusal(field), 400)
    cents[field] = parsed
  }
  const result = await callUpstream(args, 'update_bonus_template', {
    ...values,
    type,
    amount: cents.amount ?? '',
    minDeposit: cents.minDeposit ?? '',
    maxBonus: cents.maxBonus ?? '',
  } as never)
  if (result.ok) return data({ outcome: { ok: true, message: 'admin.bonusTemplates.saved' } as AdminOutcome, values })
  if (result.status >= 500) throw upstreamUnavailable()
  return refuse(adminRefusal(result), result.status === 401 ? 403 : result.status)
}

export default function BonusTemplateEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const summary = useTemplateSummary()
  const tpl: BonusTemplate = loaderData.template
  const money = (cents: number | null) =>
    cents === null ? '' : formatNumber(cents / 100, locale, { minimumFractionDigits: 2 })
  const saved: Values = {
    nameEs: tpl.nameEs,
    nameEn: tpl.nameEn,
    termsEs: tpl.termsEs,
    termsEn: tpl.termsEn,
    percent: tpl.percent === null ? '' : String(tpl.percent),
    amount: money(tpl.amount),
    minDeposit: money(tpl.minDeposit),
    maxBonus: money(tpl.maxBonus),
    wageringMultiplier: String(tpl.wageringMultiplier),
    gameWeights: weightsText(tpl.gameWeights),
    defaultWeight: String(tpl.defaultWeight),
    validityDays: String(tpl.validityDays),
    weekdays: (tpl.weekdays ?? []).map(String),
    enabled: tpl.enabled,
  }
  const refused = actionData?.outcome && !actionData.outcome.ok
  const values = refused ? actionData.values : saved
  const fields = actionData?.outcome && !actionData.outcome.ok ? actionData.outcome.fields : {}
  const invalid = (field: string) => (fields[field] ? { 'aria-invalid': true as const } : {})
  const figure = TEMPLATE_FIGURE[tpl.type]
  const name = locale === 'en' ? tpl.nameEn : tpl.nameEs
  const text = (field: (typeof TEXT_FIELDS)[number], label: string, props: Record<string, unknown> = {}) => (
    <div className={forms.field}>
      <label htmlFor={field} className={forms.label}>
        {label}
      </label>
      <input
        id={field}
        name={field}
        defaultValue={values[field]}
        className={forms.input}
        {...props}
        {...invalid(field)}
      />
    </div>
  )
  const area = (field: (typeof TEXT_FIELDS)[number], label: string, help?: string) => (
    <div className={forms.field}>
      <label htmlFor={field} className={forms.label}>
        {label}
      </label>
      {help ? (
        <p id={`${field}-help`} className={forms.help}>
          {help}
        </p>
      ) : null}
      <textarea
        id={field}
        name={field}
        defaultValue={values[field]}
        rows={4}
        required
        className={forms.input}
        {...(help ? { 'aria-describedby': `${field}-help` } : {})}
        {...invalid(field)}
      />
    </div>
  )
  return (
    <>
      <h2>{name}</h2>
      <p>{t('admin.bonusTemplates.intro')}</p>
      <p>
        <strong>{t('admin.bonusTemplates.figures')}:</strong> {summary(tpl)}
      </p>
      <Outcome outcome={actionData?.outcome} />
      <Form method="post" className={`${forms.form} ${forms.narrow}`} key={JSON.stringify(values)}>
        {text('nameEs', t('admin.fields.nameEs'), { required: true, maxLength: 80 })}
        {text('nameEn', t('admin.fields.nameEn'), { required: true, maxLength: 80 })}
        {area('termsEs', t('admin.fields.termsEs'), t('admin.bonusTemplates.figureNote'))}
        {area('termsEn', t('admin.fields.termsEn'))}
        {figure === 'percent'
          ? text('percent', t(`admin.bonusTemplates.percentOf.${percentOf(tpl.type)}`), {
              inputMode: 'numeric',
              required: true,
            })
          : null}
        {figure === 'amount'
          ? text('amount', t('admin.bonusTemplates.amount'), { inputMode: 'decimal', required: true })
          : null}
        {figure === 'none' ? <p className={forms.help}>{t('admin.bonusTemplates.figureNone')}</p> : null}
        {text('minDeposit', t('admin.fields.minDeposit'), { inputMode: 'decimal' })}
        {text('maxBonus', t('admin.fields.maxBonus'), { inputMode: 'decimal' })}
        {text('wageringMultiplier', t('admin.fields.wageringMultiplier'), { inputMode: 'numeric', required: true })}
        {text('validityDays', t('admin.fields.validityDays'), { inputMode: 'numeric', required: true })}
        {area('gameWeights', t('admin.fields.gameWeights'), t('admin.bonusTemplates.weightsHint'))}
        {text('defaultWeight', t('admin.fields.defaultWeight'), { inputMode: 'numeric', required: true })}
        {TEMPLATES_WITH_WEEKDAYS.includes(tpl.type) ? (
          <fieldset className={settings.fieldset} aria-describedby="weekdays-help">
            <legend className={forms.label}>{t('admin.fields.weekdays')}</legend>
            <p id="weekdays-help" className={forms.help}>
              {t('admin.bonusTemplates.weekdaysHint')}
            </p>
            {DAYS.map((day) => (
              <label key={day} className={forms.checkRow}>
                <input type="checkbox" name="weekdays" value={day} defaultChecked={values.weekdays.includes(day)} />
                {t(`admin.bonusTemplates.days.${day}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <label className={forms.checkRow}>
          <input type="checkbox" name="enabled" defaultChecked={values.enabled} />
          {t('admin.bonusTemplates.enabled')}
        </label>
        <SubmitButton>{t('admin.bonusTemplates.save')}</SubmitButton>
      </Form>
      <p className={forms.links}>
        <Link to={localePath('/admin/bonus-templates')}>{t('admin.bonusTemplates.back')}</Link>
      </p>
    </>
  )
}
