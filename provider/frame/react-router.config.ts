import type { Config } from '@react-router/dev/config'

/**
 * The built-in provider's game client (ADR 0049, step 3): a React Router app of its own, served by
 * the provider from its own origin (provider/server/frame.ts), never by the casino's web app.
 */
export default {
  appDirectory: 'app',
  buildDirectory: '../../build/provider-frame',
  // Server rendering: every move is a form, so the games play without JavaScript.
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config
