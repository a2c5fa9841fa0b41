import { plural } from "@shared/format";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toast } from "@web/lib/toast";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { BULK_REMIND_IGNORED, bulkRemindSummary, useBulkRemind } from "./bulk-remind";
import type { MailedDocumentType } from "./send-message-api";

export interface RemindSelectionProps {
  type: MailedDocumentType;
  /** The ticked documents a reminder may go to (a sent quote still valid, a late invoice). */
  remindable: readonly string[];
  /** The ticked ones that cannot be reminded: counted as ignored. */
  notRemindable: number;
  /** « devis » / « facture »: how the question names them. */
  noun: { one: string; many: string };
}

/**
 * « Relancer la sélection » (docs/architecture.md#office-lists-as-tables): asks first (mails leave at
 * once, each with the company's reminder template), then reminds each document through its route and
 * says what happened in one toast (« 3 relances envoyées, 1 ignorée »).
 */
export function RemindSelection({ type, remindable, notRemindable, noun }: RemindSelectionProps) {
  const [asking, setAsking] = useState(false);
  const remind = useBulkRemind(type);
  const run = async () => {
    const result = await remind.mutateAsync({ ids: remindable, notRemindable });
    const summary = bulkRemindSummary(result);
    if (result.sent + result.kept === 0) toast.error(summary, { description: BULK_REMIND_IGNORED });
    else if (result.ignored > 0) toast.success(summary, { description: BULK_REMIND_IGNORED });
    else toast.success(summary);
  };
  // Nothing to remind in the selection: said at once, nothing asked.
  const ask = () => {
    if (remindable.length > 0) setAsking(true);
    else
      toast.error(bulkRemindSummary({ sent: 0, kept: 0, ignored: notRemindable }), {
        description: BULK_REMIND_IGNORED,
      });
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={ask} disabled={remind.isPending}>
        <BellRing aria-hidden="true" />
        Relancer la sélection
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Relancer ${plural(remindable.length, noun.one, noun.many)}\u202f?`}
        description={`Un e-mail de relance part vers chaque client, avec votre modèle de relance.${
          notRemindable > 0
            ? ` Laissés de côté (ils ne peuvent pas être relancés)\u00a0: ${plural(notRemindable, "document", "documents")}.`
            : ""
        }`}
        confirmLabel="Relancer"
        pendingLabel="Relances…"
        onConfirm={run}
      />
    </>
  );
}
