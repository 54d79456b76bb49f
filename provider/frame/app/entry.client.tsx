import { documentLocale, hydrateDocument, linkNoInlinedStylesheet, pageI18n } from '#ui/hydrate.tsx'
import { CATALOGUES } from './i18n.ts'

async function main() {
  linkNoInlinedStylesheet()
  // The page's own language only: the game client is opened again to change it.
  const lng = documentLocale()
  hydrateDocument(await pageI18n(lng, await CATALOGUES[lng]()))
}

main().catch((error: unknown) => console.error(error))
