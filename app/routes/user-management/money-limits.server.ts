/**
 * The loader and action of the Deposit limits and Loss limits tabs (money-limits.tsx shows them):
 * a kind's limits from the casino API, and its forms' changes.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { DEPOSIT_LIMIT_PERIODS, type MoneyLimitKind } from '#contract'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formConstraint, parseForm } from '#app/utils/form-validation.ts'
import { invalidForm, refusedForm } from '#app/utils/forms.server.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { limitAnswer } from './limit-answer.server.ts'
import { LIMIT_INTENTS, MONEY_LIMIT_PAGES } from './money-limits.tsx'

/** Each kind's tab and calls. */
const KINDS = {
  deposit: {
    tab: '/user-management/deposit-limits',
    read: 'get_deposit_limits',
    set: 'set_deposit_limit',
    calls: {
      'limit-remove': 'remove_deposit_limit',
      'limit-confirm': 'confirm_deposit_limit',
      'limit-cancel': 'cancel_deposit_limit_change',
    },
  },
  loss: {
    tab: '/user-management/loss-limits',
    read: 'get_loss_limits',
    set: 'set_loss_limit',
    calls: {
      'limit-remove': 'remove_loss_limit',
      'limit-confirm': 'confirm_loss_limit',
      'limit-cancel': 'cancel_loss_limit_change',
    },
  },
} as const

export async function moneyLimitsLoader(args: LoaderFunctionArgs, kind: MoneyLimitKind) {
  await requirePlayer(args)
  const { read } = KINDS[kind]
  const { words, form } = MONEY_LIMIT_PAGES[kind]
  const limits = await callUpstream(args, read, {})
  if (!limits.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t(`${words}.heading`)),
    kind,
    limits: limits.data.items,
    currency: limits.data.currency,
    constraint: formConstraint(form),
  }
}

/**
 * A new limit (checked as a form: refused, it comes back with the amount kept), or a removal,
 * confirmation or drop of a change (a button: its answer is a toast). Done, the tab shows the
 * limits again with the casino API's words, and the time a change waits until.
 */
export async function moneyLimitsAction(args: ActionFunctionArgs, kind: MoneyLimitKind) {
  await requirePlayer(args)
  const { tab, set, calls } = KINDS[kind]
  const formName = MONEY_LIMIT_PAGES[kind].form
  const form = await args.request.formData()
  const intent = LIMIT_INTENTS.find((i) => i === form.get('intent'))
  const period = DEPOSIT_LIMIT_PERIODS.find((p) => p === form.get('period'))
  if (!intent || !period) throw data(null, { status: 400 })
  if (intent === 'limit-set') {
    const submission = parseForm(formName, form, { locale: requestLocale(args) })
    if (submission.status !== 'success') return invalidForm(submission)
    const result = await callUpstream(args, set, submission.value)
    if (!result.ok) return refusedForm(submission, result)
    return limitAnswer(args, tab, result, 'deposit_limit_change_waits')
  }
  return limitAnswer(args, tab, await callUpstream(args, calls[intent], { period }), 'deposit_limit_change_waits')
}
