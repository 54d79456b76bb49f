import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type Catalog, catalogWith } from '#provider/games/catalog.ts'
import { hashServerSeed, roundRng } from '#provider/games/fair.ts'
import * as forms from '#ui/form-fields.css.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import * as ui from '#ui/ui.css.ts'
import { frameOf } from '../context.ts'
import { GAME_UI, type Symbols } from '../boards/index.ts'
import * as styles from '#ui/games.css.ts'

type Inputs = { game: string; serverSeed: string; clientSeed: string; nonce: string; bet: string; moves: string }

/**
 * The provider's check of a round (ADR 0049, step 3): a page of its own origin, which the casino's
 * Bet History and game view link to (the site's /provably-fair sends visitors here).
 *
 * Recomputes a round from its seeds, nonce and bet with the games' own code (the same the game
 * server ran): the server renders it for a visitor without JavaScript, the browser again as the
 * fields change.
 */
function verify(inputs: Inputs, catalog: Catalog) {
  const game = catalog.game(inputs.game)
  const nonce = Number(inputs.nonce)
  if (!game || !inputs.serverSeed || !inputs.clientSeed || !Number.isSafeInteger(nonce) || nonce < 0) return null
  let bet: unknown
  let moves: unknown
  try {
    bet = JSON.parse(inputs.bet)
    moves = inputs.moves.trim() ? JSON.parse(inputs.moves) : []
  } catch {
    return { error: true as const }
  }
  const parsed = game.engine.bet.safeParse(bet)
  if (
    !parsed.success ||
    !Array.isArray(moves) ||
    game.engine.checkBet(game.config, parsed.data, { minBet: 1, maxBet: Number.MAX_SAFE_INTEGER })
  )
    return { error: true as const }
  let step = game.engine.start(game.config, parsed.data, roundRng({ ...inputs, nonce }))
  // Multi-step games: the player's moves, in order, through the same engine (no more randomness).
  for (const move of moves) {
    const action = game.engine.action?.safeParse(move)
    if (!action?.success || !game.engine.act || step.win !== null) return { error: true as const }
    const next = game.engine.act(game.config, step.state, action.data)
    if ('error' in next) return { error: true as const }
    step = next
  }
  return {
    hash: hashServerSeed(inputs.serverSeed),
    engine: game.engine.kind,
    config: game.config,
    symbols: (game.theme.symbols ?? {}) as Symbols,
    view: game.engine.view(game.config, step.state, step.win !== null),
    stake: step.stake,
    win: step.win ?? 0,
  }
}

const inputsOf = (url: URL, catalog: Catalog): Inputs => ({
  game: url.searchParams.get('game') ?? catalog.games[0]!.id,
  serverSeed: (url.searchParams.get('serverSeed') ?? '').slice(0, 128),
  clientSeed: (url.searchParams.get('clientSeed') ?? '').slice(0, 64),
  nonce: (url.searchParams.get('nonce') ?? '0').slice(0, 12),
  bet: (url.searchParams.get('bet') ?? '').slice(0, 4000),
  moves: (url.searchParams.get('moves') ?? '').slice(0, 4000),
})

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, siteUrl } = frameOf(args.context)
  // The instance's game ids (its prefix, if any): the page recomputes with the same titles.
  return { inputs: inputsOf(new URL(args.request.url), ctx.catalog), siteUrl, prefix: ctx.catalog.prefix }
}

export default function ProvablyFair() {
  const loaderData = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const [inputs, setInputs] = useState(loaderData.inputs)
  const catalog = useMemo(() => catalogWith(loaderData.prefix), [loaderData.prefix])
  const result = useMemo(() => verify(inputs, catalog), [inputs, catalog])
  const gameUi = result && !('error' in result) ? GAME_UI[result.engine] : undefined
  const field = (name: keyof Inputs) => ({
    id: `fair-${name}`,
    name,
    value: inputs[name],
    onChange: (event: { target: { value: string } }) => setInputs((old) => ({ ...old, [name]: event.target.value })),
  })
  const names = Object.fromEntries(catalog.games.map((g) => [g.id, g.name[locale]]))
  return (
    <div className={ui.narrowPage}>
      {/* React puts them in the document's head. */}
      <title>{t('games.fair.title')}</title>
      <meta name="description" content={t('games.fair.intro')} />
      <p>
        <a href={loaderData.siteUrl + localePath('/')}>{t('games.fair.backToCasino')}</a>
      </p>
      <h1 className={ui.pageTitle}>{t('games.fair.heading')}</h1>
      <p>{t('games.fair.intro')}</p>
      <h2>{t('games.fair.procedure')}</h2>
      <ol>
        <li>{t('games.fair.steps.bytes')}</li>
        <li>{t('games.fair.steps.floats')}</li>
        <li>{t('games.fair.steps.outcomes')}</li>
      </ol>
      <Form method="get" className={forms.form}>
        <div className={forms.field}>
          <label htmlFor="fair-game" className={forms.label}>
            {t('games.fair.game')}
          </label>
          <select {...field('game')} className={forms.select}>
            {catalog.games.map((g) => (
              <option key={g.id} value={g.id}>
                {names[g.id]}
              </option>
            ))}
          </select>
        </div>
        <div className={forms.field}>
          <label htmlFor="fair-serverSeed" className={forms.label}>
            {t('games.fair.serverSeed')}
          </label>
          <input {...field('serverSeed')} className={forms.input} autoComplete="off" spellCheck={false} />
        </div>
        <div className={forms.field}>
          <label htmlFor="fair-clientSeed" className={forms.label}>
            {t('games.fair.clientSeed')}
          </label>
          <input {...field('clientSeed')} className={forms.input} autoComplete="off" spellCheck={false} />
        </div>
        <div className={forms.field}>
          <label htmlFor="fair-nonce" className={forms.label}>
            {t('games.fair.nonce')}
          </label>
          <input {...field('nonce')} type="number" min="0" className={forms.input} />
        </div>
        <div className={forms.field}>
          <label htmlFor="fair-bet" className={forms.label}>
            {t('games.fair.bet')}
          </label>
          <textarea {...field('bet')} rows={3} className={forms.input} spellCheck={false} />
        </div>
        <div className={forms.field}>
          <label htmlFor="fair-moves" className={forms.label}>
            {t('games.fair.moves')}
          </label>
          <textarea {...field('moves')} rows={2} className={forms.input} spellCheck={false} />
        </div>
        <button type="submit" className={styles.demoButton}>
          {t('games.fair.check')}
        </button>
      </Form>
      <section aria-live="polite" aria-label={t('games.fair.result')}>
        {result && 'error' in result ? <p className={forms.bad}>{t('games.fair.invalid')}</p> : null}
        {result && !('error' in result) ? (
          <>
            <h2>{t('games.fair.result')}</h2>
            <dl className={styles.facts}>
              <dt>{t('games.fair.hash')}</dt>
              <dd className={styles.mono}>{result.hash}</dd>
            </dl>
            {gameUi ? (
              <gameUi.Board
                config={result.config}
                view={result.view}
                symbols={result.symbols}
                amount={(c) => formatMoney(c, 'EUR', locale)}
              />
            ) : null}
            <p className={styles.outcome}>
              {t('games.fair.win', {
                amount: formatMoney(result.win, 'EUR', locale),
                stake: formatMoney(result.stake, 'EUR', locale),
              })}
            </p>
          </>
        ) : null}
      </section>
    </div>
  )
}
