import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from 'react-router'
import type { RoundView } from '#contract'
import * as forms from '#ui/form-fields.css.ts'
import { useRefusalText } from '#ui/use-catalogue.ts'
import { localeFromPath, useLocale, useLocalePath } from '#ui/locale.ts'
import { readGame, refusal } from '../answers.ts'
import { gameCall } from '../context.ts'
import * as styles from '#ui/games.css.ts'
import { SeedFacts } from '#ui/seed-facts.tsx'
import { SessionEnded } from '../session-ended.tsx'
import { RoundList } from '#ui/recent-rounds.tsx'
import { outcomeText, roundOutcome } from '#ui/round-outcome.ts'
import { useHeld, useRoundMotion } from '#ui/round-motion.ts'
import { useGameSound } from '#ui/game-sound.ts'
import { useHydrated } from '#ui/use-hydrated.ts'
import { useRoundSounds } from '../round-sounds.ts'
import { SoundSwitch } from '../sound-switch.tsx'
import { tellRecentRounds } from '../recent-rounds.ts'
import { chipValues, GAME_UI, sessionAmount } from '../boards/index.ts'
import { StakeChips } from '../boards/stake-chips.tsx'

/** After this many demo rounds the frame asks the player to play for real. */
export const DEMO_PROMPT_ROUNDS = 10

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [
  { title: loaderData && 'name' in loaderData ? loaderData.name : '' },
  // A game client is a launch's page, nothing to find in a search.
  { name: 'robots', content: 'noindex' },
]

/**
 * The game client: the document inside the casino's game view's iframe, on the provider's origin
 * (no cookie of the casino reaches it). It holds the launch's game session token (in its URL) and
 * plays with it, through the provider's calls answered in process. Every move is a form, so the
 * game plays without JavaScript; with it, moves post in the background and the board updates.
 */
export const loader = (args: LoaderFunctionArgs) => readGame(args, 'game_open')

export async function action(args: ActionFunctionArgs) {
  const token = args.params.token
  const form = await args.request.formData()
  const intent = form.get('intent')
  if (intent === 'rotate') {
    const clientSeed = String(form.get('clientSeed') ?? '').trim()
    const rotated = await gameCall(args.context, 'game_rotate_seeds', token, clientSeed ? { clientSeed } : {})
    if (!rotated.ok) return refusal(args.context, rotated, { intent: 'rotate' as const })
    return { intent: 'rotate' as const, revealed: rotated.data.revealed }
  }
  const ui = GAME_UI[String(form.get('engine') ?? '')]
  // A chip put on the table, taken back or cleared without JavaScript: nothing is played yet.
  if (form.has('stage') && ui?.stage) return { intent: 'stage' as const, staged: ui.stage(form) }
  // The bets stay on the table after a spin (to spin again) and after a refusal (to change them).
  const staged = ui?.stage?.(form)
  // A spin of a table without chips: said here, before the game server is asked.
  if (intent === 'play' && staged?.placed.length === 0)
    return data({ intent: 'play' as const, error: 'no_chips_placed' as const, fields: {}, staged }, { status: 400 })
  const moveId = String(form.get('moveId') ?? '')
  const played =
    intent === 'act'
      ? await gameCall(args.context, 'game_act', token, {
          roundId: String(form.get('roundId') ?? ''),
          action: ui?.actionFromForm?.(form) ?? {},
          moveId,
        })
      : await gameCall(args.context, 'game_play', token, {
          bet: ui?.betFromForm(form, localeFromPath(new URL(args.request.url).pathname)) ?? {},
          moveId,
        })
  if (!played.ok) return refusal(args.context, played, { intent: 'play' as const, staged })
  return { intent: 'play' as const, round: played.data.round, staged }
}

export { shouldRevalidate } from '../answers.ts'

export default function GameFrame() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const fetcher = useFetcher<typeof action>()
  const refusalText = useRefusalText()
  const navigation = useNavigation()
  const result = fetcher.data ?? actionData
  const recentRounds = 'expired' in loaderData ? null : loaderData.recentRounds
  // The game view's panel lists the last rounds: it hears them from here each time a move loaded
  // them again.
  const siteUrl = 'expired' in loaderData ? null : loaderData.siteUrl
  useEffect(() => {
    if (recentRounds && siteUrl) tellRecentRounds(recentRounds, siteUrl)
  }, [recentRounds, siteUrl])
  const open = 'expired' in loaderData ? null : loaderData
  const busy = fetcher.state !== 'idle' || navigation.state === 'submitting'
  const last: RoundView | undefined = open ? (open.openRound ?? open.recentRounds[0]) : undefined
  const ui = open ? GAME_UI[open.engine] : undefined
  // A slot's reels spin from the click and come to rest on the server's screen: meanwhile the
  // result, the balance and the session line stay as they were (no outcome shown before the reels).
  const moves = open ? ui?.motion?.(open.config) : undefined
  const motion = useRoundMotion({
    busy,
    roundKey: last?.id,
    minMs: Math.max(open?.minRoundMs ?? 0, moves?.minMs ?? 0),
    steps: moves?.steps ?? 0,
    stepMs: moves?.stepMs,
  })
  const sound = useGameSound()
  useRoundSounds({ play: sound.play, motion, last, cards: ui?.playLabel === 'deal' })
  const hydrated = useHydrated()
  const board = useRef<HTMLElement>(null)
  const shownBalance = useHeld(open?.balance.amount ?? 0, motion.playing)
  const shownRounds = useHeld(open?.recentRounds, motion.playing)
  const shownSession = useHeld(open?.session, motion.playing) ?? { minutes: 0, net: 0 }
  if ('expired' in loaderData) return <SessionEnded lobby="/casino" siteUrl={loaderData.siteUrl} />
  if (result && 'expired' in result) return <SessionEnded lobby="/casino" siteUrl={result.siteUrl} />
  const game = loaderData
  const amount = sessionAmount(game.balance.mode, game.balance.currency, locale, t('games.frame.chips'))
  const error = result && 'error' in result ? result : null
  // Shown from the loader (the last retired pair), so it stays after a reload and without JavaScript.
  const revealed = game.lastRevealed
  const BetForm = fetcher.Form
  const chips = chipValues(game.minBet, game.maxBet)

  // A multi-step round waiting for the player's next move (after a reload too: the loader's openRound).
  const waiting = last && !last.finished && ui?.Moves ? last : null

  return (
    <div className={styles.frameBody}>
      <div className={styles.frameHead}>
        <h1 className={styles.gameTitle}>{game.name}</h1>
        <p aria-live="polite">
          {t('games.frame.balance')}: <span className={styles.balance}>{amount(shownBalance)}</span>
        </p>
        <SoundSwitch on={sound.on} toggle={sound.toggle} ready={hydrated} />
        <p className={styles.sessionLine}>
          {t('games.frame.session', {
            minutes: shownSession.minutes,
            net: `${shownSession.net > 0 ? '+' : ''}${amount(shownSession.net)}`,
          })}
        </p>
      </div>
      <section ref={board} aria-label={t('games.frame.lastRound')} aria-busy={motion.playing}>
        {ui && ui.playLabel === 'deal' ? (
          // The card games' table: a round's cards are dealt onto it anew (keyed by the round).
          <div className={styles.felt}>
            <ui.Board key={last?.id} config={game.config} view={last?.view} symbols={game.symbols} amount={amount} />
            {last ? <StakeChips stake={last.stake} amount={amount} /> : null}
          </div>
        ) : ui ? (
          <ui.Board
            config={game.config}
            view={last?.view}
            symbols={game.symbols}
            amount={amount}
            {...(ui.motion ? { motion } : {})}
            history={shownRounds?.map((r) => r.view)}
            celebrate={last ? roundOutcome(last) === 'won' : false}
          />
        ) : null}
        {/* The result is told once the round has come to rest (a screen reader hears it then): what
            the round showed (the board says it too, so it is heard, not shown twice), then the outcome. */}
        <div aria-live="polite" className={styles.resultLine}>
          {last?.finished && !motion.playing ? (
            <>
              {ui ? (
                <span className="visually-hidden" data-announcer>
                  <ui.Said config={game.config} view={last.view} symbols={game.symbols} />.{' '}
                </span>
              ) : null}
              <RoundResult round={last} amount={amount} />
            </>
          ) : null}
        </div>
      </section>

      {waiting && ui?.Moves ? (
        <BetForm method="post" className={styles.betForm} aria-label={t('games.frame.nextMove')}>
          <input type="hidden" name="engine" value={game.engine} />
          <input type="hidden" name="moveId" value={game.moveId} />
          <input type="hidden" name="roundId" value={waiting.id} />
          <input type="hidden" name="intent" value="act" />
          <ui.Moves config={game.config} view={waiting.view} amount={amount} busy={busy} />
        </BetForm>
      ) : ui ? (
        <BetForm
          method="post"
          className={styles.betForm}
          onSubmit={(event) => {
            // The board starts at the click; the move leaves in a task of its own just after (the
            // router's work to send it would otherwise lengthen the click's: a long task on a slow
            // phone). The form is read now, while its buttons are enabled.
            event.preventDefault()
            const form = event.currentTarget
            const move = new FormData(form, (event.nativeEvent as SubmitEvent).submitter)
            motion.start()
            if (ui.motion) {
              sound.play('spin')
              showBoard(board.current)
            }
            setTimeout(() => fetcher.submit(move, { method: 'post', action: form.getAttribute('action') ?? undefined }))
          }}
        >
          <input type="hidden" name="engine" value={game.engine} />
          <input type="hidden" name="moveId" value={game.moveId} />
          <ui.Controls
            config={game.config}
            chips={chips}
            amount={amount}
            maxBet={game.maxBet}
            staged={result && 'staged' in result ? result.staged : undefined}
          />
          <button
            type="submit"
            name="intent"
            value="play"
            className={styles.bigButton}
            disabled={busy || motion.playing}
          >
            {t(`games.frame.${ui.playLabel}`)}
          </button>
        </BetForm>
      ) : null}
      {error ? (
        <p role="alert" className={forms.bad}>
          {refusalText(error)}
        </p>
      ) : null}

      {/* Without JavaScript the game view's panel cannot hear the rounds played here: the frame
          lists them itself, as each move loads them again. */}
      <noscript>
        <section aria-labelledby="frame-recent">
          <h2 id="frame-recent" className={styles.liveHeading}>
            {t('games.view.recent')}
          </h2>
          <RoundList rounds={game.recentRounds} amount={amount} />
        </section>
      </noscript>

      {game.balance.mode === 'demo' && game.roundsPlayed >= DEMO_PROMPT_ROUNDS ? (
        <aside className={styles.prompt} aria-labelledby="play-for-real">
          <h2 id="play-for-real">{t('games.frame.promptHeading')}</h2>
          <p>{t('games.frame.promptText', { count: game.roundsPlayed })}</p>
          <a
            href={game.siteUrl + localePath(`/casino/${game.gameId}?mode=real`)}
            target="_top"
            className={styles.playButton}
          >
            {t('games.view.playForReal')}
          </a>{' '}
          <a href={game.siteUrl + localePath('/user-management/deposit')} target="_top">
            {t('games.frame.promptDeposit')}
          </a>
        </aside>
      ) : null}

      <details>
        <summary>{t('games.frame.fairness')}</summary>
        <SeedFacts seeds={game.seeds} />
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
              // The provider's check of a round, beside the game rather than instead of it.
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('games.frame.verify')}
            </a>
          </p>
        ) : null}
      </details>
    </div>
  )
}

/**
 * Brings the board back into the frame's view as its round starts, when the player has scrolled
 * down to the bet (a phone, under roulette's table): the motion is the round, and it plays there.
 * Only the frame's own page scrolls, not the site around it.
 */
function showBoard(board: HTMLElement | null) {
  const top = board?.getBoundingClientRect().top ?? 0
  if (top >= 0) return
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: window.scrollY + top, behavior: smooth ? 'smooth' : 'instant' })
}

/** A finished round's result: a win's colour only for a return above the stake (roundOutcome). */
function RoundResult({ round, amount }: { round: RoundView; amount: (cents: number) => string }) {
  const { t } = useTranslation()
  return (
    <p className={`${styles.outcome} ${roundOutcome(round) === 'won' ? styles.win : ''}`}>
      {outcomeText(t, round, amount)}
    </p>
  )
}
