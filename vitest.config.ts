import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'build/**', 'data/**', '.react-router/**'],
    // Each test file starts its own casino API and database; two cores, so two at a time.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
  },
})
