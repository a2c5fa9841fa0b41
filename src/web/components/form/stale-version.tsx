import { ERROR_CODES, MESSAGES } from "@shared/errors";
import { type FetchQueryOptions, type InferDataFromTag, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { isApiError } from "@web/lib/api-client";
import { RefreshCw } from "lucide-react";
import { useCallback, useState } from "react";

/**
 * Saves made on the version a form was loaded with (ADR 0024, docs/domain/api.md#versions): every edit
 * form of a stored resource sends that version (`If-Match`), and when someone else saved in between the
 * server answers 409 `STALE_VERSION`. The form then keeps what the user typed, shows `StaleVersionNotice`
 * and lets them reload the stored version when they choose.
 */

/** The save was refused because someone else saved the resource since it was loaded. */
function isStaleVersion(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === ERROR_CODES.STALE_VERSION;
}

export interface VersionedForm {
  /** The version the form's values come from: send it with the save (`version` of the api client). */
  version: string | null;
  /** A save was refused as stale: show `StaleVersionNotice`. */
  stale: boolean;
  /** After a save or a reload: the form's values now come from `resource`. */
  loaded: (resource: { updated_at: string } | null | undefined) => void;
  /** In the save's `catch`: true (and the notice shown) when the error is a stale version. */
  refused: (error: unknown) => boolean;
  /**
   * « Recharger » (`StaleVersionNotice`'s `onReload`): the stored resource fetched again (never from the
   * cache), put in the form by `reloading.apply`, and its version taken. Nothing without `reloading`
   * (a form that creates).
   */
  reload: () => Promise<void>;
}

/** How a form reloads its stored resource: the detail's query, and how the form takes it. */
export interface Reloading<Q extends { queryKey: QueryKey }> {
  query: () => Q;
  apply: (fresh: DataOf<Q>) => void;
}

/** What a query's options fetch (the detail a form edits): the data type `queryOptions()` tags its key with. */
type DataOf<Q extends { queryKey: QueryKey }> = InferDataFromTag<never, Q["queryKey"]>;

/** The version of the resource a form edits, from the one it was opened with; `reloading`: « Recharger ». */
export function useVersionedForm<Q extends { queryKey: QueryKey }>(
  initial: { updated_at: string } | null | undefined,
  reloading?: Reloading<Q> | null | false,
): VersionedForm {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState<string | null>(initial?.updated_at ?? null);
  const [stale, setStale] = useState(false);
  const loaded = useCallback((resource: { updated_at: string } | null | undefined) => {
    setVersion(resource?.updated_at ?? null);
    setStale(false);
  }, []);
  const refused = useCallback((error: unknown) => {
    const isStale = isStaleVersion(error);
    if (isStale) setStale(true);
    return isStale;
  }, []);
  const reload = async () => {
    if (!reloading) return;
    const options = reloading.query() as FetchQueryOptions & Q;
    const fresh = (await queryClient.fetchQuery({ ...options, staleTime: 0 })) as DataOf<Q> & { updated_at: string };
    reloading.apply(fresh);
    loaded(fresh);
  };
  return { version, stale, loaded, refused, reload };
}

/** What « Recharger » does, said before the user chooses. */
const STALE_VERSION_RELOAD_HINT =
  "Recharger remplace ce que vous avez saisi ici par la version enregistrée\u00a0; copiez d’abord ce que vous voulez garder.";

/**
 * The notice of a refused save: the server's sentence, what reloading does, and « Recharger » (which
 * fetches the stored version and puts it in the form). What the user typed stays until they choose.
 */
export function StaleVersionNotice({ onReload }: { onReload: () => Promise<unknown> }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Alert variant="warning" role="alert" className="flex-col gap-2 sm:flex-row sm:items-center">
      <AlertDescription className="flex-1">
        <p>{MESSAGES.staleVersion}</p>
        <p className="text-[0.8125rem]">{STALE_VERSION_RELOAD_HINT}</p>
      </AlertDescription>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={reloading}
        onClick={async () => {
          setReloading(true);
          try {
            await onReload();
          } finally {
            setReloading(false);
          }
        }}
      >
        <RefreshCw aria-hidden="true" />
        Recharger
      </Button>
    </Alert>
  );
}
