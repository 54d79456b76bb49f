import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import { localeFromPath, useLocale, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import { builtinProviderOrigin } from '#app/utils/provider-origin.server.ts'
import type { Route } from './+types/bet-round'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const language = localeFromPath(new URL(args.request.url).pathname)
  const round = await callUpstream(args, 'get_bet_details', { id: args.params.id.slice(0, 64), language })
  if (!round.ok) {
    notFoundUnless(round.status !== 404 && round.status !== 400)
    throw upstreamUnavailable()
  }
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('games.round.title')),
    round: round.data,
    // A live table's round shows its seed with its result, not when the player changes seeds.
    live: round.data.live,
    // The built-in provider's check of a round, on its origin ('' sends the link through the site's).
    checkOrigin: builtinProviderOrigin(args.context) ?? '',
  }
}

/** One round of the bet history with what verifies it, and a link that checks it in the browser. */
export default function BetRound({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { round, live, checkOrigin } = loaderData
  const cash = (cents: number) => formatMoney(cents, round.currency, locale)
  const { seeds, moves } = round
  const verify =
    seeds?.serverSeed && moves
      ? checkOrigin +
        localePath(
          `/provably-fair?${new URLSearchParams({
            game: round.gameId,
            serverSeed: seeds.serverSeed,
            clientSeed: seeds.clientSeed,
            nonce: String(seeds.nonce),
            bet: JSON.stringify(moves.bet),
            ...(moves.actions.length > 0 ? { moves: JSON.stringify(moves.actions) } : {}),
          })}`,
        )
      : null
  return (
    <>
      <h2 className={styles.panelHeading}>{t('games.round.heading', { game: round.gameName })}</h2>
      <dl className={money.details}>
        <dt>{t('games.round.placedAt')}</dt>
        <dd>{formatDateTime(new Date(round.placedAt))}</dd>
        <dt>{t('games.round.status')}</dt>
        <dd>{t(`games.round.statuses.${round.status}`)}</dd>
        <dt>{t('games.history.columns.bet')}</dt>
        <dd>{cash(round.bet)}</dd>
        <dt>{t('games.history.columns.win')}</dt>
        <dd>{cash(round.win)}</dd>
        {round.held ? (
          <>
            <dt>{t('games.round.held')}</dt>
            <dd>{t(`games.history.held.${round.held.status}`, { amount: cash(round.held.amount) })}</dd>
          </>
        ) : null}
        <dt>{t('games.history.columns.total')}</dt>
        <dd>{cash(round.total)}</dd>
        <dt>{t('games.history.columns.provider')}</dt>
        <dd>{round.provider}</dd>
        {seeds ? (
          <>
            <dt>{t('games.view.serverSeedHash')}</dt>
            <dd>
              <code>{seeds.serverSeedHash}</code>
            </dd>
            <dt>{t('games.round.serverSeed')}</dt>
            <dd>
              {seeds.serverSeed ? (
                <code>{seeds.serverSeed}</code>
              ) : (
                t(live ? 'games.round.hiddenLive' : 'games.round.hidden')
              )}
            </dd>
            <dt>{t('games.view.clientSeed')}</dt>
            <dd>
              <code>{seeds.clientSeed}</code>
            </dd>
            <dt>{t('games.fair.nonce')}</dt>
            <dd>{seeds.nonce}</dd>
          </>
        ) : (
          <>
            <dt>{t('games.round.providerRound')}</dt>
            <dd>
              <code>{round.roundId}</code>
            </dd>
          </>
        )}
      </dl>
      {seeds ? null : <p>{t('games.round.elsewhere', { provider: round.provider })}</p>}
      <p>
        {verify ? (
          <a href={verify} className={money.secondaryButton}>
            {t('games.round.verify')}
          </a>
        ) : null}{' '}
        <Link to={localePath('/user-management/bet-history')}>{t('games.round.back')}</Link>
      </p>
    </>
  )
}
