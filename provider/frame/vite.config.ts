import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vite'
import { contractWithoutSideEffects, noServerStylesheet, precompressedAssets } from '../../ui/vite-plugins.ts'

const root = path.resolve(import.meta.dirname, '../..')

// The game client's build (`react-router build provider/frame`): its files go to
// build/provider-frame, its browser files under /assets/ of the provider's origin, each with its
// brotli and gzip copies (provider/server/frame.ts sends the one the browser takes).
export default defineConfig({
  build: { assetsInlineLimit: 0, cssCodeSplit: false },
  plugins: [
    vanillaExtractPlugin(),
    contractWithoutSideEffects(root),
    reactRouter(),
    noServerStylesheet(),
    precompressedAssets(path.join(root, 'build/provider-frame/client')),
  ],
})
