/** The Live Casino's pages (/live-casino, /en/live-casino and their games): the lobby and game view over the live tables. */
export const isLiveLobby = (pathname: string) => /^(\/en)?\/live-casino(\/|$)/.test(pathname)
