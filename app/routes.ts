import { type RouteConfig, index, route } from '@react-router/dev/routes'

// Every page exists in Spanish (no prefix) and English (/en): the optional static segment
// `en?` gives both URLs to one route module; the locale is read from the path.
export default [
  route('en?', 'routes/home.tsx', { id: 'home' }),
  route('en?/login', 'routes/login.tsx'),
  route('en?/logout', 'routes/logout.tsx'),
  route('en?/register', 'routes/register.tsx'),
  route('en?/forgot-password', 'routes/forgot-password.tsx'),
  route('en?/reset-password/:token', 'routes/reset-password.tsx'),
  route('en?/activate/:token', 'routes/activate.tsx'),
  route('en?/confirm-email/:token', 'routes/confirm-email.tsx'),
  route('en?/activation/resend', 'routes/resend-activation.tsx'),
  route('en?/restriction', 'routes/restriction.tsx'),
  route('en?/user-management', 'routes/user-management.tsx', [
    index('routes/user-management.index.tsx'),
    route('profile', 'routes/user-management.profile.tsx'),
    route('change-password', 'routes/user-management.change-password.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
