import { type RouteConfig, route } from '@react-router/dev/routes'

export default [route('en?', 'routes/home.tsx')] satisfies RouteConfig
