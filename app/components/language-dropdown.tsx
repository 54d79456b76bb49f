import gbFlag from 'flag-icons/flags/4x3/gb.svg?url'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { LOCALES, localizePath, stripLocale, useLocale, type Locale } from '#ui/locale.ts'
import esFlag from './flags/es.svg?url'
import * as styles from './layout.css.ts'

// Spain's flag without the coat of arms (the civil flag): at 20 × 15 px the arms are a smudge,
// and flag-icons' version of them weighs 16 KB against these 150 bytes.
export const FLAGS: Record<Locale, string> = { es: esFlag, en: gbFlag }

/**
 * A <details> with one link per language to the same page in that language: it works without
 * JavaScript and from the keyboard (Enter/Space on the summary, Tab through the links). The
 * links reload the document so that the page comes with its own catalogue.
 */
export function LanguageDropdown({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const location = useLocation()
  const ref = useRef<HTMLDetailsElement>(null)
  const path = stripLocale(location.pathname)

  useEffect(() => {
    const details = ref.current
    if (!details || inline) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false
        details.querySelector('summary')?.focus()
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [inline])

  const language = t(`common.language.${locale}`)
  return (
    <details ref={ref} className={styles.dropdown}>
      <summary className={styles.dropdownSummary}>
        {/* Lazy: React would otherwise preload every eager image in the page's head, ahead of its
            stylesheet and scripts; the flags in the closed menu then wait until it opens. */}
        <img src={FLAGS[locale]} alt="" width={20} height={15} loading="lazy" className={styles.flag} />
        {/* Read as "EN, Language: English"; the visible code stays part of the name. */}
        <span>{locale.toUpperCase()}</span>
        <span className="visually-hidden">, {t('common.language.current', { language })}</span>
        <span className={styles.caret} aria-hidden="true" />
      </summary>
      <ul className={inline ? `${styles.dropdownMenu} ${styles.dropdownMenuInline}` : styles.dropdownMenu}>
        {LOCALES.map((lng) => (
          <li key={lng}>
            <Link
              reloadDocument
              to={localizePath(lng, path) + location.search}
              hrefLang={lng}
              lang={lng}
              aria-current={lng === locale ? 'true' : undefined}
              className={styles.dropdownItem}
            >
              <img src={FLAGS[lng]} alt="" width={20} height={15} loading="lazy" className={styles.flag} />
              {t(`common.language.${lng}`)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  )
}
