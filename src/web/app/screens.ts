/**
 * The lazily loaded parts of the app, one chunk each: the signed-in shell and every screen. The router
 * renders them through React.lazy; route-preload.ts starts the same imports earlier, at start-up.
 */
export const screens = {
  appLayout: () => import("./layouts/app-layout"),
  login: () => import("./routes/login-route"),
  home: () => import("./routes/home-route"),
  clients: () => import("./routes/clients-route"),
  settings: () => import("./routes/settings-route"),
  quotes: () => import("./routes/quotes-route"),
  quoteNew: () => import("./routes/quote-new-route"),
  comingSoon: () => import("./routes/coming-soon-route"),
  appPrefixRedirect: () => import("./routes/app-prefix-redirect"),
};
