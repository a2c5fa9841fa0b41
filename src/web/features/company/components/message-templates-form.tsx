import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_TEMPLATES,
  MESSAGE_KIND_LABELS,
  type MessageTemplates,
  messageTemplatesSchema,
  TEMPLATE_KIND_VARIABLES,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLE_LABELS,
  type TemplateKind,
  type VersionedMessageTemplates,
} from "@shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { useSaveForm } from "@web/components/form/use-save-form";
import { Button } from "@web/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { RotateCcw } from "lucide-react";
import { useRef } from "react";
import type { Path, Resolver } from "react-hook-form";
import { messageTemplatesQueryOptions, useUpdateMessageTemplates } from "../api/message-templates";
import { insertAt } from "../lib/insert-variable";
import { SaveBar } from "./save-bar";

const templatesResolver = zodResolver(messageTemplatesSchema) as unknown as Resolver<
  MessageTemplates,
  unknown,
  MessageTemplates
>;

/** The server's field errors go under their field (`quote_send.subject`…). */
const TEMPLATE_FIELDS = TEMPLATE_KINDS.flatMap((kind) => [`${kind}.subject`, `${kind}.body`]) as never[];

const DESCRIPTIONS: Record<TemplateKind, string> = {
  quote_send: "Le message qui accompagne un devis envoyé au client, avec son lien de signature.",
  invoice_send: "Le message qui accompagne une facture émise.",
  quote_reminder: "La relance d’un devis envoyé resté sans réponse.",
  invoice_reminder: "La relance d’une facture en retard de paiement.",
};

const copy = (templates: MessageTemplates): MessageTemplates =>
  Object.fromEntries(TEMPLATE_KINDS.map((k) => [k, { ...templates[k] }])) as MessageTemplates;

export interface MessageTemplatesFormProps {
  templates: VersionedMessageTemplates;
  canEdit: boolean;
  isMobile: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * « Messages » (docs/domain/messages.md#templates): the subject and text of the four messages the send
 * and remind dialogs start from. The variables of each are chips that insert at the cursor; each
 * template can go back to the app's default.
 */
export function MessageTemplatesForm({ templates, canEdit, isMobile, onDirtyChange }: MessageTemplatesFormProps) {
  const mutation = useUpdateMessageTemplates();
  const queryClient = useQueryClient();
  const { form, submit, stale, reload } = useSaveForm({
    resolver: templatesResolver,
    valuesOf: copy,
    initial: templates,
    save: (body: MessageTemplates, version) => mutation.mutateAsync({ body, version }),
    reload: () => queryClient.fetchQuery({ ...messageTemplatesQueryOptions(), staleTime: 0 }),
    savedMessage: "Modèles de messages enregistrés",
    failureTitle: "Erreur",
    fields: TEMPLATE_FIELDS,
    onDirtyChange,
  });
  const {
    register,
    reset,
    getValues,
    setValue,
    formState: { errors, isDirty, isSubmitting, isSubmitted },
  } = form;
  /** The inputs by path, and the field of each template that last had the focus (where a chip inserts). */
  const elements = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const lastField = useRef(new Map<TemplateKind, "subject" | "body">());

  const field = (kind: TemplateKind, part: "subject" | "body") => {
    const path = `${kind}.${part}` as Path<MessageTemplates>;
    const { ref, ...rest } = register(path);
    return {
      ...rest,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        ref(element);
        if (element) elements.current.set(path, element);
        else elements.current.delete(path);
      },
      onFocus: () => lastField.current.set(kind, part),
    };
  };

  const insert = (kind: TemplateKind, variable: string) => {
    const part = lastField.current.get(kind) ?? "body";
    const path = `${kind}.${part}` as Path<MessageTemplates>;
    const element = elements.current.get(path);
    const current = String(getValues(path) ?? "");
    const { text, cursor } = insertAt(current, `{${variable}}`, element?.selectionStart, element?.selectionEnd);
    setValue(path, text, { shouldDirty: true, shouldValidate: isSubmitted });
    if (element) {
      element.focus();
      element.setSelectionRange(cursor, cursor);
    }
  };

  const restore = (kind: TemplateKind) => {
    const defaults = DEFAULT_TEMPLATES[kind];
    setValue(`${kind}.subject`, defaults.subject, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue(`${kind}.body`, defaults.body, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Modèles de messages" aria-busy={isSubmitting}>
      <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-5">
        {stale && <StaleVersionNotice onReload={reload} />}
        {TEMPLATE_KINDS.map((kind) => {
          const titleId = `template-${kind}`;
          return (
            <Card key={kind} role="group" aria-labelledby={titleId} className="min-w-0">
              <CardHeader
                className={cn(
                  "flex flex-row flex-wrap items-start justify-between gap-2",
                  isMobile ? "p-4 pb-2" : "px-6 pt-5",
                )}
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <CardTitle id={titleId}>{MESSAGE_KIND_LABELS[kind]}</CardTitle>
                  <CardDescription>{DESCRIPTIONS[kind]}</CardDescription>
                </div>
                {canEdit && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => restore(kind)}
                    aria-label={`Rétablir le modèle par défaut (${MESSAGE_KIND_LABELS[kind]})`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Rétablir le modèle par défaut
                  </Button>
                )}
              </CardHeader>
              <div className={cn("flex flex-col gap-4", isMobile ? "px-4 pt-2 pb-5" : "px-6 pt-2 pb-6")}>
                <FormField label="Objet" error={errors[kind]?.subject?.message}>
                  {(props) => <Input {...props} {...field(kind, "subject")} />}
                </FormField>
                <FormField label="Message" error={errors[kind]?.body?.message}>
                  {(props) => (
                    <Textarea
                      rows={isMobile ? 9 : 8}
                      className="min-h-40 resize-y leading-relaxed"
                      {...props}
                      {...field(kind, "body")}
                    />
                  )}
                </FormField>
                <div className="flex flex-col gap-2">
                  <p id={`${titleId}-variables`} className="text-[0.8125rem] text-muted-foreground">
                    {"Variables (un clic les insère au curseur)\u00a0:"}
                  </p>
                  <ul aria-labelledby={`${titleId}-variables`} className="flex flex-wrap gap-2">
                    {TEMPLATE_KIND_VARIABLES[kind].map((variable) => (
                      <li key={variable}>
                        <button
                          type="button"
                          // Keeps the focus (and the cursor) in the field being written.
                          onMouseDown={(event) => event.preventDefault()}
                          onClick={() => insert(kind, variable)}
                          title={TEMPLATE_VARIABLE_LABELS[variable]}
                          aria-label={`Insérer {${variable}}\u00a0: ${TEMPLATE_VARIABLE_LABELS[variable]}`}
                          className="inline-flex min-h-9 items-center rounded-full border border-[#c7cbfb] bg-primary-soft px-3 font-mono text-xs text-primary-soft-foreground transition-colors hover:bg-[#e0e3ff] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 pointer-coarse:min-h-11"
                        >
                          {`{${variable}}`}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </Card>
          );
        })}
      </fieldset>
      {canEdit && (
        // A child of the form itself: it sticks to the bottom of the screen over the four cards.
        <div className="h-5" aria-hidden="true" />
      )}
      {canEdit && (
        <SaveBar isMobile={isMobile} dirty={isDirty} saving={isSubmitting} onReset={() => reset(copy(templates))} />
      )}
    </form>
  );
}
