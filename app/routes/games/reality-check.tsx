/**
 * The reality check in the game view (ADR 0065): when the player's check is due, the view shows it
 * instead of the game (whose stakes the casino's wallet refuses meanwhile): the minutes played
 * since the log-in, the net result, "Keep playing" (a form, with JavaScript or without) and "Stop".
 * With JavaScript, the view loads again when the next check falls due, so it opens by itself.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useRevalidator } from 'react-router'
import type { RealityCheck } from '#contract'
import { formatMoney } from '#casino-api/contract/format.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import * as styles from '#ui/games.css.ts'

export const KEEP_PLAYING = 'keep-playing'

export function RealityCheckPanel({ check }: { check: RealityCheck }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const amount = formatMoney(Math.abs(check.net), check.currency, locale)
  const result =
    check.net > 0
      ? t('games.realityCheck.won', { amount })
      : check.net < 0
        ? t('games.realityCheck.lost', { amount })
        : t('games.realityCheck.even')
  return (
    <section className={styles.banner} aria-labelledby="reality-check-heading" role="alertdialog">
      <h2 id="reality-check-heading">{t('games.realityCheck.heading')}</h2>
      <p>{t('games.realityCheck.played', { minutes: check.playedMinutes })}</p>
      <p>
        {t('games.realityCheck.net')}: <strong>{result}</strong>
      </p>
      <p>{t('games.realityCheck.paused')}</p>
      <Form method="post">
        <button type="submit" name="intent" value={KEEP_PLAYING} className={styles.playButton} autoFocus>
          {t('games.realityCheck.keepPlaying')}
        </button>
      </Form>
      <Link to={localePath('/user-management/bet-history')} className={styles.demoButton}>
        {t('games.realityCheck.stop')}
      </Link>
      <Link to={localePath('/user-management/responsible-gaming')}>{t('games.realityCheck.settings')}</Link>
    </section>
  )
}

/** Loads the view again when the next check falls due (by this browser's clock), so it shows. */
export function useRealityCheckAt(dueAt: string | null | undefined) {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (!dueAt) return
    // setTimeout takes at most 2^31 - 1 ms; a check further away is set again by the next load.
    const wait = Math.min(Math.max(0, new Date(dueAt).getTime() - Date.now()), 2 ** 31 - 1)
    const timer = setTimeout(() => void revalidate(), wait)
    return () => clearTimeout(timer)
  }, [dueAt, revalidate])
}
