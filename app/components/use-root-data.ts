import { useRouteLoaderData } from 'react-router'
import type { loader } from '#app/root.tsx'

/** The root loader's data (locale, safe player view, theme, toast…); undefined while the root failed. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}
