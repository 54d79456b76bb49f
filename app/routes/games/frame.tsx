import { useTranslation } from 'react-i18next'
import { data, Form, useFetcher, useNavigation } from 'react-router'
import type { RoundView } from '#contract'
import { catalogGame } from '#casino-api/games/catalog.ts'
import * as forms from '#app/components/form-fields.css.ts'
import { useCatalogue } from '#app/components/use-catalogue.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { useLocale, useLocalePath } from '#app/utils/locale.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { Route } from './+types/frame'
import * as styles from './games.css.ts'
import { betFromForm, chipValues, DiceBoard, RouletteBoard, SlotBoard, type Symbols } from './boards.tsx'

/** After this many demo rounds the frame asks the player to play for real. */
export const DEMO_PROMPT_ROUNDS = 10

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && 'name' in loaderData ? loaderData.name : '' },
  { name: 'robots', content: 'noindex' },
]

/**
 * The game client: the document inside the game view's iframe, on the site's origin. It holds
 * the launch's game session token (in its URL) and plays through the game server with it; the
 * player's bearer token stays in the session cookie, unused here. Every move is a form, so the
 * game plays without JavaScript; with it, moves post in the background and the board updates.
 */
export async function loader(args: Route.LoaderArgs) {
  const token = args.params.token
  const open = await callUpstream(args, 'game_open', {}, { gameSession: token })
  if (!open.ok) {
    if (open.status === 401) return data({ expired: true as const }, { status: 410 })
    throw upstreamUnavailable()
  }
  const game = catalogGame(open.data.gameId)
  return {
    ...open.data,
    symbols: (game?.theme.symbols ?? {}) as Symbols,
    // The id of the next move: a double click or a resent form plays it once.
    moveId: crypto.randomUUID(),
  }
}

export async function action(args: Route.ActionArgs) {
  const token = args.params.token
  const form = await args.request.formData()
  const intent = form.get('intent')
  if (intent === 'rotate') {
    const clientSeed = String(form.get('clientSeed') ?? '').trim()
    const rotated = await callUpstream(args, 'game_rotate_seeds', clientSeed ? { clientSeed } : {}, {
      gameSession: token,
    })
    if (!rotated.ok) {
      if (rotated.status >= 500) throw upstreamUnavailable()
      return data(
        { intent: 'rotate' as const, error: rotated.code, fields: rotated.fields ?? {} },
        { status: rotated.status },
      )
    }
    return { intent: 'rotate' as const, revealed: rotated.data.revealed }
  }
  const engine = String(form.get('engine') ?? '')
  const bet = betFromForm(engine, form)
  const moveId = String(form.get('moveId') ?? '')
  const played = await callUpstream(args, 'game_play', { bet, moveId }, { gameSession: token })
  if (!played.ok) {
    if (played.status >= 500) throw upstreamUnavailable()
    return data({ intent: 'play' as const, error: played.code, fields: played.fields ?? {} }, { status: played.status })
  }
  return { intent: 'play' as const, round: played.data.round }
}

export default function GameFrame({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const fetcher = useFetcher<typeof action>()
  const catalogue = useCatalogue()
  const navigation = useNavigation()
  if ('expired' in loaderData) {
    return (
      <div className={styles.frameBody}>
        <p>{t('games.frame.expired')}</p>
        <a href={localePath('/casino')} target="_top">
          {t('games.frame.lobby')}
        </a>
      </div>
    )
  }
  const game = loaderData
  const result = fetcher.data ?? actionData
  const busy = fetcher.state !== 'idle' || navigation.state === 'submitting'
  const money = (cents: number) => formatMoney(cents, game.balance.currency, locale)
  const amount = (cents: number) =>
    game.balance.mode === 'demo'
      ? `${(cents / 100).toLocaleString(locale, { minimumFractionDigits: 2 })} ${t('games.frame.chips')}`
      : money(cents)
  const last: RoundView | undefined = game.openRound ?? game.recentRounds[0]
  const error = result && 'error' in result ? result : null
  // Shown from the loader (the last retired pair), so it stays after a reload and without JavaScript.
  const revealed = game.lastRevealed
  const BetForm = fetcher.Form
  const chips = chipValues(game.minBet, game.maxBet)

  const board =
    game.engine === 'slots' ? (
      <SlotBoard config={game.config} view={last?.view} symbols={game.symbols} amount={amount} />
    ) : game.engine === 'roulette' ? (
      <RouletteBoard view={last?.view} />
    ) : game.engine === 'dice' ? (
      <DiceBoard view={last?.view} />
    ) : null

  return (
    <div className={styles.frameBody}>
      <div className={styles.frameHead}>
        <h1 className={styles.gameTitle}>{game.name}</h1>
        <p aria-live="polite">
          {t('games.frame.balance')}: <span className={styles.balance}>{amount(game.balance.amount)}</span>
        </p>
      </div>
      <section aria-label={t('games.frame.lastRound')} aria-live="polite">
        {board}
        {last ? (
          <p className={`${styles.outcome} ${last.win ? styles.win : ''}`}>
            {last.win ? t('games.frame.won', { amount: amount(last.win) }) : t('games.frame.lost')}
          </p>
        ) : null}
      </section>

      <BetForm method="post" className={styles.betForm}>
        <input type="hidden" name="engine" value={game.engine} />
        <input type="hidden" name="moveId" value={game.moveId} />
        {game.engine === 'slots' ? (
          <SlotControls
            lines={(game.config as unknown as { lines: unknown[] }).lines.length}
            chips={chips}
            amount={amount}
          />
        ) : null}
        {game.engine === 'roulette' ? <RouletteControls chips={chips} amount={amount} /> : null}
        {game.engine === 'dice' ? <DiceControls chips={chips} amount={amount} /> : null}
        <button type="submit" name="intent" value="play" className={styles.bigButton} disabled={busy}>
          {t(
            game.engine === 'dice'
              ? 'games.frame.roll'
              : game.engine === 'roulette'
                ? 'games.frame.place'
                : 'games.frame.spin',
          )}
        </button>
      </BetForm>
      {error ? (
        <p role="alert" className={forms.bad}>
          {[error.error, ...Object.values(error.fields).flat()].map((code) => catalogue(code)).join(' ')}
        </p>
      ) : null}

      {game.balance.mode === 'demo' && game.roundsPlayed >= DEMO_PROMPT_ROUNDS ? (
        <aside className={styles.prompt} aria-labelledby="play-for-real">
          <h2 id="play-for-real">{t('games.frame.promptHeading')}</h2>
          <p>{t('games.frame.promptText', { count: game.roundsPlayed })}</p>
          <a href={localePath(`/casino/${game.gameId}?mode=real`)} target="_top" className={styles.playButton}>
            {t('games.view.playForReal')}
          </a>{' '}
          <a href={localePath('/user-management/deposit')} target="_top">
            {t('games.frame.promptDeposit')}
          </a>
        </aside>
      ) : null}

      <details>
        <summary>{t('games.frame.fairness')}</summary>
        <dl className={styles.stacked}>
          <dt>{t('games.view.serverSeedHash')}</dt>
          <dd className={styles.mono}>{game.seeds.serverSeedHash}</dd>
          <dt>{t('games.view.clientSeed')}</dt>
          <dd className={styles.mono}>{game.seeds.clientSeed}</dd>
          <dt>{t('games.view.nonce')}</dt>
          <dd>{game.seeds.nonce}</dd>
        </dl>
        <Form method="post" className={styles.betForm}>
          <div>
            <label htmlFor="client-seed" className={forms.label}>
              {t('games.frame.newClientSeed')}
            </label>
            <input id="client-seed" name="clientSeed" maxLength={64} pattern="[!-~]{1,64}" className={forms.input} />
          </div>
          <button type="submit" name="intent" value="rotate" className={styles.demoButton}>
            {t('games.frame.rotate')}
          </button>
        </Form>
        <p className={styles.small}>{t('games.frame.rotateHint')}</p>
        {revealed ? (
          <p aria-live="polite" className={styles.mono}>
            {t('games.frame.revealed', {
              seed: revealed.serverSeed,
              hash: revealed.serverSeedHash,
              rounds: revealed.rounds,
              clientSeed: revealed.clientSeed,
            })}{' '}
            <a
              href={localePath(
                `/provably-fair?game=${game.gameId}&serverSeed=${revealed.serverSeed}&clientSeed=${encodeURIComponent(revealed.clientSeed)}&nonce=0`,
              )}
              target="_top"
            >
              {t('games.frame.verify')}
            </a>
          </p>
        ) : null}
      </details>
    </div>
  )
}

type Controls = { chips: number[]; amount: (cents: number) => string }

function ChipSelect({ name, label, chips, amount }: Controls & { name: string; label: string }) {
  return (
    <div>
      <label htmlFor={`bet-${name}`} className={forms.label}>
        {label}
      </label>
      <select
        id={`bet-${name}`}
        name={name}
        className={forms.select}
        defaultValue={chips[Math.min(1, chips.length - 1)]}
      >
        {chips.map((c) => (
          <option key={c} value={c}>
            {amount(c)}
          </option>
        ))}
      </select>
    </div>
  )
}

function SlotControls({ lines, ...controls }: Controls & { lines: number }) {
  const { t } = useTranslation()
  return (
    <>
      <ChipSelect
        name="lineBet"
        label={`${t('games.frame.lineBet')} (${t('games.frame.lines', { count: lines })})`}
        {...controls}
        chips={controls.chips
          .map((c) => Math.max(1, Math.floor(c / lines)))
          .filter((c, i, all) => all.indexOf(c) === i)}
      />
    </>
  )
}

const OUTSIDE_BETS = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen1',
  'dozen2',
  'dozen3',
  'column1',
  'column2',
  'column3',
] as const
const INSIDE_BETS = ['straight', 'split', 'street', 'corner', 'line', 'trio', 'basket'] as const

function RouletteControls(controls: Controls) {
  const { t } = useTranslation()
  return (
    <>
      <div>
        <label htmlFor="bet-type" className={forms.label}>
          {t('games.frame.betType')}
        </label>
        <select id="bet-type" name="type" className={forms.select} defaultValue="red">
          {[...OUTSIDE_BETS, ...INSIDE_BETS].map((type) => (
            <option key={type} value={type}>
              {t(`games.betTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="bet-numbers" className={forms.label}>
          {t('games.frame.numbers')}
        </label>
        <input
          id="bet-numbers"
          name="numbers"
          inputMode="numeric"
          maxLength={20}
          className={forms.input}
          aria-describedby="bet-numbers-hint"
        />
        <p id="bet-numbers-hint" className={styles.small}>
          {t('games.frame.numbersHint')}
        </p>
      </div>
      <ChipSelect name="amount" label={t('games.frame.stake')} {...controls} />
    </>
  )
}

function DiceControls(controls: Controls) {
  const { t } = useTranslation()
  return (
    <>
      <ChipSelect name="stake" label={t('games.frame.stake')} {...controls} />
      <div>
        <label htmlFor="bet-target" className={forms.label}>
          {t('games.frame.target')}
        </label>
        <input
          id="bet-target"
          name="target"
          type="number"
          min="1"
          max="98.99"
          step="0.01"
          defaultValue="50.00"
          className={forms.input}
        />
      </div>
      <fieldset>
        <legend className={forms.label}>{t('games.frame.side')}</legend>
        <label>
          <input type="radio" name="side" value="under" defaultChecked /> {t('games.frame.under')}
        </label>{' '}
        <label>
          <input type="radio" name="side" value="over" /> {t('games.frame.over')}
        </label>
      </fieldset>
    </>
  )
}
