import type { Config } from '@react-router/dev/config'

// The benchmark's baseline (scripts/bench-ssr.ts): a minimal server-rendered React Router page.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config
