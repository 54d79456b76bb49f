/**
 * Identity documents waiting for review (ADR 0067), oldest first, ten to a page: each with its
 * image (served to administrators only by kyc-image.tsx, PNG, JPEG or GIF as recognised), its player,
 * and the two decisions: approve, or reject with the reason the player reads. Audited upstream.
 */
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { SubmitButton } from '#app/components/forms.tsx'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import * as forms from '#ui/form-fields.css.ts'
import type { Route } from './+types/kyc'
import { adminAction, adminRead, pageOf } from './admin.server.ts'
import { Outcome } from './outcome.tsx'
import { ReasonForm } from './reason-form.tsx'
import * as money from '../user-management/money.css.ts'

const PAGE_SIZE = 10

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const list = await adminRead(args, 'list_kyc_documents', { page: pageOf(args.request), pageSize: PAGE_SIZE })
  // Each image is its own request (kyc-image.tsx): the page stays small whatever the files weigh.
  return { ...list, items: list.items.map((item) => ({ ...item, image: `/admin/kyc/${item.id}/image` })) }
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const id = String(form.get('id') ?? '')
  if (form.get('intent') === 'approve')
    return adminAction(args, 'review_kyc_document', { id, decision: 'approve' }, () => ({
      message: 'admin.kyc.approved',
    }))
  if (form.get('intent') === 'reject')
    return adminAction(
      args,
      'review_kyc_document',
      { id, decision: 'reject', reason: String(form.get('reason') ?? '') },
      () => ({ message: 'admin.kyc.rejected' }),
    )
  throw data(null, { status: 400 })
}

export default function Kyc({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { items, total, page, pageSize } = loaderData
  return (
    <>
      <h2>{t('admin.kyc.heading')}</h2>
      <p>{t('admin.kyc.intro')}</p>
      <Outcome outcome={actionData} />
      {items.length === 0 ? <p>{t('admin.kyc.empty')}</p> : null}
      {items.map((d) => (
        <section key={d.id} className={money.adminItem} aria-labelledby={`k-${d.id}`}>
          <h3 id={`k-${d.id}`} className={money.adminItemHeading}>
            {t(`account.verification.kinds.${d.kind}`)} · {d.username}
          </h3>
          <dl className={money.details}>
            <dt>{t('admin.kyc.uploadedAt')}</dt>
            <dd>{formatDateTime(d.uploadedAt)}</dd>
            <dt>{t('admin.kyc.file')}</dt>
            <dd>
              {d.contentType} · {Math.ceil(d.size / 1024)} KiB
            </dd>
          </dl>
          <img
            className={money.documentImage}
            src={d.image}
            alt={t('admin.kyc.imageAlt', { kind: t(`account.verification.kinds.${d.kind}`), username: d.username })}
          />
          <div className={money.adminForms}>
            <Form method="post" className={forms.form}>
              <input type="hidden" name="id" value={d.id} />
              <SubmitButton name="intent" value="approve">
                {t('admin.kyc.approve')}
              </SubmitButton>
            </Form>
            <ReasonForm id={d.id} actionKey={d.id} intent="reject" label={t('admin.kyc.reason')}>
              {t('admin.kyc.reject')}
            </ReasonForm>
          </div>
        </section>
      ))}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
