import { reactRouter } from '@react-router/dev/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vite'

// The game client's build (`react-router build provider/frame`): its files go to
// build/provider-frame, its browser files under /assets/ of the provider's origin.
export default defineConfig({
  build: { cssCodeSplit: false },
  plugins: [vanillaExtractPlugin(), reactRouter()],
})
