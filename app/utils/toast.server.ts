import { data, redirect, type RouterContextProvider } from 'react-router'
import { requestLocale } from './locale.server.ts'
import { localizePath } from '#ui/locale.ts'
import { FLASH_MARKER_COOKIE } from './cookie-names.ts'
import { commitSession, getSession, type Toast } from './session.server.ts'

export type { Toast }

type Args = { request: Request; context: Readonly<RouterContextProvider> }

/**
 * A readable marker beside the (HttpOnly) session cookie: tells the browser's router that a
 * toast waits, so the root loader revalidates after a client-side redirect to show it.
 */
export const flashMarkerCookie = (on: boolean) =>
  `${FLASH_MARKER_COOKIE}=${on ? '1' : ''}; Path=/; Max-Age=${on ? 120 : 0}; SameSite=Lax`

function mergeHeaders(init: ResponseInit | undefined, cookie: string) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', flashMarkerCookie(true))
  return headers
}

/**
 * Redirects with a toast for the next page. `to` is put in the request's locale
 * ('/user-management' becomes '/en/user-management' on an English page).
 */
export async function redirectWithToast(args: Args, to: string, toast: Toast, init?: ResponseInit): Promise<Response> {
  const session = await getSession(args.request)
  session.flash('toast', toast)
  return redirect(localizePath(requestLocale(args), to), {
    ...init,
    headers: mergeHeaders(init, await commitSession(session)),
  })
}

/** Answers data and shows a toast on the page that renders it. */
export async function dataWithToast<T>(args: Args, value: T, toast: Toast, init?: ResponseInit) {
  const session = await getSession(args.request)
  session.flash('toast', toast)
  return data(value, { ...init, headers: mergeHeaders(init, await commitSession(session)) })
}
