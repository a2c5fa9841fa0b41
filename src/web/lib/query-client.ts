import { MutationCache, QueryClient, type QueryClient as QueryClientType, type QueryKey } from "@tanstack/react-query";
import { isApiError } from "./api-client";
import { toastFailure } from "./api-errors";

/**
 * What a mutation declares, once, in its hook (src/web/README.md, « Mutations »):
 * - `invalidates`: the queries it refreshes once it has succeeded (prefixes of query keys). The
 *   mutation resolves after they have been refetched, so a closing dialog shows fresh data.
 * - `errorTitle`: the default failure feedback, a toast with this title and the server's message
 *   (`toastFailure`). A mutation that shows its failure elsewhere (field errors in a form) leaves it out.
 */
export interface PropulseMutationMeta extends Record<string, unknown> {
  invalidates?: readonly QueryKey[];
  errorTitle?: string;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: PropulseMutationMeta;
  }
}

/** Refreshes what each mutation declares and toasts its failure: the default handlers of every mutation. */
export function createMutationCache(getClient: () => QueryClientType): MutationCache {
  return new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) => {
      const keys = mutation.meta?.invalidates ?? [];
      return Promise.all(keys.map((queryKey) => getClient().invalidateQueries({ queryKey })));
    },
    onError: (error, _variables, _context, mutation) => {
      const title = mutation.meta?.errorTitle;
      if (title) toastFailure(title, error);
    },
  });
}

/**
 * The app's query cache: queries are fresh for 5 minutes and retried once, except for client errors
 * (4xx); `retry: false` (tests) shows a failure at once.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: createMutationCache(() => client),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: retry
          ? (failureCount, error) => {
              if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
              return failureCount < 1;
            }
          : false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
