import { redirect } from 'react-router'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { localeFromPath, localizePath } from '#ui/locale.ts'
import type { Route } from './+types/index'

// /user-management has no page of its own: the first tab is the profile.
export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  throw redirect(localizePath(localeFromPath(new URL(args.request.url).pathname), '/user-management/profile'))
}
