import { AccountLinkPanel } from "@web/components/account-link-panel";
import { Button } from "@web/components/ui/button";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { cn } from "@web/lib/cn";
import { useId } from "react";

/** A link made for a user of the list: a new invitation, or a password reset. */
export interface ShownLink {
  kind: "invitation" | "reset";
  name: string;
  link: { path: string; expires_at: string };
}

const TITLES: Record<ShownLink["kind"], string> = {
  invitation: "Nouveau lien d’invitation",
  reset: "Lien de réinitialisation du mot de passe",
};

/** Shows a link made from a user's « … » menu, to copy; the previous link of the same kind no longer works. */
export function AccountLinkDialog({
  shown,
  isMobile,
  onClose,
}: {
  shown: ShownLink | null;
  isMobile: boolean;
  onClose: () => void;
}) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-lg gap-0 p-0"
    >
      {shown && (
        <div className="flex min-h-0 flex-1 flex-col">
          <ModalHeader
            title={TITLES[shown.kind]}
            description={
              shown.kind === "invitation"
                ? `Pour ${shown.name}\u00a0: le lien précédent ne fonctionne plus.`
                : `Pour ${shown.name}\u00a0: il choisira un nouveau mot de passe en l’ouvrant.`
            }
            descriptionId={descriptionId}
            isMobile={isMobile}
          />
          <div className={cn("flex flex-col gap-4", isMobile ? "px-5 py-4" : "px-6 py-5")}>
            <AccountLinkPanel
              link={shown.link}
              isMobile={isMobile}
              explanation={
                "Il lui a été envoyé par e-mail (voir «\u00a0Messages envoyés\u00a0»)\u202f; vous pouvez aussi le copier et le lui transmettre (SMS…)."
              }
            />
          </div>
          <ModalFooter isMobile={isMobile} stretch>
            <Button onClick={onClose}>Terminé</Button>
          </ModalFooter>
        </div>
      )}
    </ResponsiveModal>
  );
}
