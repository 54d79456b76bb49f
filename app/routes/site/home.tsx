import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ContentLink } from '#app/components/content-link.tsx'
import { LogoMark } from '#app/components/logo.tsx'
import { LoginLink } from '#app/components/nav-items.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { useRootData } from '#app/components/use-root-data.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { button, container } from '#ui/ui.css.ts'
import { getSlides } from '#app/upstream/content.server.ts'
import { getHomeRows } from '#app/upstream/games.server.ts'
import { localeFromPath, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/home'
import * as styles from './home.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

export async function loader(args: Route.LoaderArgs) {
  const language = localeFromPath(new URL(args.request.url).pathname)
  // Without the casino API (refused, unreachable, timed out) the page still stands, without its rows.
  const [rows, slides] = await Promise.all([getHomeRows(args, language), getSlides(args, language)])
  return { meta: pageMeta(args.context, getInstance(args.context).t('home.title')), rows, slides }
}

const icon = (path: ReactNode) => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
)

const BLOCKS = [
  {
    key: 'deposit',
    path: '/faq/payments',
    icon: icon(
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
        <path d="M2.5 10h19M6 15h4" />
      </>,
    ),
  },
  {
    key: 'fair',
    path: '/provably-fair',
    icon: icon(
      <>
        <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
        <path d="M8.5 12l2.5 2.5 4.5-5" />
      </>,
    ),
  },
  {
    key: 'safe',
    path: '/responsible',
    icon: icon(
      <>
        <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
      </>,
    ),
  },
  {
    key: 'support',
    path: '/contact-us',
    icon: icon(
      <>
        <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
        <rect x="3" y="13" width="4" height="6" rx="1.5" />
        <rect x="17" y="13" width="4" height="6" rx="1.5" />
        <path d="M19 19c0 1.5-2 2.5-5 2.5" />
      </>,
    ),
  },
] as const

/**
 * The home carousel: the casino API's slides in a row that scrolls and snaps (touch, trackpad,
 * keyboard), server-rendered and without JavaScript of its own. The images load lazily: an eager
 * one would put an image preload ahead of the page's content (ADR 0023).
 */
function Slides({ slides }: { slides: Route.ComponentProps['loaderData']['slides'] }) {
  const { t } = useTranslation()
  if (slides.length === 0) return null
  return (
    <section className={container} aria-roledescription="carousel" aria-label={t('content.slides.label')}>
      <ul className={styles.slides}>
        {slides.map((slide, i) => {
          const inner = (
            <>
              <img src={slide.imageUrl} alt="" className={styles.slideImage} width={1200} height={400} loading="lazy" />
              <span className={styles.slideText}>
                <strong className={styles.slideTitle}>{slide.title}</strong>
                {slide.summary ? <span>{slide.summary}</span> : null}
              </span>
            </>
          )
          return (
            <li
              key={slide.slug}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('content.slides.slide', { n: i + 1, count: slides.length })}
            >
              <ContentLink
                href={slide.linkUrl}
                className={styles.slideLink}
                orElse={<div className={styles.slideLink}>{inner}</div>}
              >
                {inner}
              </ContentLink>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const player = useRootData()?.player ?? null

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-heading">
        <div className={`${container} ${styles.heroInner}`}>
          <div>
            <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
            <h1 id="home-heading" className={styles.heading}>
              {t('home.hero.heading')}
            </h1>
            <p className={styles.lead}>{t('home.hero.text')}</p>
            {player ? (
              <div className={styles.actions}>
                <p className={styles.welcome}>{t('home.hero.greeting', { username: player.username })}</p>
                <SmartLink to={localePath('/user-management')} className={button.primary}>
                  {t('home.hero.account')}
                </SmartLink>
              </div>
            ) : (
              <div className={styles.actions}>
                <SmartLink to={localePath('/register')} className={button.primary}>
                  {t('home.hero.register')}
                </SmartLink>
                <LoginLink className={button.secondary}>{t('home.hero.login')}</LoginLink>
              </div>
            )}
          </div>
          <div className={styles.art} aria-hidden="true">
            <LogoMark size={220} />
          </div>
        </div>
      </section>

      <Slides slides={loaderData.slides} />

      {/* Server-rendered rows of plain links: no client code of their own (thumbnails lazy, sized). */}
      {loaderData.rows.map((row) => (
        <section key={row.id} className={`${container} ${styles.section}`} aria-labelledby={`home-row-${row.id}`}>
          <h2 id={`home-row-${row.id}`} className={styles.sectionTitle}>
            {row.name}
          </h2>
          <ul className={styles.gameRow}>
            {row.games.map((game) => (
              <li key={game.id}>
                <a href={localePath(`/${game.live ? 'live-casino' : 'casino'}/${game.id}`)} className={styles.gameLink}>
                  <img src={game.thumbnailUrl} alt="" width={240} height={180} loading="lazy" decoding="async" />
                  {game.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <section className={`${container} ${styles.section}`} aria-labelledby="home-blocks">
        <h2 id="home-blocks" className={styles.sectionTitle}>
          {t('home.blocks.title')}
        </h2>
        <ul className={styles.blocks}>
          {BLOCKS.map((block) => (
            <li key={block.key} className={styles.block}>
              <span className={styles.blockIcon}>{block.icon}</span>
              <h3 className={styles.blockTitle}>{t(`home.blocks.${block.key}.title`)}</h3>
              <p className={styles.blockText}>{t(`home.blocks.${block.key}.text`)}</p>
              <SmartLink to={localePath(block.path)} className={styles.blockLink}>
                {t(`home.blocks.${block.key}.link`)}
              </SmartLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
