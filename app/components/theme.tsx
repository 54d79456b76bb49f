import { createContext, useCallback, useContext, useState } from 'react'
import { PREFERENCE_MAX_AGE_SECONDS, THEME_COOKIE } from '#app/utils/cookie-names.ts'

export type Theme = 'dark' | 'light'

type ThemeState = { theme: Theme; setTheme: (theme: Theme) => void }

const ThemeContext = createContext<ThemeState>({ theme: 'dark', setTheme: () => {} })

/**
 * The theme comes from the `theme` cookie (root loader). With JavaScript the toggle switches at
 * once and writes the cookie itself; without, its GET form goes through the root loader.
 */
export function useThemeState(fromServer: Theme): ThemeState {
  // The visitor's choice holds until the server's value changes (it then agrees with the cookie).
  const [choice, setChoice] = useState<{ theme: Theme; over: Theme } | null>(null)
  const theme = choice && choice.over === fromServer ? choice.theme : fromServer
  const setTheme = useCallback(
    (next: Theme) => {
      const secure = window.location.protocol === 'https:' ? '; Secure' : ''
      document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${PREFERENCE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
      setChoice({ theme: next, over: fromServer })
    },
    [fromServer],
  )
  return { theme, setTheme }
}

export const ThemeProvider = ThemeContext.Provider

export function useTheme() {
  return useContext(ThemeContext)
}
