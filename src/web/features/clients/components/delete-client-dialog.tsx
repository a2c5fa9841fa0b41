import { CLIENT_TEXTS, type Client } from "@shared/clients";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toast } from "sonner";
import { useDeleteClient } from "../api/delete-client";
import { errorDescription } from "../lib/error-message";

export interface DeleteClientDialogProps {
  /** The client to delete; the dialog is open while it is set. */
  client: Client | null;
  onClose: () => void;
  onDeleted?: (client: Client) => void;
}

/** Delete confirmation (docs/domain/clients.md#deleting): irreversible, also removes the client's accesses. */
export function DeleteClientDialog({ client, onClose, onDeleted }: DeleteClientDialogProps) {
  const mutation = useDeleteClient();

  const confirm = async () => {
    if (!client) return;
    try {
      await mutation.mutateAsync(client.id);
      toast.success(CLIENT_TEXTS.deleted);
      onDeleted?.(client);
    } catch (error) {
      toast.error(CLIENT_TEXTS.deleteFailed, { description: errorDescription(error) });
    }
  };

  return (
    <ConfirmDialog
      open={client !== null}
      onClose={onClose}
      destructive
      title="Êtes-vous sûr de vouloir supprimer ce client ?"
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
