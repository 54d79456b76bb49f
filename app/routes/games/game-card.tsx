import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Game } from '#contract'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'

/** Thumbnails are drawn at 4:3; the browser reserves the space before they arrive. */
export const THUMB_WIDTH = 240
export const THUMB_HEIGHT = 180

/**
 * A game in a list: its thumbnail (lazy below the fold), name, provider and category, and real
 * links to play it for real or for fun; a logged-in player's favourite toggle is a form button.
 */
export function GameCard({
  game,
  favouriteAction,
  eager = false,
}: {
  game: Game
  favouriteAction?: string
  eager?: boolean
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const href = localePath(`${game.live ? '/live-casino' : '/casino'}/${game.id}`)
  return (
    <article className={styles.card}>
      <Link to={href} className={styles.thumbLink} tabIndex={-1} aria-hidden="true">
        <img
          src={game.thumbnailUrl}
          alt=""
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={styles.thumb}
        />
      </Link>
      <div className={styles.cardBody}>
        <h3 className={styles.cardName}>{game.name}</h3>
        <p className={styles.cardMeta}>
          {game.provider.name} · {t(`games.categories.${game.category}`)}
        </p>
        <p className={styles.cardMeta}>
          {game.tags.map((tag) => (
            <span key={tag} className={styles.tag}>
              {t(`games.card.tags.${tag}`)}
            </span>
          ))}
          {game.rtp === null
            ? null
            : t('games.card.rtp', { rtp: formatNumber(game.rtp, locale, { minimumFractionDigits: 2 }) })}
        </p>
      </div>
      <div className={styles.cardActions}>
        <Link to={href} className={styles.playButton} aria-label={t('games.card.play', { name: game.name })}>
          {t('games.card.playShort')}
        </Link>
        {game.hasDemo ? (
          <Link
            to={`${href}?mode=demo`}
            className={styles.demoButton}
            aria-label={t('games.card.demo', { name: game.name })}
          >
            {t('games.card.demoShort')}
          </Link>
        ) : null}
        {favouriteAction ? (
          <Form method="post" action={favouriteAction} preventScrollReset>
            <input type="hidden" name="gameId" value={game.id} />
            <input type="hidden" name="favourite" value={game.favourite ? 'false' : 'true'} />
            <button
              type="submit"
              name="intent"
              value="favourite"
              className={styles.favButton}
              aria-pressed={game.favourite}
              aria-label={t(game.favourite ? 'games.card.unfavourite' : 'games.card.favourite', { name: game.name })}
            >
              {game.favourite ? '★' : '☆'}
            </button>
          </Form>
        ) : null}
      </div>
    </article>
  )
}
