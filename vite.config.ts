import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { serwist } from '@serwist/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig, type Plugin } from 'vite'

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
    globPatterns: [
      'assets/**/*.{js,css,svg,png,webp,woff2}',
      'offline.html',
      'offline.css',
      'offline.js',
      'logo.svg',
      'favicon.svg',
      'manifest.webmanifest',
    ],
    injectionPoint: 'self.__SW_MANIFEST',
    rollupFormat: 'iife',
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  }).map((plugin) => ({ ...plugin, applyToEnvironment: (env) => env.name === 'client' }))
}

export default defineConfig({
  // Unit tests (vitest) need neither the route build nor the worker.
  plugins: process.env.VITEST ? [vanillaExtractPlugin()] : [vanillaExtractPlugin(), reactRouter(), serviceWorker()],
  build: { assetsInlineLimit: 0 },
  server: { hmr: true },
})
