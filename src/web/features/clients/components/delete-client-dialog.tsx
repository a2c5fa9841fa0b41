import { CLIENT_TEXTS, type Client } from "@shared/clients";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@web/components/ui/alert-dialog";
import { LoaderCircle, TriangleAlert } from "lucide-react";
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
      onClose();
    } catch (error) {
      toast.error(CLIENT_TEXTS.deleteFailed, { description: errorDescription(error) });
      onClose();
    }
  };

  return (
    <AlertDialog
      open={client !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <AlertDialogTitle>Êtes-vous sûr de vouloir supprimer ce client ?</AlertDialogTitle>
          <AlertDialogDescription>
            Cette action est irréversible : le client{" "}
            <strong className="font-semibold text-foreground">{client?.name}</strong> sera définitivement supprimé,
            ainsi que ses accès.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Annuler</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={mutation.isPending}
            onClick={(event) => {
              // Stay open until the server has answered.
              event.preventDefault();
              void confirm();
            }}
          >
            {mutation.isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Suppression...
              </>
            ) : (
              "Supprimer"
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
