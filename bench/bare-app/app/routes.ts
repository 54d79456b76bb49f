import { type RouteConfig, route } from '@react-router/dev/routes'

export default [
  route('en?', 'routes/home.tsx'),
  // The logged-in floor: the bare page plus the session cookie and one call to the casino API.
  route('floor', 'routes/floor.tsx'),
] satisfies RouteConfig
