import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
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
    // Only what the offline page needs: the site's own files (every route's scripts, the
    // administrator's included) are cached as the player uses them (app/sw.ts), not all fetched
    // over the player's data at the first visit (ADR 0023).
    globPatterns: ['offline.html', 'offline.css', 'offline.js', 'logo.svg', 'favicon.svg', 'manifest.webmanifest'],
    injectionPoint: 'self.__SW_MANIFEST',
    rollupFormat: 'iife',
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  }).map((plugin) => ({ ...plugin, applyToEnvironment: (env) => env.name === 'client' }))
}

/**
 * With `cssCodeSplit: false` the server build writes a stylesheet of its own (the same rules in
 * another order, so another hash) that React Router would move into build/client/assets beside
 * the one the pages link: nothing links it, so it is not written.
 */
function noServerStylesheet(): Plugin {
  return {
    name: 'casino:no-server-stylesheet',
    enforce: 'post',
    applyToEnvironment: (env) => env.name === 'ssr',
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (name.endsWith('.css')) delete bundle[name]
    },
  }
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of the browser's hashed files, written once at
 * build time beside them (`x.js.br`, `x.js.gz`): the web server sends the copy the browser takes
 * (server/middleware/static-files.ts) instead of compressing every request at the fast level, and the files come out
 * smaller than on-the-fly compression makes them.
 */
function precompressedAssets(): Plugin {
  const assetsDir = path.join(clientDir, 'assets')
  return {
    name: 'casino:precompressed-assets',
    applyToEnvironment: (env) => env.name === 'client',
    closeBundle() {
      for (const name of readdirSync(assetsDir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue
        const file = path.join(assetsDir, name)
        if (statSync(file).size < 1024) continue
        const content = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
        writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }))
      }
    },
  }
}

/**
 * The contract (casino-api/contract) only defines schemas and calls: its modules have no side
 * effects. Said to the bundler, a page that imports one schema through '#contract' gets the
 * modules that schema needs, not every domain's schemas: building zod schemas is work on the
 * phone's main thread before hydration (about 0.4 s of a 4× slowed CPU on the account pages when
 * the whole contract came along).
 */
function contractWithoutSideEffects(): Plugin {
  const contractDir = path.join(root, 'casino-api/contract') + path.sep
  return {
    name: 'casino:contract-without-side-effects',
    applyToEnvironment: (env) => env.name === 'client',
    transform(code, id) {
      if (!id.startsWith(contractDir)) return null
      return { code, map: null, moduleSideEffects: false }
    },
  }
}

export default defineConfig({
  // Unit tests (vitest) need neither the route build nor the worker.
  plugins: process.env.VITEST
    ? [vanillaExtractPlugin()]
    : [
        vanillaExtractPlugin(),
        contractWithoutSideEffects(),
        reactRouter(),
        serviceWorker(),
        noServerStylesheet(),
        precompressedAssets(),
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
