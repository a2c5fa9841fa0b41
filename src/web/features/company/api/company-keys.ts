/** Query keys of the company feature (identity and commercial settings). */
export const companyKeys = {
  all: ["company"] as const,
  info: () => [...companyKeys.all, "info"] as const,
  settings: () => [...companyKeys.all, "settings"] as const,
};

/** Spec 2 §9: company settings stay fresh for 15 minutes. */
export const COMPANY_STALE_TIME_MS = 15 * 60_000;
