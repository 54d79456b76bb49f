import type { Page } from 'playwright-core'

/** Cents of an amount as the page writes it ('−3,40 €', '+€1.20', '€20.00'). */
export const cents = (text: string) => (/[−-]/.test(text) ? -1 : 1) * Number(text.replace(/[^\d]/g, ''))

/** Rows per page of the Bet History tab (app/routes/user-management/bet-history.tsx). */
const PAGE_SIZE = 20

/**
 * The Bet History tab over the last 24 hours as a player reads it, for `rounds` rounds: the game
 * of every row, page after page; the period's net total; and the header's balance (in cents).
 */
export async function readBetHistory(page: Page, prefix: '' | '/en', rounds: number) {
  const games: string[] = []
  for (let n = 1; n <= Math.ceil(rounds / PAGE_SIZE); n++) {
    await page.goto(`${prefix}/user-management/bet-history?period=24h&page=${n}`)
    games.push(...(await page.locator('tbody tr td:first-child').allInnerTexts()))
  }
  return {
    games,
    net: cents(await page.locator('tfoot td').last().innerText()),
    balance: cents(await page.locator('header [data-balance-total]').first().innerText()),
  }
}
