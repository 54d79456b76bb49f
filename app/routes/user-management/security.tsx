/**
 * The Security tab (ADR 0066): two-factor authentication. Off: the password starts the set-up;
 * then the QR code (and the key to type by hand) and the app's first code turn it on, and the
 * recovery codes are shown once. On: new recovery codes for a code, and, for a player, off with
 * the password and a code. Plain forms, with JavaScript or without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import type { TwoFactorState } from '#contract'
import { formatDateTime } from '#casino-api/contract/format.ts'
import {
  ErrorSummary,
  Field,
  FormErrors,
  FormStatus,
  SubmitButton,
  useClearPasswords,
  useMessageText,
} from '#app/components/forms.tsx'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { forgetPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm, type FormName } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { qrDataUri } from '#app/utils/qr.server.ts'
import * as forms from '#ui/form-fields.css.ts'
import * as money from './money.css.ts'
import type { Route } from './+types/security'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** Each form of the tab, by its `intent`: the form's schema and the casino API's call. */
const INTENTS = {
  start: { form: 'two-factor-start', call: 'start_two_factor' },
  confirm: { form: 'two-factor-confirm', call: 'confirm_two_factor' },
  disable: { form: 'two-factor-disable', call: 'disable_two_factor' },
  renew: { form: 'recovery-codes', call: 'renew_recovery_codes' },
} as const satisfies Record<string, { form: FormName; call: string }>
type Intent = keyof typeof INTENTS

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const result = await callUpstream(args, 'get_two_factor', {})
  if (!result.ok) throw upstreamUnavailable()
  const state = result.data
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.security.title')),
    username: player.username,
    state,
    qr: state.pending ? await qrDataUri(state.pending.uri) : null,
    constraints: Object.fromEntries(
      Object.entries(INTENTS).map(([intent, { form }]) => [intent, formConstraint(form)]),
    ) as Record<Intent, ReturnType<typeof formConstraint>>,
  }
}

/**
 * One of the tab's forms: refused, it comes back with the casino API's words (passwords never
 * travel back); done, the page shows the new state, and the recovery codes once when there are new
 * ones. Turning it on ends the account's other sessions upstream: this one stays.
 */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const form = await args.request.formData()
  const intent = form.get('intent')
  if (typeof intent !== 'string' || !(intent in INTENTS)) throw data(null, { status: 400 })
  const { form: name, call } = INTENTS[intent as Intent]
  // A refusal says which form it answers, with its status.
  const refusal = ({ data: answer, init }: ReturnType<typeof invalidForm>) =>
    data({ intent, ...answer }, init ?? undefined)
  const submission = parseForm(name, form)
  if (submission.status !== 'success') return refusal(invalidForm(submission))
  const result = await callUpstream(args, call, submission.value as never)
  if (!result.ok) return refusal(refusedForm(submission, result))
  forgetPlayer(args)
  return {
    intent,
    result: submission.reply({ resetForm: true }),
    message: result.data.message,
    recoveryCodes: result.data.recoveryCodes,
  }
}

type ActionData = Route.ComponentProps['actionData']

/** The action's answer to this form only. */
function resultFor(actionData: ActionData, intent: Intent): SubmissionResult<string[]> | undefined {
  return actionData && 'intent' in actionData && actionData.intent === intent ? actionData.result : undefined
}

function CodeForm({
  intent,
  withPassword,
  submit,
  pending,
  actionData,
  constraint,
}: {
  intent: Intent
  withPassword: boolean
  submit: string
  pending: string
  actionData: ActionData
  constraint: ReturnType<typeof formConstraint>
}) {
  const { t } = useTranslation()
  const lastResult = resultFor(actionData, intent)
  const [form, fields] = useSchemaForm(INTENTS[intent].form, { id: `two-factor-${intent}`, lastResult, constraint })
  useClearPasswords(form.id, lastResult)
  const f = fields as Partial<Record<'password' | 'code', (typeof fields)[keyof typeof fields]>>
  const entries = [
    ...(withPassword && f.password ? [{ meta: f.password, label: t('account.security.password') }] : []),
    ...(intent !== 'start' && f.code ? [{ meta: f.code, label: t('account.security.code') }] : []),
  ]
  return (
    <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
      <ErrorSummary formId={form.id} lastResult={lastResult} entries={entries} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {withPassword && f.password ? (
        <Field
          meta={f.password}
          type="password"
          label={t('account.security.password')}
          inputProps={{ autoComplete: 'current-password' }}
        />
      ) : null}
      {intent !== 'start' && f.code ? (
        <Field
          meta={f.code}
          label={t('account.security.code')}
          help={intent === 'confirm' ? undefined : t('account.security.codeHelp')}
          inputProps={{ autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false, maxLength: 32 }}
        />
      ) : null}
      <div className={forms.actions}>
        <SubmitButton name="intent" value={intent} pendingLabel={pending}>
          {submit}
        </SubmitButton>
      </div>
    </Form>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation()
  return (
    <section className={styles.block} aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading" className={styles.blockHeading}>
        {t('account.security.codesHeading')}
      </h3>
      <p>{t('account.security.codesOnce')}</p>
      <ul className={styles.recoveryCodes} aria-label={t('account.security.codesHeading')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  )
}

function Status({ state }: { state: TwoFactorState }) {
  const { t } = useTranslation()
  return (
    <dl className={styles.facts}>
      <div className={styles.fact}>
        <dt>{t('account.security.status')}</dt>
        <dd>
          {state.enabled && state.enabledAt
            ? t('account.security.onSince', { date: formatDateTime(state.enabledAt) })
            : t('account.security.off')}
        </dd>
      </div>
      {state.enabled ? (
        <div className={styles.fact}>
          <dt>{t('account.security.codesLeftLabel')}</dt>
          <dd>{t('account.security.codesLeft', { count: state.recoveryCodesLeft })}</dd>
        </div>
      ) : null}
    </dl>
  )
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const { state, qr, constraints } = loaderData
  const done = actionData && 'message' in actionData ? actionData : null
  const form = (intent: Intent, withPassword: boolean) => (
    <CodeForm
      intent={intent}
      withPassword={withPassword}
      submit={t(`account.security.${intent}.submit`)}
      pending={t(`account.security.${intent}.submitting`)}
      actionData={actionData}
      constraint={constraints[intent]}
    />
  )
  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.security.heading')}</h2>
      <section className={styles.block} aria-labelledby="two-factor-heading">
        <h3 id="two-factor-heading" className={styles.blockHeading}>
          {t('account.security.twoFactor')}
        </h3>
        {done?.message ? (
          <FormStatus>
            <p>{text(done.message)}</p>
          </FormStatus>
        ) : null}
        <p className={forms.intro}>{t('account.security.intro')}</p>
        {state.required && !state.enabled ? <p className={forms.note}>{text('two_factor_required')}</p> : null}
        <Status state={state} />
        {state.enabled ? null : state.pending ? (
          <>
            <ol>
              <li>{t('account.security.scan')}</li>
              <li>{t('account.security.enterFirst')}</li>
            </ol>
            {qr ? (
              <img className={money.qr} src={qr} alt={t('account.security.qrAlt')} width={200} height={200} />
            ) : null}
            <p>
              {t('account.security.byHand')}{' '}
              <code className={styles.secretKey}>{state.pending.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
            {form('confirm', false)}
          </>
        ) : (
          form('start', true)
        )}
      </section>
      {done?.recoveryCodes ? <RecoveryCodes codes={done.recoveryCodes} /> : null}
      {state.enabled ? (
        <section className={styles.block} aria-labelledby="renew-heading">
          <h3 id="renew-heading" className={styles.blockHeading}>
            {t('account.security.renew.heading')}
          </h3>
          <p>{t('account.security.renew.intro')}</p>
          {form('renew', false)}
        </section>
      ) : null}
      {state.enabled && !state.required ? (
        <section className={styles.block} aria-labelledby="disable-heading">
          <h3 id="disable-heading" className={styles.blockHeading}>
            {t('account.security.disable.heading')}
          </h3>
          <p>{t('account.security.disable.intro')}</p>
          {form('disable', true)}
        </section>
      ) : null}
      {state.enabled && state.required ? <p className={forms.note}>{text('two_factor_admin_keeps')}</p> : null}
    </>
  )
}
