import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { serwist } from '@serwist/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig, type Plugin } from 'vite'
import { contractWithoutSideEffects, noServerStylesheet, precompressedAssets } from './ui/vite-plugins.ts'

const root = import.meta.dirname
const clientDir = path.join(root, 'build/client')

/**
 * @serwist/vite runs after the client and the server build under React Router and would write
 * the worker into the wrong folder: absolute paths, and its plugins only in the client build.
 */
function serviceWorker(): Plugin[] {
  return serwist({
    swSrc: path.join(root, 'app/sw.ts'),
    swDest: path.join(clientDir, 'sw.js'),
    globDirectory: clientDir,
    // Only what the offline page needs: the site's own files (every route's scripts, the
    // administrator's included) are cached as the player uses them (app/sw.ts), not all fetched
    // over the player's data at the first visit (ADR 0023).
    globPatterns: ['offline.html', 'offline.css', 'offline.js', 'logo.svg', 'favicon.svg', 'manifest.webmanifest'],
    injectionPoint: 'self.__SW_MANIFEST',
    rollupFormat: 'iife',
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  }).map((plugin) => ({ ...plugin, applyToEnvironment: (env) => env.name === 'client' }))
}

export default defineConfig({
  // Unit tests (vitest) need neither the route build nor the worker.
  plugins: process.env.VITEST
    ? [vanillaExtractPlugin()]
    : [
        vanillaExtractPlugin(),
        contractWithoutSideEffects(root),
        reactRouter(),
        serviceWorker(),
        noServerStylesheet(),
        precompressedAssets(clientDir),
      ],
  build: {
    assetsInlineLimit: 0,
    // One stylesheet for the whole site instead of one per chunk: every page waited on four or
    // five render-blocking requests (root, shared modules, the route's), all of them small. The
    // cascade layers (ADR 0014) make the order of rules inside the file irrelevant, and the whole
    // site's CSS is a few kilobytes compressed, cached immutably after the first page.
    cssCodeSplit: false,
  },
  server: { hmr: true },
})
