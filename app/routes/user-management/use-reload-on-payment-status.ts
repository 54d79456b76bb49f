import { useCallback } from 'react'
import { useRevalidator } from 'react-router'
import { useRealtimeEvent } from '#app/components/live-balance.ts'

/** A page that shows payments reloads its data when one of the player's payments changes state. */
export function useReloadOnPaymentStatus() {
  const revalidator = useRevalidator()
  const reload = useCallback(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate()
  }, [revalidator])
  useRealtimeEvent('transaction_status_changed', reload)
}
