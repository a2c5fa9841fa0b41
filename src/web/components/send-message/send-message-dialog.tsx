import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGE_TEXTS, type MessageDraft, type MessageSend, messageSendSchema } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { LoadError } from "@web/components/ui/list-state";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Skeleton } from "@web/components/ui/skeleton";
import { Textarea } from "@web/components/ui/textarea";
import { errorDescription, fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Paperclip, Plus, Send } from "lucide-react";
import { useId, useState } from "react";
import { Controller, type FieldError, type Resolver, useForm } from "react-hook-form";
import { RecipientsField } from "./recipients-field";
import { type SendTarget, sendDraftQueryOptions, useSendMessage } from "./send-message-api";

const resolver = zodResolver(messageSendSchema) as unknown as Resolver<MessageSend>;
const FIELDS = ["to", "cc", "subject", "body"] as const;

/** The dialog's words, by action. */
export const SEND_DIALOG_TEXTS = {
  send: { title: MESSAGE_TEXTS.sendToClient, submit: "Envoyer", done: MESSAGE_TEXTS.sent },
  remind: { title: MESSAGE_TEXTS.remind, submit: "Envoyer", done: MESSAGE_TEXTS.reminded },
  loadFailed: "Impossible de préparer le message",
  to: "Destinataires *",
  cc: "Copie",
  addCc: "Ajouter une copie",
  subject: "Objet *",
  body: "Message *",
  attachment: "Pièce jointe",
  noEmail: "Le client n'a pas d'adresse e-mail\u00a0: saisissez-en une.",
  toHint: "Entrée, virgule ou espace pour ajouter une adresse.",
} as const;

/** The first message of a field's errors (an array field holds one per address, or one for the array). */
function messageOf(error: FieldError | (FieldError | undefined)[] | undefined): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find((e) => e?.message)?.message;
  return error.message ?? (error as { root?: FieldError }).root?.message;
}

export interface SendMessageDialogProps {
  /** What to send (a quote or an invoice, sent or reminded); null: closed. */
  target: SendTarget | null;
  isMobile: boolean;
  onClose: () => void;
}

/**
 * « Envoyer au client » / « Relancer » (docs/domain/messages.md#send-and-remind): recipients as chips
 * (the client's e-mail, editable, a copy allowed), subject and message from the company's template, the
 * document's PDF attached by the server. Loaded when first opened (react-hook-form, zod); a bottom sheet
 * on phones.
 */
export function SendMessageDialog({ target, isMobile, onClose }: SendMessageDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      modalLock
      dialogClassName="flex max-h-[92dvh] max-w-2xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {target && (
        <DraftLoader
          key={`${target.type}-${target.id}-${target.kind}`}
          target={target}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onDone={onClose}
        />
      )}
    </ResponsiveModal>
  );
}

interface PartProps {
  target: SendTarget;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}

function Header({ target, isMobile, descriptionId }: Omit<PartProps, "onDone">) {
  return (
    <ModalHeader
      title={SEND_DIALOG_TEXTS[target.kind].title}
      description={target.label}
      descriptionId={descriptionId}
      isMobile={isMobile}
    />
  );
}

/** The draft (client's e-mail, the template filled) read first; the form starts from it. */
function DraftLoader(props: PartProps) {
  const { target, isMobile, onDone } = props;
  const draft = useQuery(sendDraftQueryOptions(target.type, target.id, target.kind));
  if (draft.data) return <SendForm {...props} draft={draft.data} />;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Header {...props} />
      <div className={cn("flex flex-col gap-4", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        {draft.isError ? (
          <LoadError
            title={SEND_DIALOG_TEXTS.loadFailed}
            message={errorDescription(draft.error)}
            onRetry={() => void draft.refetch()}
          />
        ) : (
          <div role="status" aria-label="Préparation du message" className="flex flex-col gap-4">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        )}
      </div>
      <ModalFooter isMobile={isMobile}>
        <Button variant="outline" onClick={onDone} className={cn(isMobile && "flex-1")}>
          Annuler
        </Button>
      </ModalFooter>
    </div>
  );
}

function SendForm({ target, isMobile, descriptionId, onDone, draft }: PartProps & { draft: MessageDraft }) {
  const send = useSendMessage(target.type);
  const [showCc, setShowCc] = useState(draft.cc.length > 0);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<MessageSend>({
    resolver,
    defaultValues: { to: draft.to, cc: draft.cc, subject: draft.subject, body: draft.body },
    reValidateMode: "onChange",
  });
  const { cancel, saved } = useDirtyGuard(isDirty, onDone);
  const texts = SEND_DIALOG_TEXTS[target.kind];

  const submit = handleSubmit(async (body) => {
    try {
      const message = await send.mutateAsync({ id: target.id, kind: target.kind, body });
      saved();
      if (message.transport === "outbox") {
        // No mail server: the message waits in « Messages » (issue 32), it was not « envoyé ».
        toastSuccess(MESSAGE_TEXTS.keptInOutbox, MESSAGE_TEXTS.keptInOutboxDetail(target.label, message.to.join(", ")));
      } else {
        toastSuccess(texts.done, `${target.label} · ${message.to.join(", ")}`);
      }
      onDone();
    } catch (error) {
      const fieldErrors = fieldErrorsFor(error, FIELDS);
      for (const [index, { field, message }] of fieldErrors.entries()) {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      }
      if (fieldErrors.length === 0) toastFailure(MESSAGE_TEXTS.sendFailed, error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <Header target={target} isMobile={isMobile} descriptionId={descriptionId} />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <FormField
          label={SEND_DIALOG_TEXTS.to}
          error={messageOf(errors.to as FieldError | undefined)}
          hint={draft.to.length === 0 ? SEND_DIALOG_TEXTS.noEmail : SEND_DIALOG_TEXTS.toHint}
        >
          {(props) => (
            <Controller
              control={control}
              name="to"
              render={({ field }) => (
                <RecipientsField
                  {...props}
                  who="destinataire"
                  placeholder="client@exemple.fr"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </FormField>
        {showCc ? (
          <FormField label={SEND_DIALOG_TEXTS.cc} error={messageOf(errors.cc as FieldError | undefined)}>
            {(props) => (
              <Controller
                control={control}
                name="cc"
                render={({ field }) => (
                  <RecipientsField
                    {...props}
                    who="copie"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </FormField>
        ) : (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="-mt-2 h-auto self-start px-0"
            onClick={() => setShowCc(true)}
          >
            <Plus aria-hidden="true" />
            {SEND_DIALOG_TEXTS.addCc}
          </Button>
        )}
        <FormField label={SEND_DIALOG_TEXTS.subject} error={errors.subject?.message}>
          {(props) => <Input autoComplete="off" {...props} {...register("subject")} />}
        </FormField>
        <FormField label={SEND_DIALOG_TEXTS.body} error={errors.body?.message}>
          {(props) => <Textarea rows={isMobile ? 10 : 12} className="min-h-40" {...props} {...register("body")} />}
        </FormField>
        {draft.attachment_name && (
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium">{SEND_DIALOG_TEXTS.attachment}</span>
            <span className="inline-flex max-w-full items-center gap-2 self-start rounded-md border border-border bg-muted/60 px-3 py-2 text-sm">
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate font-medium">{draft.attachment_name}</span>
              <span className="shrink-0 text-muted-foreground">PDF</span>
            </span>
          </div>
        )}
      </div>
      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={
            <>
              <Send aria-hidden="true" />
              {texts.submit}
            </>
          }
        />
      </ModalFooter>
    </form>
  );
}
