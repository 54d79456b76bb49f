import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { CONTENT_KINDS, DEFAULT_LOCALE, LOCALES, SiteContentFields, type SiteContent } from '#contract'
import * as forms from '#ui/form-fields.css.ts'
import { SubmitButton, useMessageText } from '#app/components/forms.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { callUpstream, issuesToFields, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { clearContentCaches } from '#app/upstream/content.server.ts'
import { button } from '#ui/ui.css.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import * as content from '../content/content.css.ts'
import type { Route } from './+types/content-entry'
import { adminRead } from './admin.server.ts'
import { publicPath } from './content.tsx'

const FIELD_NAMES = [
  'kind',
  'locale',
  'slug',
  'title',
  'summary',
  'body',
  'section',
  'imageUrl',
  'linkUrl',
  'order',
  'published',
  'startsAt',
  'endsAt',
] as const
type Values = Partial<Record<(typeof FIELD_NAMES)[number], string>>

const valuesOf = (entry: SiteContent): Values => ({
  kind: entry.kind,
  locale: entry.locale,
  slug: entry.slug,
  title: entry.title,
  summary: entry.summary ?? '',
  body: entry.body,
  section: entry.section ?? '',
  imageUrl: entry.imageUrl ?? '',
  linkUrl: entry.linkUrl ?? '',
  order: String(entry.order),
  published: entry.published ? 'on' : '',
  startsAt: entry.startsAt ?? '',
  endsAt: entry.endsAt ?? '',
})

/** /admin/content/new and /admin/content/{id}: one entry's form, its preview and its removal. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const { items } = await adminRead(args, 'get_site_content', {})
  const id = args.params.id
  const entry = id ? items.find((i) => i.id === id) : undefined
  if (id) notFoundUnless(entry)
  const url = new URL(args.request.url)
  const topics = items.filter((i) => i.kind === 'faq' && i.section === null)
  return {
    entry: entry ?? null,
    values: entry
      ? valuesOf(entry)
      : {
          kind: CONTENT_KINDS.find((k) => k === url.searchParams.get('kind')) ?? 'page',
          locale: LOCALES.find((l) => l === url.searchParams.get('locale')) ?? DEFAULT_LOCALE,
          published: 'on',
          order: '0',
        },
    topics: [...new Map(topics.map((t) => [t.slug, t])).values()].map((t) => ({ slug: t.slug, title: t.title })),
  }
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? 'save')
  const id = args.params.id

  if (intent === 'remove' && id) {
    const removed = await callUpstream(args, 'remove_site_content', { id })
    if (!removed.ok && removed.status >= 500) throw upstreamUnavailable()
    clearContentCaches()
    return redirectWithToast(args, '/admin/content', {
      type: removed.ok ? 'success' : 'error',
      code: removed.ok ? 'content_removed' : removed.code,
    })
  }

  const values: Values = Object.fromEntries(
    FIELD_NAMES.map((name) => [name, String(form.get(name) ?? '').replace(/\r\n/g, '\n')]),
  )
  const raw = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''))

  if (intent === 'preview') {
    const preview = await callUpstream(args, 'preview_site_content', {
      locale: LOCALES.find((l) => l === values.locale) ?? DEFAULT_LOCALE,
      body: values.body ?? '',
    })
    if (!preview.ok && preview.status >= 500) throw upstreamUnavailable()
    if (!preview.ok)
      return data(
        { values, preview: null, code: preview.code, fields: preview.fields ?? {} },
        { status: preview.status },
      )
    return { values, preview: preview.data.html, code: null, fields: {} }
  }

  const parsed = SiteContentFields.safeParse(raw)
  if (!parsed.success)
    return data(
      { values, preview: null, code: 'invalid_value' as const, fields: issuesToFields(parsed.error.issues) },
      { status: 400 },
    )
  const saved = id
    ? await callUpstream(args, 'update_template', { ...parsed.data, id })
    : await callUpstream(args, 'create_site_content', parsed.data)
  if (!saved.ok) {
    if (saved.status >= 500) throw upstreamUnavailable()
    return data({ values, preview: null, code: saved.code, fields: saved.fields ?? {} }, { status: saved.status })
  }
  clearContentCaches()
  return redirectWithToast(args, `/admin/content/${saved.data.content.id}`, { type: 'success', code: 'content_saved' })
}

function Errors({ id, codes }: { id: string; codes: readonly string[] | undefined }) {
  const text = useMessageText()
  if (!codes?.length) return null
  return (
    <ul id={id} className={forms.errorList}>
      {codes.map((c) => (
        <li key={c}>{text(c)}</li>
      ))}
    </ul>
  )
}

export default function ContentEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const localePath = useLocalePath()
  const { entry, topics } = loaderData
  const values: Values = actionData?.values ?? loaderData.values
  const fields: Record<string, readonly string[]> = actionData?.fields ?? {}
  const described = (name: string) => (fields[name]?.length ? `${name}-error` : undefined)
  const input = (name: (typeof FIELD_NAMES)[number], label: string, help?: string, props: object = {}) => (
    <div className={forms.field}>
      <label htmlFor={name} className={forms.label}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        defaultValue={values[name] ?? ''}
        className={forms.input}
        aria-invalid={fields[name]?.length ? true : undefined}
        aria-describedby={[help ? `${name}-help` : '', described(name) ?? ''].join(' ').trim() || undefined}
        {...props}
      />
      {help ? (
        <p id={`${name}-help`} className={forms.help}>
          {help}
        </p>
      ) : null}
      <Errors id={`${name}-error`} codes={fields[name]} />
    </div>
  )
  // A new key per answer: the fields show what was sent back, with or without JavaScript.
  const formKey = JSON.stringify(values)
  return (
    <>
      <p>
        <SmartLink to={localePath('/admin/content')}>← {t('content.admin.back')}</SmartLink>
      </p>
      <h2>{entry ? t('content.admin.edit', { title: entry.title }) : t('content.admin.newHeading')}</h2>
      {entry ? (
        <p>
          <a href={publicPath(entry)}>{t('content.admin.view')}</a>
        </p>
      ) : null}
      {actionData?.code ? (
        <div role="alert" className={forms.formError}>
          <p>{text(actionData.code)}</p>
        </div>
      ) : null}
      <Form method="post" className={forms.form} key={formKey}>
        <div className={forms.grid}>
          <div className={forms.field}>
            <label htmlFor="kind" className={forms.label}>
              {t('content.admin.fields.kind')}
            </label>
            <select id="kind" name="kind" defaultValue={values.kind} className={forms.select}>
              {CONTENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`content.admin.kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={forms.field}>
            <label htmlFor="locale" className={forms.label}>
              {t('content.admin.fields.locale')}
            </label>
            <select id="locale" name="locale" defaultValue={values.locale} className={forms.select}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`content.admin.locales.${l}`)}
                </option>
              ))}
            </select>
          </div>
          {input('slug', t('content.admin.fields.slug'), t('content.admin.fields.slugHelp'), { required: true })}
          {input('title', t('content.admin.fields.title'), t('content.admin.fields.titleHelp'), { required: true })}
          <div className={`${forms.field} ${forms.full}`}>
            <label htmlFor="summary" className={forms.label}>
              {t('content.admin.fields.summary')}
            </label>
            <textarea id="summary" name="summary" rows={2} defaultValue={values.summary} className={forms.input} />
            <Errors id="summary-error" codes={fields.summary} />
          </div>
          <div className={`${forms.field} ${forms.full}`}>
            <label htmlFor="body" className={forms.label}>
              {t('content.admin.fields.body')}
            </label>
            <textarea
              id="body"
              name="body"
              rows={18}
              defaultValue={values.body}
              className={forms.input}
              aria-describedby={described('body')}
            />
            <Errors id="body-error" codes={fields.body} />
          </div>
          <div className={forms.field}>
            <label htmlFor="section" className={forms.label}>
              {t('content.admin.fields.section')}
            </label>
            <select id="section" name="section" defaultValue={values.section ?? ''} className={forms.select}>
              <option value="">{t('content.admin.fields.noSection')}</option>
              {topics.map((topic) => (
                <option key={topic.slug} value={topic.slug}>
                  {topic.title} ({topic.slug})
                </option>
              ))}
            </select>
            <Errors id="section-error" codes={fields.section} />
          </div>
          {input('order', t('content.admin.fields.order'), undefined, { inputMode: 'numeric' })}
          {input('imageUrl', t('content.admin.fields.imageUrl'))}
          {input('linkUrl', t('content.admin.fields.linkUrl'))}
          {input('startsAt', t('content.admin.fields.startsAt'))}
          {input('endsAt', t('content.admin.fields.endsAt'))}
          <div className={forms.checkField}>
            <div className={forms.checkRow}>
              <input
                id="published"
                name="published"
                type="checkbox"
                defaultChecked={values.published === 'on'}
                className={forms.checkbox}
              />
              <label htmlFor="published" className={forms.checkLabel}>
                {t('content.admin.fields.published')}
              </label>
            </div>
          </div>
        </div>
        <div className={forms.grid}>
          <button type="submit" name="intent" value="preview" className={button.secondary}>
            {t('content.admin.preview')}
          </button>
          <SubmitButton name="intent" value="save">
            {t('content.admin.save')}
          </SubmitButton>
        </div>
      </Form>
      {actionData?.preview != null ? (
        <section aria-labelledby="preview-heading" className={forms.section}>
          <h3 id="preview-heading">{t('content.admin.previewHeading')}</h3>
          <div className={content.prose} dangerouslySetInnerHTML={{ __html: actionData.preview }} />
        </section>
      ) : null}
      {entry ? (
        <Form method="post" className={`${forms.form} ${forms.section}`}>
          <h3>{t('content.admin.remove')}</h3>
          <p>{t('content.admin.removeWarning')}</p>
          <div className={forms.checkRow}>
            <input id="confirm-remove" name="confirm" type="checkbox" required className={forms.checkbox} />
            <label htmlFor="confirm-remove" className={forms.checkLabel}>
              {t('content.admin.removeConfirm')}
            </label>
          </div>
          <button type="submit" name="intent" value="remove" className={button.secondary}>
            {t('content.admin.remove')}
          </button>
        </Form>
      ) : null}
    </>
  )
}
