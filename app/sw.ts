import { NetworkOnly, Serwist, type PrecacheEntry } from 'serwist'

/**
 * The service worker at /sw.js (scope /), built by @serwist/vite from this file.
 *
 * - Precaches the built, hashed assets (JS, CSS, icons, flags) and the offline page.
 * - Pages are never cached: they carry the player's data (balance, name), so navigations go to
 *   the network only, and the bilingual offline page answers when the network is gone.
 * - Requests other than GET (form posts, logout) are never handled here.
 * - Single-fetch data requests (*.data) and everything else not precached go to the network.
 */
declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined }

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
