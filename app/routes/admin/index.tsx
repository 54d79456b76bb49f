import { redirect } from 'react-router'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { localeFromPath, localizePath } from '#ui/locale.ts'
import type { Route } from './+types/index'

// /admin has no page of its own: the first section is the withdrawals waiting for a decision.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  throw redirect(localizePath(localeFromPath(new URL(args.request.url).pathname), '/admin/withdrawals'))
}
