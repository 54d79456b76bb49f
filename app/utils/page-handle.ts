import { useMatches } from 'react-router'

/**
 * What a route module may say about its page in `export const handle: PageHandle = { formats:
 * false }` (a type-only import: the handle costs the page no shared chunk). `formats: false`: the
 * page itself writes no money, number or date with Intl, so the browser need not load ICU's
 * formatting data before hydrating it (entry.client.tsx); a player's page still does, for the
 * header's balance.
 */
export type PageHandle = { formats?: false }

/** Whether the current page (its deepest route) says it formats nothing with Intl. */
export function usePageFormatsNothing() {
  const matches = useMatches()
  const page = matches.at(-1)?.handle as PageHandle | undefined
  return page?.formats === false
}
