import type { ReactNode } from 'react'
import * as styles from './scroll-table.css.ts'

/**
 * A table that may be wider than a phone: it scrolls inside its own box, a labelled region the
 * keyboard can reach (so it can be scrolled without a mouse), and its width comes from the page,
 * never from the table.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <section className={styles.wrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
