import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { RESTRICTION_KINDS, RESTRICTION_PERIODS, type RestrictionKind } from '#contract'
import {
  CheckboxField,
  ErrorSummary,
  Field,
  FormErrors,
  SelectField,
  SubmitButton,
  useClearPasswords,
} from '#app/components/forms.tsx'
import * as forms from '#ui/form-fields.css.ts'
import { useSchemaForm } from '#app/components/schema-form.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { endPlayerSession, requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/responsible-gaming'
import { limitAnswer } from './limit-answer.server.ts'
import { SESSION_LIMIT_CALLS, SESSION_LIMIT_SET, SessionLimitBlock } from './session-limit.tsx'
import { REALITY_CHECK_SET, RealityCheckBlock } from './reality-check.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const formName = (kind: RestrictionKind) => `restrict-${kind}` as const

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  const [sessionLimit, realityCheck] = await Promise.all([
    callUpstream(args, 'get_session_limit', {}),
    callUpstream(args, 'get_reality_check', {}),
  ])
  if (!sessionLimit.ok || !realityCheck.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.restrictions.title')),
    username: player.username,
    sessionLimit: sessionLimit.data,
    sessionLimitConstraint: formConstraint('session-limit'),
    realityCheck: realityCheck.data,
    realityCheckConstraint: formConstraint('reality-check'),
    constraints: Object.fromEntries(RESTRICTION_KINDS.map((kind) => [kind, formConstraint(formName(kind))])),
  }
}

const TAB = '/user-management/responsible-gaming'

/** The session-time limit's forms: a new limit (refused, it comes back with the choice kept), or a button's change. */
async function sessionLimitAction(args: Route.ActionArgs, form: FormData, intent: string) {
  if (intent === SESSION_LIMIT_SET) {
    const submission = parseForm('session-limit', form)
    if (submission.status !== 'success') return invalidForm(submission)
    const result = await callUpstream(args, 'set_session_limit', submission.value)
    if (!result.ok) return refusedForm(submission, result)
    return limitAnswer(args, TAB, result, 'session_limit_change_waits')
  }
  const call = SESSION_LIMIT_CALLS[intent as keyof typeof SESSION_LIMIT_CALLS]
  if (!call) throw data(null, { status: 400 })
  const result =
    call === 'set_session_limit'
      ? await callUpstream(args, call, { minutes: null })
      : await callUpstream(args, call, {})
  return limitAnswer(args, TAB, result, 'session_limit_change_waits')
}

/** The reality check's interval: refused, the form comes back with the choice kept; set, a toast says when the next comes. */
async function realityCheckAction(args: Route.ActionArgs, form: FormData) {
  const submission = parseForm('reality-check', form)
  if (submission.status !== 'success') return invalidForm(submission)
  const result = await callUpstream(args, 'set_reality_check', submission.value)
  if (!result.ok) return refusedForm(submission, result)
  const { message, check } = result.data
  return redirectWithToast(args, TAB, { type: 'success', code: message, args: [check.minutes ?? 0] })
}

/**
 * Puts the chosen restriction on the account (the form's `kind`): refused, the form comes back
 * with the casino API's words and nothing changed; set, every session has ended upstream, so this
 * one ends here too and the start page says until when, in the catalogue's words.
 */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const form = await args.request.formData()
  const intent = form.get('intent')
  if (typeof intent === 'string' && intent.startsWith('session-limit-')) return sessionLimitAction(args, form, intent)
  if (intent === REALITY_CHECK_SET) return realityCheckAction(args, form)
  const kind = RESTRICTION_KINDS.find((k) => k === form.get('kind'))
  if (!kind) throw data(null, { status: 400 })
  const submission = parseForm(formName(kind), form)
  if (submission.status !== 'success') return invalidForm(submission)
  const result = await callUpstream(args, 'restrict_account', submission.value)
  if (!result.ok) return refusedForm(submission, result)
  const { message, until } = result.data
  return endPlayerSession(args, { toast: { type: 'info', code: message, args: until ? [until] : [] } })
}

function RestrictionForm({
  kind,
  username,
  constraint,
  lastResult,
}: {
  kind: RestrictionKind
  username: string
  constraint: Route.ComponentProps['loaderData']['constraints'][string]
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm(formName(kind), { id: `restrict-${kind}`, lastResult, constraint })
  useClearPasswords(form.id, lastResult)
  const periods = RESTRICTION_PERIODS[kind]
  const options = periods.map((period) => ({ value: period, label: t(`account.restrictions.periods.${period}`) }))
  return (
    <section className={styles.block} aria-labelledby={`${form.id}-heading`}>
      <h3 id={`${form.id}-heading`} className={styles.blockHeading}>
        {t(`account.restrictions.${kind}.heading`)}
      </h3>
      <p>{t(`account.restrictions.${kind}.text`)}</p>
      <Form method="post" {...getFormProps(form)} className={`${forms.form} ${forms.narrow}`}>
        <ErrorSummary
          formId={form.id}
          lastResult={lastResult}
          entries={[
            { meta: fields.period, label: t('account.restrictions.period') },
            { meta: fields.password, label: t('account.restrictions.password') },
            { meta: fields.understood, label: t('account.restrictions.confirmation') },
          ]}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="kind" value={kind} />
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {periods.length > 1 ? (
          <SelectField meta={fields.period} label={t('account.restrictions.period')} options={options} />
        ) : (
          <input type="hidden" name="period" value={periods[0]} />
        )}
        <Field
          meta={fields.password}
          type="password"
          label={t('account.restrictions.password')}
          inputProps={{ autoComplete: 'current-password' }}
        />
        <CheckboxField meta={fields.understood} label={t(`account.restrictions.${kind}.understood`)} />
        <div className={forms.actions}>
          <SubmitButton pendingLabel={t('account.restrictions.submitting')}>
            {t(`account.restrictions.${kind}.submit`)}
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}

export default function ResponsibleGaming({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const posted = actionData && 'result' in actionData ? actionData.result : undefined
  // Only the form that was sent shows its answer.
  const sentKind = posted?.initialValue?.kind
  return (
    <>
      <h2 className={styles.panelHeading}>{t('account.restrictions.title')}</h2>
      <SessionLimitBlock
        limit={loaderData.sessionLimit}
        constraint={loaderData.sessionLimitConstraint}
        lastResult={posted?.initialValue?.intent === SESSION_LIMIT_SET ? posted : undefined}
      />
      <RealityCheckBlock
        check={loaderData.realityCheck}
        constraint={loaderData.realityCheckConstraint}
        lastResult={posted?.initialValue?.intent === REALITY_CHECK_SET ? posted : undefined}
      />
      <h2 className={styles.panelHeading}>{t('account.restrictions.heading')}</h2>
      <p>{t('account.restrictions.intro')}</p>
      <p>{t('account.restrictions.money')}</p>
      {RESTRICTION_KINDS.map((kind) => (
        <RestrictionForm
          key={kind}
          kind={kind}
          username={loaderData.username}
          constraint={loaderData.constraints[kind]!}
          lastResult={sentKind === kind ? posted : undefined}
        />
      ))}
    </>
  )
}
