import { expect, test } from 'vitest'
import { SEEDED_CONTENT } from '#casino-api/src/content/seed.ts'
import { resources } from './index.ts'

/**
 * Features the casino API does not have yet, each with the claims that would promise it. While a
 * feature is listed here, no text the site ships makes such a claim: not the seeded content (pages,
 * promotions, FAQ, slides, in both languages) and not the web app's messages. The issue that
 * builds a feature removes its entry, and the texts about it come back with it (issue 19, point 12).
 */
const MISSING_FEATURES: { feature: string; claims: RegExp[] }[] = [
  {
    // The bonuses issue. Bonus codes are the casino API's now (bonuscode_deposit_processor, ADR
    // 0053): the Bonuses tab names them; so are the Monday cashback, the Wednesday and the monthly
    // bonus (ADR 0055): the promotions page states their rules from the templates' figures; loyalty
    // points (ADR 0054) have their tab; and refer a friend (ADR 0057): its texts (keys `*.referral*`)
    // say what a friend's first deposit grants, from the template's amount.
    feature: 'bonuses',
    claims: [
      /bonos? (de bienvenida|sobre tu depósito)/i,
      /(recibe|reciben|recibes) un bono|dinero de bono|tus bonos|un bono o un juego/i,
      /welcome bonus|bonus on your deposit/i,
      /(get|gets|earns) a bonus|bonus money|your bonuses|a bonus or a game/i,
    ],
  },
  {
    // The responsible-gaming limits issue: limits a player sets on bets. (Breaks, self-exclusion
    // and closing one's account are built, ADR 0060; so are deposit limits, ADR 0061, the
    // session-time limit, ADR 0063, and loss limits, ADR 0064.)
    feature: 'wager limits',
    claims: [/límites? de apuesta/i, /wager limits?/i],
  },
]

/**
 * Messages that name a value of the contract rather than describe the site: error texts of its
 * codes and the labels of its payment processors and movement types. They show only when the
 * casino API answers with that code or lists such a movement.
 */
const NAMES_OF_CONTRACT_VALUES = /^(catalogue|money\.processors|money\.types)\./

type Tree = { [k: string]: string | Tree }
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  )

/** Every text the site ships, named by where it comes from. */
const texts: [string, string][] = Object.entries(SEEDED_CONTENT).flatMap(([locale, entries]) =>
  entries.flatMap((e) =>
    [e.title, e.summary ?? '', e.body].map((text): [string, string] => [`${e.kind}/${e.slug}/${locale}`, text]),
  ),
)
for (const [locale, { translation }] of Object.entries(resources)) {
  for (const [key, text] of flatten(translation as Tree)) {
    if (!NAMES_OF_CONTRACT_VALUES.test(key)) texts.push([`locales/${locale} ${key}`, text])
  }
}

test.for(MISSING_FEATURES)(
  'no text promises $feature, which the casino API does not have yet',
  ({ feature, claims }) => {
    expect(texts.length).toBeGreaterThan(100)
    const promises = texts.flatMap(([where, text]) =>
      // Refer a friend is built (ADR 0057): its own texts may say it grants a bonus.
      feature === 'bonuses' && /\.referral[A-Z]/.test(where)
        ? []
        : claims.flatMap((claim) => {
            const found = text.match(claim)
            return found ? [`${where}: «${found[0]}»`] : []
          }),
    )
    expect(promises).toEqual([])
  },
)
