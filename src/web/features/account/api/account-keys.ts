/** Query keys of « Mon compte » and of the public one-time links. */
export const accountKeys = {
  all: ["account"] as const,
  me: () => [...accountKeys.all, "me"] as const,
  link: (kind: AccountLinkKind, token: string) => [...accountKeys.all, "link", kind, token] as const,
};

/** What each account mutation refreshes (src/web/README.md, « Mutations »). */
export const accountRefreshes = {
  save: [accountKeys.me()],
} as const;

/** The two one-time links: their API path segment (`/api/account-links/<kind>/:token`). */
export type AccountLinkKind = "invitation" | "password-reset";
