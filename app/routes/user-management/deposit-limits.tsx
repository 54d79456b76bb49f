/** The Deposit limits tab (ADR 0061): the page of a kind of money limit (money-limits.tsx). */
import { metaTags } from '#app/utils/page-meta.ts'
import type { Route } from './+types/deposit-limits'
import { moneyLimitsAction, moneyLimitsLoader } from './money-limits.server.ts'
import { MoneyLimitsTab } from './money-limits.tsx'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export const loader = (args: Route.LoaderArgs) => moneyLimitsLoader(args, 'deposit')

export const action = (args: Route.ActionArgs) => moneyLimitsAction(args, 'deposit')

export default function DepositLimits({ loaderData, actionData }: Route.ComponentProps) {
  return <MoneyLimitsTab loaderData={loaderData} actionData={actionData} />
}
