import type { SignBody, SigningView } from "@shared/signing";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** The public signing page's keys: one per token. */
export const signingKeys = {
  all: ["signing"] as const,
  view: (token: string) => [...signingKeys.all, token] as const,
};

/**
 * The quotes feature's keys and the bell's (their `quoteKeys.all`, `notificationKeys.all`): signed on site,
 * on the artisan's own phone, the app he goes back to shows the quote « Validé » and the notification.
 */
export const SIGNED_ON_THIS_DEVICE_REFRESHES = [["quotes"], ["notifications"]] as const;

const signingPath = (token: string) => `/signing/${encodeURIComponent(token)}`;

/**
 * GET /api/signing/:token (public): the link's state and, when it can be signed, the quote. Asked without
 * the stored session (the page carries none: the artisan's own phone may be signed in), once.
 */
export function signingQueryOptions(token: string) {
  return queryOptions({
    queryKey: signingKeys.view(token),
    queryFn: ({ signal }) => api.get<SigningView>(signingPath(token), undefined, { signal, auth: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/signing/:token: signs; answers the view in its « signed » state. */
export function signQuote(token: string, body: SignBody) {
  return api.post<SigningView>(signingPath(token), body, { auth: false });
}

/** The link's PDF, a plain URL (public: the token is the access), for « Télécharger le PDF ». */
export const signingPdfUrl = (token: string) => `/api${signingPath(token)}/pdf`;
