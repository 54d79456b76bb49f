// The Vite plugins both client builds share (build tooling, not a runtime piece of ui/): the site's (vite.config.ts) and the built-in
// provider's game client's (provider/frame/vite.config.ts).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Brotli (quality 11) and gzip (level 9) copies of the browser's hashed files, written once at
 * build time beside them (`x.js.br`, `x.js.gz`): the server sends the copy the browser takes
 * (the site's server/middleware/static-files.ts, the provider's server/frame.ts) instead of
 * compressing every request at the fast level, and the files come out smaller than on-the-fly
 * compression makes them.
 */
export function precompressedAssets(clientDir: string): Plugin {
  const assetsDir = path.join(clientDir, 'assets')
  return {
    name: 'casino:precompressed-assets',
    applyToEnvironment: (env) => env.name === 'client',
    closeBundle() {
      // A build that failed wrote no assets: its own error is the one to show.
      if (!existsSync(assetsDir)) return
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
export function contractWithoutSideEffects(root: string): Plugin {
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

/**
 * With `cssCodeSplit: false` the server build writes a stylesheet of its own (the same rules in
 * another order, so another hash) that React Router would move into the client's assets beside
 * the one the pages link: nothing links it, so it is not written.
 */
export function noServerStylesheet(): Plugin {
  return {
    name: 'casino:no-server-stylesheet',
    enforce: 'post',
    applyToEnvironment: (env) => env.name === 'ssr',
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (name.endsWith('.css')) delete bundle[name]
    },
  }
}
