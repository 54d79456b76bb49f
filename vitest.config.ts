import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'build/**', 'data/**', '.react-router/**'],
    // Each test file starts its own casino API and database; two cores, so two at a time.
    maxWorkers: 2,
    // Generous limits: every wait inside a test is on a condition, so these only stop a test that
    // hangs; a browser journey on a busy 2-core machine (other builds, CPU load) takes over a minute.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // expect.poll waits on a condition: a second (vitest's default) is too short for a page on a
    // loaded machine, so it waits up to 30 s (still checking every 50 ms).
    expect: { poll: { timeout: 30_000 } },
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
  },
})
