import { data } from 'react-router'
import type { CallName, Calls, MessageArg, ParamsIn } from '#contract'
import {
  callUpstream,
  upstreamUnavailable,
  type UpstreamArgs,
  type UpstreamFailure,
} from '#app/upstream/client.server.ts'
import { localeFromPath } from '#ui/locale.ts'
import { newActionKey } from '#app/utils/payments.server.ts'

type AdminRefusal = {
  ok: false
  code: string
  args?: MessageArg[]
  fields: Record<string, readonly string[]>
  actionKey: string
}

/**
 * What an admin form's post answers: the success message, or the refusal with its values and
 * field codes. `actionKey`: the next key of forms that carry one (formActionKey in utils/payments.ts).
 */
export type AdminOutcome = { ok: true; message: string; args?: string[] } | AdminRefusal

/** A refusal for the form, with a new key for the corrected form's request. */
export const adminRefusal = (result: UpstreamFailure): AdminRefusal => ({
  ok: false,
  code: result.code,
  ...(result.args ? { args: result.args } : {}),
  fields: result.fields ?? {},
  actionKey: newActionKey(),
})

/**
 * A field the page refused before asking the casino API (an amount that is not a number as the
 * page's language writes it, ADR 0038): told as the casino API tells a field it refused.
 */
export const adminFieldRefusal = (field: string): AdminRefusal => ({
  ok: false,
  code: 'validation_failed',
  fields: { [field]: ['invalid_number'] },
  actionKey: newActionKey(),
})

/** The page's language, which its amounts are typed in. */
export const localeOf = (args: UpstreamArgs) => localeFromPath(new URL(args.request.url).pathname)

/**
 * An administrator's action through the casino API: 4xx refusals come back to the form (with
 * the input kept by the browser), an outage is the error page. The action key makes a resent
 * form one action; a refusal answers a new one for the corrected form.
 */
export async function adminAction<N extends CallName>(
  args: UpstreamArgs,
  name: N,
  params: ParamsIn<Calls[N]>,
  success: (answer: never) => { message: string; args?: string[] },
  idempotencyKey?: string,
) {
  const result = await callUpstream(args, name, params, idempotencyKey ? { idempotencyKey } : {})
  if (!result.ok) {
    if (result.status >= 500) throw upstreamUnavailable()
    return data<AdminOutcome>(adminRefusal(result), { status: result.status === 401 ? 403 : result.status })
  }
  return data<AdminOutcome>({ ok: true, ...success(result.data as never) })
}

/** A read of an admin page; any refusal is the page's error. */
export async function adminRead<N extends CallName>(args: UpstreamArgs, name: N, params: ParamsIn<Calls[N]>) {
  const result = await callUpstream(args, name, params)
  if (result.ok) return result.data
  if (result.status === 404 || result.status === 403) throw data(null, { status: result.status })
  throw upstreamUnavailable()
}

export const pageOf = (request: Request) =>
  Math.min(Math.max(Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1, 1), 10_000)
