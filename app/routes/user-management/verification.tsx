/**
 * The Verification tab (ADR 0067): the account's identity check as the casino API keeps it (its
 * status, an open request's deadline, the documents sent and their review), and a form to send an
 * identity document or a proof of address. A multipart form, with JavaScript or without; the web
 * server lets this one path take 5 MB (server/requests.ts), and the casino API reads the bytes.
 */
import { getFormProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { KYC_DOCUMENT_KINDS, type KycState } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import {
  ErrorSummary,
  Field,
  FormErrors,
  FormStatus,
  SelectField,
  SubmitButton,
  useMessageText,
} from '#app/components/forms.tsx'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import * as forms from '#ui/form-fields.css.ts'
import type { Route } from './+types/verification'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const result = await callUpstream(args, 'get_kyc', {})
  if (!result.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.verification.title')),
    state: result.data,
    constraint: formConstraint('kyc-document'),
  }
}

/** A document sent: refused, the form says why (the kind kept; a file never travels back); received, the page shows it under review. */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const submission = parseForm('kyc-document', await args.request.formData())
  if (submission.status !== 'success') return invalidForm(submission, { hide: ['document'] })
  const { kind, document } = submission.value
  const content = Buffer.from(await document.arrayBuffer()).toString('base64')
  const result = await callUpstream(args, 'upload_kyc_document', { kind, content })
  if (!result.ok) return refusedForm(submission, result, { fieldOf: { content: 'document' }, hide: ['document'] })
  return { result: submission.reply({ resetForm: true }), message: result.data.message }
}

function Documents({ state }: { state: KycState }) {
  const { t } = useTranslation()
  if (!state.documents.length) return null
  return (
    <ul className={styles.sessionList} aria-label={t('account.verification.sent')}>
      {state.documents.map((d) => (
        <li key={d.id} className={styles.block}>
          <p>
            <strong>{t(`account.verification.kinds.${d.kind}`)}</strong> ·{' '}
            {t(`account.verification.documentStatus.${d.status}`)}
          </p>
          <p className={forms.note}>{t('account.verification.uploadedAt', { date: formatDateTime(d.uploadedAt) })}</p>
          {d.reason ? <p>{t('account.verification.reason', { reason: d.reason })}</p> : null}
        </li>
      ))}
    </ul>
  )
}

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const { state } = loaderData
  const [form, fields] = useSchemaForm('kyc-document', {
    id: 'kyc-document',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  })
  const received = actionData && 'message' in actionData ? actionData.message : null
  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.verification.heading')}</h2>
      <section className={styles.block} aria-labelledby="kyc-status-heading">
        <h3 id="kyc-status-heading" className={styles.blockHeading}>
          {t('account.verification.statusHeading')}
        </h3>
        {received ? (
          <FormStatus>
            <p>{text(received)}</p>
          </FormStatus>
        ) : null}
        <p className={forms.intro}>{t('account.verification.intro')}</p>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('account.verification.status')}</dt>
            <dd>{t(`account.verification.statuses.${state.status}`)}</dd>
          </div>
          {state.dueAt ? (
            <div className={styles.fact}>
              <dt>{t('account.verification.due')}</dt>
              <dd>{formatDateTime(state.dueAt)}</dd>
            </div>
          ) : null}
        </dl>
        {state.overdue ? (
          <p className={forms.note}>{t('account.verification.overdue')}</p>
        ) : state.withdrawalsWait ? (
          <p className={forms.note}>{t('account.verification.withdrawalsWait')}</p>
        ) : null}
        {state.reason ? <p>{t('account.verification.reason', { reason: state.reason })}</p> : null}
        <Documents state={state} />
      </section>
      {state.status === 'verified' ? null : (
        <section className={styles.block} aria-labelledby="kyc-send-heading">
          <h3 id="kyc-send-heading" className={styles.blockHeading}>
            {t('account.verification.sendHeading')}
          </h3>
          <p>{t('account.verification.rules')}</p>
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            className={`${forms.form} ${forms.narrow}`}
          >
            <ErrorSummary
              formId={form.id}
              lastResult={actionData?.result}
              entries={[
                { meta: fields.kind, label: t('account.verification.kind') },
                { meta: fields.document, label: t('account.verification.file') },
              ]}
            />
            <FormErrors id={form.errorId} errors={form.errors} />
            <SelectField
              meta={fields.kind}
              label={t('account.verification.kind')}
              placeholder={t('account.verification.chooseKind')}
              options={KYC_DOCUMENT_KINDS.map((kind) => ({
                value: kind,
                label: t(`account.verification.kinds.${kind}`),
              }))}
            />
            <Field
              meta={fields.document}
              type="file"
              label={t('account.verification.file')}
              help={t('account.verification.fileHelp')}
            />
            <div className={forms.actions}>
              <SubmitButton pendingLabel={t('account.verification.sending')}>
                {t('account.verification.send')}
              </SubmitButton>
            </div>
          </Form>
        </section>
      )}
    </>
  )
}
