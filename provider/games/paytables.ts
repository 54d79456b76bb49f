import type { TFunction } from 'i18next'
import type { CatalogGame } from './catalog.ts'
import type { Locale } from '../../casino-api/contract/locales.ts'
import { formatNumber } from '../../casino-api/contract/format.ts'
import { type AndarBaharConfig, andarBaharRtp } from './engines/andar-bahar.ts'
import { BACCARAT_RTP } from './engines/baccarat.ts'
import { type DiceConfig, DICE_OUTCOMES, diceMultiplier, winningRolls } from './engines/dice.ts'
import { firstGuessOffers, type HiLoConfig, type HiLoOffer } from './engines/hi-lo.ts'
import { type KenoConfig, kenoReturn } from './engines/keno.ts'
import { betTypeReturn, INSIDE, OUTSIDE, type RouletteConfig } from './engines/roulette.ts'
import { PLINKO_RISKS, type PlinkoConfig, plinkoReturn } from './engines/plinko.ts'
import type { ScratchConfig } from './engines/scratch.ts'
import type { SlotConfig } from './engines/slots.ts'
import { SIC_BO_RETURNS, TOTAL_PAYOUTS } from './engines/sic-bo.ts'
import { HAND_RANKS, type VideoPokerConfig } from './engines/video-poker.ts'

/** A paytable of the side panel, in the page's words: a caption, column heads and rows (the first cell heads its row). */
export type PanelTable = { caption: string; head: string[]; rows: string[][] }

/** The paytable of a slot title, for the side panel: each paying symbol's glyph and its pays; null for other games. */
export function slotPaytable(game: CatalogGame) {
  if (game.engine.kind !== 'slots') return null
  const config = game.config as SlotConfig
  const symbols = game.theme.symbols ?? {}
  const runs = [...new Set(Object.values(config.pays).flatMap((p) => Object.keys(p).map(Number)))].sort((a, b) => a - b)
  return {
    runs,
    rows: Object.entries(config.pays).map(([id, pays]) => ({
      glyph: symbols[id]?.glyph ?? id,
      tone: symbols[id]?.tone ?? 'silver',
      pays: runs.map((n) => pays[n] ?? null),
    })),
  }
}

/** The dice targets the panel's table shows, in hundredths: the extremes and a few between. */
const DICE_TARGETS = [100, 1000, 2500, 5000, 7500, 9000, 9899]

/**
 * The paytables and documented returns of the table, card and one-move games (roulette, dice,
 * blackjack, video poker, baccarat, andar bahar, hi-lo, sic bo, keno, scratch cards, Star Drop)
 * for the game view's panel; null for slots, whose panel shows their own table.
 */
export function panelTables(game: CatalogGame, t: TFunction, locale: Locale): PanelTable[] | null {
  const percent = (fraction: number) =>
    `${formatNumber(fraction * 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`
  // Multipliers and counts: Number's toLocaleString showed up to three decimals.
  const number = (n: number) => formatNumber(n, locale, { maximumFractionDigits: 3 })
  const times = (n: number) => `× ${number(n)}`
  // A guess's chance and pay (dice and hi-lo), or that it is not offered.
  const offer = (o: HiLoOffer) =>
    o
      ? t('games.panelTables.offer', {
          chance: formatNumber(o.chance * 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
          multiplier: formatNumber(o.multiplier, locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
        })
      : t('games.panelTables.notOffered')
  switch (game.engine.kind) {
    case 'roulette': {
      const config = game.config as RouletteConfig
      return [
        {
          caption: t('games.returns'),
          head: [t('games.sicBo.betColumn'), t('games.sicBo.returnColumn')],
          rows: [...INSIDE, ...OUTSIDE].map((type) => [
            t(`games.betTypes.${type}`),
            percent(betTypeReturn(config, type)),
          ]),
        },
      ]
    }
    case 'dice': {
      const config = game.config as DiceConfig
      const side = (bet: { target: number; side: 'under' | 'over' }) =>
        offer({ chance: winningRolls(bet) / DICE_OUTCOMES, multiplier: diceMultiplier(config, bet) / 10000 })
      return [
        {
          caption: t('games.panelTables.diceCaption'),
          head: [t('games.frame.target'), t('games.frame.under'), t('games.frame.over')],
          rows: DICE_TARGETS.map((target) => [
            formatNumber(target / 100, locale, { minimumFractionDigits: 2 }),
            side({ target, side: 'under' }),
            side({ target, side: 'over' }),
          ]),
        },
      ]
    }
    case 'hi-lo':
      return [
        {
          caption: t('games.panelTables.hiLoCaption'),
          head: [t('games.panelTables.cardColumn'), t('games.hiLo.higher'), t('games.hiLo.lower')],
          rows: firstGuessOffers(game.config as HiLoConfig).map(({ rank, offers }) => [
            t(`games.cards.ranks.r${rank as 1}`),
            offer(offers.higher),
            offer(offers.lower),
          ]),
        },
      ]
    case 'sic-bo': {
      const row = (label: string, fraction: number) => [label, percent(fraction)]
      const any = '1–6'
      return [
        {
          caption: t('games.paytable'),
          head: [t('games.sicBo.betColumn'), t('games.sicBo.returnColumn')],
          rows: [
            ...(['small', 'big', 'odd', 'even', 'anyTriple'] as const).map((type) =>
              row(t(`games.sicBo.options.${type}`), SIC_BO_RETURNS[type]),
            ),
            row(t('games.sicBo.options.triple', { n: any }), SIC_BO_RETURNS.triple),
            row(t('games.sicBo.options.double', { n: any }), SIC_BO_RETURNS.double),
            row(t('games.sicBo.comboAny'), SIC_BO_RETURNS.combo),
            row(t('games.sicBo.options.single', { n: any }), SIC_BO_RETURNS.single),
            ...Object.keys(TOTAL_PAYOUTS).map((total) =>
              row(
                t('games.sicBo.options.total', { n: total, pays: TOTAL_PAYOUTS[Number(total)] }),
                SIC_BO_RETURNS.total[Number(total)]!,
              ),
            ),
          ],
        },
      ]
    }
    case 'keno': {
      const config = game.config as KenoConfig
      return [
        {
          caption: t('games.paytable'),
          head: [t('games.keno.spotsColumn'), t('games.keno.hitsColumn'), t('games.keno.returnColumn')],
          rows: Object.entries(config.paytable).map(([spots, pays]) => [
            spots,
            Object.entries(pays)
              .map(([hits, hundredths]) => t('games.keno.pays', { hits, times: number(hundredths / 100) }))
              .join(' · '),
            percent(kenoReturn(config, Number(spots))),
          ]),
        },
      ]
    }
    case 'scratch': {
      const config = game.config as ScratchConfig
      const symbols = game.theme.symbols ?? {}
      return [
        {
          caption: t('games.paytable'),
          head: [t('games.scratch.symbolColumn'), t('games.scratch.prizeColumn'), t('games.scratch.chanceColumn')],
          rows: config.prizes.map((p) => [
            `${symbols[p.symbol]?.glyph ?? ''} ${t(`games.scratch.symbols.${p.symbol as 'star'}`)}`.trim(),
            times(p.multiplier),
            `${number(p.cards)} / ${number(config.run)}`,
          ]),
        },
      ]
    }
    case 'plinko': {
      const config = game.config as PlinkoConfig
      return [
        {
          caption: t('games.paytable'),
          head: [t('games.plinko.risk'), t('games.plinko.slotsColumn'), t('games.plinko.returnRow')],
          rows: PLINKO_RISKS.map((risk) => [
            t(`games.plinko.risks.${risk}`),
            config.pays[risk].map((p) => number(p / 100)).join(' · '),
            percent(plinkoReturn(config, risk)),
          ]),
        },
      ]
    }
    case 'video-poker': {
      const { paytable } = game.config as VideoPokerConfig
      return [
        {
          caption: t('games.paytable'),
          head: [t('games.videoPoker.handColumn'), t('games.videoPoker.paysColumn')],
          rows: HAND_RANKS.map((rank) => [t(`games.videoPoker.ranks.${rank}`), times(paytable[rank])]),
        },
      ]
    }
    case 'baccarat':
    case 'andar-bahar': {
      const returns =
        game.engine.kind === 'baccarat'
          ? Object.entries(BACCARAT_RTP).map(
              ([side, rtp]) => [t(`games.baccarat.sides.${side as 'tie'}`), rtp] as const,
            )
          : Object.entries(andarBaharRtp(game.config as AndarBaharConfig)).map(
              ([side, rtp]) => [t(`games.andarBahar.sides.${side as 'andar'}`), rtp] as const,
            )
      return [
        {
          caption: t('games.returns'),
          head: [t('games.sicBo.betColumn'), t('games.sicBo.returnColumn')],
          rows: returns.map(([label, rtp]) => [label, percent(rtp)]),
        },
      ]
    }
    case 'blackjack':
      return [
        {
          caption: t('games.paytable'),
          head: [t('games.videoPoker.handColumn'), t('games.videoPoker.paysColumn')],
          rows: (['blackjack', 'win', 'push'] as const).map((outcome) => [
            t(`games.blackjack.payouts.${outcome}`),
            t(`games.blackjack.pays.${outcome}`),
          ]),
        },
      ]
    default:
      return null
  }
}
