import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocale } from '#ui/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import * as styles from './layout.css.ts'
import { loadedLive, useLazyLive } from './lazy-live.ts'
import type { LiveBalance } from './live-balance.ts'

/**
 * The live balance, once the realtime client (loaded after hydration, so that a visitor's pages
 * never download it) has told one; null until then.
 */
function useLazyLiveBalance(rendered: LiveBalance) {
  const [latest, setLatest] = useState<LiveBalance | null>(null)
  const current = useRef(rendered)
  useEffect(() => {
    current.current = rendered
  }, [rendered])
  useLazyLive((module) => {
    module.renderedAgain(current.current)
    return module.watchLiveBalance(setLatest)
  })
  // New data of the page: its balance is kept if newer than the live one (see renderedAgain).
  useEffect(() => loadedLive()?.renderedAgain(rendered), [rendered])
  // New root data with a player (a log-in in this page, any action): the session is good again.
  useEffect(() => loadedLive()?.sessionConfirmed(rendered), [rendered])
  return latest
}

/**
 * The player's total balance (real + bonus), formatted for the page's locale, kept live by the
 * realtime socket; real money and bonus show on hover and keyboard focus. A change that arrives
 * live is announced politely to screen readers.
 */
export function Balance({ balance: rendered }: { balance: PublicPlayer['balance'] }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const live = useLazyLiveBalance(rendered)
  const balance = loadedLive()?.shownBalance(rendered, live) ?? rendered
  const amount = formatMoney(balance.total, balance.currency, locale)
  const detail = t('common.header.balanceDetail', {
    real: formatMoney(balance.real, balance.currency, locale),
    bonus: formatMoney(balance.bonus, balance.currency, locale),
  })
  const label = `${t('common.header.balanceLabel', { amount })}. ${detail}`
  return (
    <span className={styles.balance} aria-label={label}>
      <span className={styles.balanceLabel} aria-hidden="true">
        {t('common.header.balance')}
      </span>
      <span aria-hidden="true" data-balance-total="">
        {amount}
      </span>
      <span className={styles.balanceDetail} aria-hidden="true">
        {detail}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {balance === rendered ? '' : label}
      </span>
    </span>
  )
}
