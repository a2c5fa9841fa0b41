import { CLIENT_TEXTS } from "@shared/client-rules";
import type { ClientRecord } from "@shared/clients";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastSuccess } from "@web/lib/api-errors";
import { useDeleteClient } from "../api/delete-client";

export interface DeleteClientDialogProps {
  /** The client to delete; the dialog is open while it is set. */
  client: ClientRecord | null;
  onClose: () => void;
  onDeleted?: (client: ClientRecord) => void;
}

/** Delete confirmation (docs/domain/clients.md#deleting): irreversible, also removes the client's accesses. */
export function DeleteClientDialog({ client, onClose, onDeleted }: DeleteClientDialogProps) {
  const mutation = useDeleteClient();

  // A failure is toasted by the mutation's default handler (its errorTitle); the dialog closes either way.
  const confirm = async () => {
    if (!client) return;
    await mutation.mutateAsync(client.id);
    toastSuccess(CLIENT_TEXTS.deleted);
    onDeleted?.(client);
  };

  return (
    <ConfirmDialog
      open={client !== null}
      onClose={onClose}
      destructive
      title={"Êtes-vous sûr de vouloir supprimer ce client\u202f?"}
      description={
        <>
          {"Cette action est irréversible\u00a0: le client "}
          <strong className="font-semibold text-foreground">{client?.name}</strong> sera définitivement supprimé, ainsi
          que ses accès.
        </>
      }
      confirmLabel="Supprimer"
      pendingLabel="Suppression…"
      onConfirm={confirm}
    />
  );
}
