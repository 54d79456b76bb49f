import type { FrameLocator } from 'playwright-core'

/**
 * Puts chips of one value on spots of a roulette table in a game's frame, as a player does:
 * the chip (its value as the page writes it, '€1.00'), then each spot by its name (the locales'
 * games.table.spots, '17-18' filled in). Without JavaScript each spot is a post of the frame:
 * the next spot is pressed once the table shows the chips on the last one (in its name).
 */
export async function putChips(frame: FrameLocator, chip: string, spots: string[]) {
  await frame.getByRole('radio', { name: chip, exact: true }).check()
  for (const spot of spots) {
    await frame.getByRole('button', { name: spot, exact: true }).click()
    await frame.getByRole('button', { name: `${spot}: ` }).waitFor()
  }
}
