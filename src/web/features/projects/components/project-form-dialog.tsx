import type { ProjectDetail } from "@shared/projects";
import { useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { useViewport } from "@web/hooks/use-viewport";
import { isApiError } from "@web/lib/api-client";
import { errorDescription, GENERIC_ERROR_MESSAGE } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { AlertCircle, LoaderCircle } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { projectDraftQueryOptions, projectQueryOptions } from "../api/get-projects";
import type { ProjectFormMode } from "../lib/project-form";
import { ProjectForm } from "./project-form";

const DIALOG_CLASSES = "flex max-h-[92dvh] max-w-4xl flex-col gap-0 overflow-hidden p-0";
/** A big form on a phone: the whole screen, as the quote form. */
const SHEET_CLASSES = "h-dvh max-h-dvh rounded-t-none border-t-0";

const BLANK: ProjectFormMode = { kind: "blank" };

/** « Créer un nouveau chantier » / « Créer un chantier depuis le devis {ref} » (spec 2 §2). */
export interface ProjectCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** From a validated quote (its proposal is loaded), or null for a blank worksite. */
  quoteId?: string | null;
  /** After the creation (the caller may open the worksite's page). */
  onCreated?: (project: ProjectDetail) => void;
  /** A bottom sheet (phones); by default the viewport says. */
  isMobile?: boolean;
}

/** The one frame of both dialogs: a dialog on a wide screen, a bottom sheet on a phone, its body mounted while open. */
function ProjectFormModal({
  open,
  onOpenChange,
  isMobile,
  body,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean | undefined;
  body: (frame: { isMobile: boolean; descriptionId: string; close: () => void }) => ReactNode;
}) {
  const viewport = useViewport();
  const mobile = isMobile ?? viewport !== "desktop";
  const descriptionId = useId();
  const close = () => onOpenChange(false);
  return (
    <ResponsiveModal
      open={open}
      onOpenChange={onOpenChange}
      isMobile={mobile}
      aria-describedby={descriptionId}
      modalLock
      dialogClassName={DIALOG_CLASSES}
      sheetClassName={SHEET_CLASSES}
    >
      {open && body({ isMobile: mobile, descriptionId, close })}
    </ResponsiveModal>
  );
}

export function ProjectCreateDialog({
  open,
  onOpenChange,
  quoteId = null,
  onCreated,
  isMobile,
}: ProjectCreateDialogProps) {
  return (
    <ProjectFormModal
      open={open}
      onOpenChange={onOpenChange}
      isMobile={isMobile}
      body={({ isMobile: mobile, descriptionId, close }) => (
        <ProjectCreateBody
          key={quoteId ?? "blank"}
          quoteId={quoteId}
          isMobile={mobile}
          variant="dialog"
          descriptionId={descriptionId}
          onCancel={close}
          onSaved={(project) => {
            close();
            onCreated?.(project);
          }}
        />
      )}
    />
  );
}

/** « Modifier le chantier {reference} » (spec 2 §2): sections, any status, the tasks, the documents. */
export interface ProjectEditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  /** After the save. */
  onSaved?: (project: ProjectDetail) => void;
  /** A bottom sheet (phones); by default the viewport says. */
  isMobile?: boolean;
}

export function ProjectEditDialog({ open, onOpenChange, projectId, onSaved, isMobile }: ProjectEditDialogProps) {
  return (
    <ProjectFormModal
      open={open}
      onOpenChange={onOpenChange}
      isMobile={isMobile}
      body={({ isMobile: mobile, descriptionId, close }) => (
        <ProjectEditBody
          key={projectId}
          projectId={projectId}
          isMobile={mobile}
          descriptionId={descriptionId}
          onCancel={close}
          onSaved={(project) => {
            close();
            onSaved?.(project);
          }}
        />
      )}
    />
  );
}

interface BodyProps {
  isMobile: boolean;
  variant: "dialog" | "page";
  descriptionId?: string;
  onCancel: () => void;
  onSaved: (project: ProjectDetail) => void;
}

/** The creation form in its dialog or on /projects/new: blank, or once the quote's proposal is loaded. */
export function ProjectCreateBody({ quoteId, ...props }: BodyProps & { quoteId: string | null }) {
  if (!quoteId) return <ProjectForm mode={BLANK} {...props} />;
  return <FromQuoteBody quoteId={quoteId} {...props} />;
}

function FromQuoteBody({ quoteId, ...props }: BodyProps & { quoteId: string }) {
  const draft = useQuery({ ...projectDraftQueryOptions(quoteId), refetchOnWindowFocus: false });
  // The proposal as it was when the form opened: a later answer never changes the inputs under the user.
  const [mode, setMode] = useState<ProjectFormMode | null>(null);
  if (mode === null && draft.data) setMode({ kind: "fromQuote", quoteId, draft: draft.data });

  if (mode) return <ProjectForm mode={mode} {...props} />;
  return (
    <FormState
      title="Créer un chantier depuis un devis"
      error={draft.isError ? draft.error : null}
      loadingText="Chargement du devis…"
      onRetry={() => void draft.refetch()}
      {...props}
    />
  );
}

function ProjectEditBody({ projectId, ...props }: Omit<BodyProps, "variant"> & { projectId: string }) {
  const detail = useQuery(projectQueryOptions(projectId));
  // The worksite as it was when the form opened (its tasks' ticks are compared with it on save).
  const [mode, setMode] = useState<ProjectFormMode | null>(null);
  if (mode === null && detail.data) setMode({ kind: "edit", project: detail.data });

  if (mode) return <ProjectForm mode={mode} variant="dialog" {...props} />;
  return (
    <FormState
      title="Modifier le chantier"
      error={detail.isError ? detail.error : null}
      loadingText="Chargement du chantier…"
      onRetry={() => void detail.refetch()}
      variant="dialog"
      {...props}
    />
  );
}

/**
 * Before the form: loading what it shows, or why it cannot open (the quote already has a worksite, is
 * not validated: the server's 409 in its words).
 */
function FormState({
  title,
  error,
  loadingText,
  onRetry,
  isMobile,
  variant,
  descriptionId,
  onCancel,
}: Omit<BodyProps, "onSaved"> & {
  title: string;
  error: unknown;
  loadingText: string;
  onRetry: () => void;
}) {
  const failed = error !== null;
  // The quote cannot become a worksite (409), or is gone (404): asking again would answer the same.
  const final = isApiError(error) && error.status < 500;
  let body: ReactNode;
  if (failed) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <AlertDescription className="flex flex-col items-start gap-3">
          {errorDescription(error) ?? GENERIC_ERROR_MESSAGE}
          {!final && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Réessayer
            </Button>
          )}
        </AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {loadingText}
      </p>
    );
  }
  if (variant === "page") return <div className="flex flex-col gap-4">{body}</div>;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ModalHeader
        title={title}
        description={failed ? "Le formulaire ne peut pas s’ouvrir." : loadingText}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("min-h-0 flex-1 overflow-y-auto py-5", isMobile ? "px-4" : "px-6")}>{body}</div>
      <ModalFooter isMobile={isMobile} stretch>
        <Button variant="outline" onClick={onCancel}>
          Fermer
        </Button>
      </ModalFooter>
    </div>
  );
}
