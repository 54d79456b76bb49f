import { colourOf, RouletteWheel } from '../boards/roulette-wheel.tsx'
import * as wheelCss from '../boards/roulette-wheel.css.ts'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from 'react-router'
import type { LiveRoundView, LiveSocketEvent } from '#contract'
import * as forms from '#ui/form-fields.css.ts'
import { useRefusalText } from '#ui/use-catalogue.ts'
import { useHydrated } from '#ui/use-hydrated.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { readGame, refusal } from '../answers.ts'
import { gameCall } from '../context.ts'
import * as styles from '#ui/games.css.ts'
import { SessionEnded } from '../session-ended.tsx'
import { countdownClock, outdated, phaseEnd, secondsLeft } from '../countdown.ts'
import { chipValues, sessionAmount } from '../boards/index.ts'
import { SeedFacts } from '#ui/seed-facts.tsx'
import { outcomeText, roundOutcome } from '#ui/round-outcome.ts'
import { useGameSound } from '#ui/game-sound.ts'
import { SoundSwitch } from '../sound-switch.tsx'
import { useTableSocket } from '../table-socket.ts'
import {
  Pocket,
  pocketLabel,
  RouletteControls,
  rouletteBetFromForm,
  rouletteStageFromForm,
} from '../boards/roulette.tsx'

export { shouldRevalidate } from '../answers.ts'

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [
  { title: loaderData && 'name' in loaderData ? loaderData.name : '' },
  // A game client is a launch's page, nothing to find in a search.
  { name: 'robots', content: 'noindex' },
]

/**
 * A live table's client: the document inside the game view's iframe for a live game (ADR 0031).
 * The page shows the round as it stands when it is loaded (its phase, the time left to bet, the
 * last results, the player's bets), so it works without JavaScript: a bet is a posted form. With
 * JavaScript, the page (a visitor's too) watches the table on the game provider's live socket
 * with its game session (table-socket.ts) and shows each round's result the moment the provider
 * announces it; it also reloads its data when a phase is due to end.
 */
export async function loader(args: LoaderFunctionArgs) {
  const table = await readGame(args, 'get_live_table')
  // The page watches the table on the provider's socket with its game session (in its URL already).
  return 'moveId' in table ? { ...table, session: args.params.token } : table
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData()
  // A chip put on the table, taken back or cleared without JavaScript: nothing is bet yet.
  if (form.has('stage')) return { staged: rouletteStageFromForm(form) }
  const staged = rouletteStageFromForm(form)
  if (staged.placed.length === 0)
    return data({ error: 'no_chips_placed' as const, fields: {}, staged }, { status: 400 })
  const placed = await gameCall(args.context, 'live_bet', args.params.token, {
    roundId: String(form.get('roundId') ?? ''),
    bet: rouletteBetFromForm(form),
    moveId: String(form.get('moveId') ?? ''),
  })
  // The chips stay on the table, to change them or to bet again.
  if (!placed.ok) return refusal(args.context, placed, { staged })
  return { bet: placed.data.bet }
}

/**
 * Seconds left in the shown round's phase, by the casino API's clock (countdown.ts): each reading
 * of the table (the page's data, loaded again) is followed once, and one older than what the page
 * already heard leaves the count as it was. Rendered on the server, and until the page has
 * followed the reading (after hydration), from the reading's own server time.
 */
function useSecondsLeft(round: LiveRoundView | null, serverNow: string) {
  const [clock] = useState(countdownClock)
  const { countdown, now } = useSyncExternalStore(clock.subscribe, clock.get, clock.get)
  useEffect(() => {
    if (round) clock.hear({ round, serverNow, heardAt: Date.now() })
  }, [clock, round, serverNow])
  if (!round) return { left: 0, countdown }
  const fresh = Math.max(0, Math.ceil((phaseEnd(round) - Date.parse(serverNow)) / 1000))
  if (!countdown) return { left: fresh, countdown }
  if (countdown.roundId === round.id && countdown.phase === round.phase)
    return { left: secondsLeft(countdown, now), countdown }
  // Data of a round or phase the page has seen end has no time left; a later one is followed next.
  return { left: outdated(countdown, round) ? 0 : fresh, countdown }
}

export default function LiveFrame() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const fetcher = useFetcher<typeof action>()
  const navigation = useNavigation()
  const refusalText = useRefusalText()
  const revalidator = useRevalidator()
  const result = fetcher.data ?? actionData
  const table = 'expired' in loaderData || (result && 'expired' in result) ? null : loaderData
  const round = table?.round ?? null
  // A result announced on the socket, shown at once (before the page's data is read again).
  const [announced, setAnnounced] = useState<{ roundId: string; pocket: number } | null>(null)

  const refresh = useCallback(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate()
  }, [revalidator])
  useTableSocket(
    table?.socket ?? null,
    table?.session ?? '',
    useCallback(
      (event: LiveSocketEvent) => {
        if (event.type === 'live_round_result' && typeof event.outcome?.value === 'number')
          setAnnounced({ roundId: event.roundId, pocket: event.outcome.value })
        // Each phase's change and the player's payout: the table is read again.
        if (event.type !== 'subscribed' && event.type !== 'pong') refresh()
      },
      [refresh],
    ),
  )

  const { left, countdown } = useSecondsLeft(round, table?.now ?? new Date(0).toISOString())
  const hydrated = useHydrated()
  // The page reads the table again when the phase is due to end (socket or not), and again after
  // each reading until the phase has changed.
  useEffect(() => {
    if (!hydrated || !table) return
    const wait = (countdown ? Math.max(countdown.deadline - (Date.now() + countdown.offset), 0) : 0) + 400
    const timer = setTimeout(refresh, wait)
    return () => clearTimeout(timer)
  }, [hydrated, countdown, table, refresh])

  const shownPocket =
    round?.phase === 'result' ? round.result : announced && announced.roundId === round?.id ? announced.pocket : null
  // Between rounds the wheel rests on the last result; it turns once bets are closed, and lands on
  // the result as it is told (without JavaScript, the page shows it at rest).
  const wheelPhase =
    !hydrated || !round || (shownPocket === null && round.phase === 'betting')
      ? 'rest'
      : shownPocket === null
        ? 'spinning'
        : 'landing'
  const sound = useLiveSounds(wheelPhase, table?.bets ?? [])
  const betsOpen = round?.phase === 'betting' && shownPocket === null

  if (!table) {
    const ended = 'expired' in loaderData ? loaderData : result && 'expired' in result ? result : null
    return <SessionEnded lobby="/live-casino" siteUrl={ended?.siteUrl ?? ''} />
  }

  const amount = sessionAmount(table.balance.mode, table.balance.currency, locale, t('games.frame.chips'))
  const error = result && 'error' in result ? result : null
  const placedBet = result && 'bet' in result ? result.bet : undefined
  const busy = fetcher.state !== 'idle' || navigation.state === 'submitting'
  const BetForm = fetcher.Form
  const seqOf = new Map([...(round ? [round] : []), ...table.history].map((r) => [r.id, r.seq]))
  // The provider's check of a round, opened beside the table rather than instead of it.
  const verifyHref = (r: LiveRoundView) =>
    localePath(`/provably-fair?game=${table.tableId}&serverSeed=${r.serverSeed}&clientSeed=${r.id}&nonce=0`)

  return (
    <div className={styles.frameBody}>
      <div className={styles.frameHead}>
        <h1 className={styles.gameTitle}>{table.name}</h1>
        <p aria-live="polite">
          {t('games.frame.balance')}: <span className={styles.balance}>{amount(table.balance.amount)}</span>
        </p>
        <SoundSwitch on={sound.on} toggle={sound.toggle} ready={hydrated} />
      </div>

      <section aria-label={t('games.live.round')} className={styles.liveStage}>
        {round ? (
          <>
            <p className={styles.small}>{t('games.live.roundNumber', { seq: round.seq })}</p>
            <p
              aria-live="polite"
              data-phase={shownPocket === null ? round.phase : 'result'}
              className={`${styles.outcome} ${styles.livePhase}`}
            >
              {shownPocket !== null
                ? t('games.live.phases.result')
                : round.phase === 'betting'
                  ? t('games.live.phases.betting', { count: left })
                  : t('games.live.phases.closed')}
            </p>
            <RouletteWheel
              wheel="european"
              // Between rounds the wheel rests on the last result; it turns once bets are closed,
              // and lands on the result as it is told (without JavaScript, the page shows it at rest).
              pocket={shownPocket ?? table.history[0]?.result ?? undefined}
              phase={wheelPhase}
            />
            {/* Told to screen readers as the result comes (the phase's line above only says "Result").
                Its place and the next round's line are kept while bets are taken and the wheel
                turns, so that what follows the wheel does not move when they come. */}
            <div data-testid="live-result" data-round={round.id} aria-live="polite" className={styles.liveResult}>
              <Pocket pocket={shownPocket ?? undefined} />
            </div>
            <p className={`${styles.small} ${shownPocket === null ? styles.concealed : ''}`}>
              {t('games.live.next', { count: left })}
            </p>
          </>
        ) : (
          <p>{t('games.live.opening')}</p>
        )}
      </section>

      {/* The table stays in its place from round to round (nothing under it moves as bets close):
          while they are closed it cannot be used, and a line says when it can again. */}
      {round ? (
        <BetForm method="post" className={styles.betForm} aria-label={t('games.live.betForm')}>
          <fieldset className={styles.formPart} disabled={!betsOpen}>
            <input type="hidden" name="roundId" value={round.id} />
            <input type="hidden" name="moveId" value={table.moveId} />
            {/* A new table once the bets are down (they show under "your bets"). */}
            <RouletteControls
              key={placedBet?.id ?? 'table'}
              config={undefined}
              chips={chipValues(table.minBet, table.maxBet)}
              amount={amount}
              maxBet={table.maxBet}
              staged={result && 'staged' in result ? result.staged : undefined}
            />
            <button type="submit" className={styles.bigButton} disabled={busy}>
              {t('games.live.placeBet')}
            </button>
          </fieldset>
          <p className={`${styles.small} ${betsOpen ? styles.concealed : ''}`}>{t('games.live.waitNext')}</p>
        </BetForm>
      ) : null}
      {error ? (
        <p role="alert" className={forms.bad}>
          {refusalText(error)}
        </p>
      ) : placedBet ? (
        <output>{t('games.live.betPlaced', { amount: amount(placedBet.stake) })}</output>
      ) : null}

      <section aria-labelledby="live-bets">
        <h2 id="live-bets" className={styles.liveHeading}>
          {t('games.live.yourBets')}
        </h2>
        {table.bets.length === 0 ? (
          <p className={styles.small}>{t('games.live.noBets')}</p>
        ) : (
          <ul className={styles.wins}>
            {table.bets.map((bet) => (
              <li key={bet.id}>
                {t('games.live.betLine', {
                  seq: seqOf.get(bet.roundId) ?? '',
                  stake: amount(bet.stake),
                  outcome:
                    bet.status === 'cancelled'
                      ? t('games.live.cancelled')
                      : bet.win === null
                        ? t('games.live.pending')
                        : outcomeText(t, bet, amount),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="live-history">
        <h2 id="live-history" className={styles.liveHeading}>
          {t('games.live.history')}
        </h2>
        {table.history.length === 0 ? (
          <p className={styles.small}>{t('games.live.noHistory')}</p>
        ) : (
          <ol className={styles.liveHistory}>
            {table.history.map((r) => (
              <li key={r.id}>
                <a
                  href={verifyHref(r)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('games.live.verifyRound', { seq: r.seq, pocket: pocketLabel(r.result!) })}
                  className={wheelCss.stripColour[colourOf(r.result!)]}
                >
                  {pocketLabel(r.result!)}
                </a>
              </li>
            ))}
          </ol>
        )}
      </section>

      <details>
        <summary>{t('games.frame.fairness')}</summary>
        <p className={styles.small}>{t('games.live.fairness')}</p>
        {round ? (
          // A live round's client seed is its id, and it is drawn at nonce 0.
          <SeedFacts seeds={{ serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: 0 }} />
        ) : null}
      </details>
    </div>
  )
}

/**
 * The table's sounds, once the player has switched them on (ui/game-sound.ts): the wheel's spin as
 * bets close, a knock as the ball lands, and the chime for a bet paid more than its stake, once
 * each (nothing for what the page loaded with; RTS 14: a smaller return is not celebrated).
 */
function useLiveSounds(
  wheel: 'rest' | 'spinning' | 'landing',
  bets: { id: string; stake: number; win: number | null }[],
) {
  const sound = useGameSound()
  const { play } = sound
  const phase = useRef(wheel)
  useEffect(() => {
    if (phase.current === wheel) return
    phase.current = wheel
    if (wheel === 'spinning') play('spin')
    if (wheel === 'landing') play('stop')
  }, [wheel, play])
  const won = bets.filter((bet) => bet.win !== null && roundOutcome({ stake: bet.stake, win: bet.win }) === 'won')
  const wonIds = won.map((bet) => bet.id).join()
  const heard = useRef(wonIds)
  useEffect(() => {
    if (wonIds === heard.current) return
    const before = new Set(heard.current.split(','))
    heard.current = wonIds
    if (wonIds.split(',').some((id) => id && !before.has(id))) play('win')
  }, [wonIds, play])
  return sound
}
