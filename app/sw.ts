import { CacheFirst, ExpirationPlugin, NetworkOnly, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist'

/**
 * The service worker at /sw.js (scope /), built by @serwist/vite from this file.
 *
 * - Precaches the offline page and its files (a few kilobytes): installing the worker at a
 *   player's first visit does not download the whole site beside the page being loaded.
 * - The built assets (/assets/*: scripts, flags, fonts; every name there carries a hash of the
 *   content) are kept as the player fetches them, and served from that cache afterwards: a
 *   cached copy is never stale. The least recently used go once it holds ASSET_ENTRIES of them.
 * - Pages are never cached: they carry the player's data (balance, name), so navigations go to
 *   the network only, and the bilingual offline page answers when the network is gone.
 * - Requests other than GET (form posts, logout) are never handled here.
 * - Single-fetch data requests (*.data) and everything else not precached go to the network.
 */
declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined }

/** Hashed assets kept: a few deployments' worth of the chunks a player uses. */
const ASSET_ENTRIES = 300

/**
 * Only the file itself is kept: a 200 answered with a page instead (a proxy's or CDN's error
 * page) would otherwise stand in for the script for good. Other statuses are never kept.
 */
const onlyTheFile: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !response.headers.get('content-type')?.startsWith('text/html') ? response : null,
}

const serwist = new Serwist({
  // oxlint-disable-next-line no-underscore-dangle -- the name @serwist/vite injects the manifest into
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request }) => request.mode === 'navigate',
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: new CacheFirst({
        cacheName: 'assets',
        plugins: [
          onlyTheFile,
          new ExpirationPlugin({ maxEntries: ASSET_ENTRIES, maxAgeFrom: 'last-used', purgeOnQuotaError: true }),
        ],
      }),
    },
  ],
  fallbacks: {
    entries: [
      {
        url: '/offline.html',
        matcher: ({ request }) => request.mode === 'navigate' || request.destination === 'document',
      },
    ],
  },
})

serwist.addEventListeners()
