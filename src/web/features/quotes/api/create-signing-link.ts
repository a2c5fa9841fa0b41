import type { SigningLink } from "@shared/signing";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * POST /api/quotes/:id/signing-link (quotes:edit): a link for signing on site, on this phone (the
 * quote's previous link stops working; docs/domain/signing.md#links).
 */
export function createSigningLink(id: string): Promise<SigningLink> {
  return api.post<SigningLink>(`/quotes/${encodeURIComponent(id)}/signing-link`);
}

export function useCreateSigningLink() {
  return useMutation({ mutationFn: createSigningLink, meta: { errorTitle: `${SIGNING_TEXTS.signOnSite} impossible` } });
}
