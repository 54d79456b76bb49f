import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // Server rendering for every page: forms work without JavaScript and the token stays on the server.
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config
