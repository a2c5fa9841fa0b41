import { PROJECT_TEXTS, type ProjectDetail } from "@shared/projects";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { ProjectStatusBadge } from "@web/components/project-status-badge";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { ModalHeader } from "@web/components/ui/modal-header";
import {
  errorDescription,
  fieldErrorsOf,
  GENERIC_ERROR_MESSAGE,
  toastFailure,
  toastSuccess,
} from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { AlertCircle, ClipboardList, FileText, ListChecks } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type FieldPath, useForm, useWatch } from "react-hook-form";
import { projectQueryOptions } from "../api/get-projects";
import { useCreateProjectFromQuote, useSaveProject } from "../api/project-mutations";
import {
  durationOfKeptTasks,
  fieldsFor,
  formPathOf,
  type ProjectFormFields,
  type ProjectFormMode,
  projectFormResolver,
  projectToFields,
  sentTaskRows,
  storedTicksOf,
  tasksSummary,
  toFromQuotePayload,
  toProjectPayload,
} from "../lib/project-form";
import { ProjectGeneralFields } from "./project-general-fields";
import { ProjectTasksEditor } from "./project-tasks-editor";

type Section = "general" | "tasks" | "documents";

export interface ProjectFormProps {
  mode: ProjectFormMode;
  isMobile: boolean;
  /** In a dialog (its title inside, the body scrolls) or on the /projects/new page (the page has the h1). */
  variant: "dialog" | "page";
  descriptionId?: string;
  onCancel: () => void;
  onSaved: (project: ProjectDetail) => void;
}

/** The title of the form in its mode (spec 2 §2, « chantier » for « projet »). */
export function projectFormTitle(mode: ProjectFormMode): string {
  if (mode.kind === "edit") return `Modifier le chantier ${mode.project.reference}`;
  if (mode.kind === "fromQuote") return `Créer un chantier depuis le devis ${mode.draft.quote_reference}`;
  return "Créer un nouveau chantier";
}

/** The section of the form that shows a field. */
const sectionOf = (path: string): Section => (path.startsWith("tasks") ? "tasks" : "general");

/** The form's fields with an error, in the form's order (react-hook-form's nested errors flattened). */
function errorPaths(errors: FieldErrors<ProjectFormFields>): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value) continue;
    if (Array.isArray(value)) {
      value.forEach((row, index) => {
        if (!row) return;
        for (const field of Object.keys(row)) paths.push(`${key}.${index}.${field}`);
      });
    } else paths.push(key);
  }
  return paths;
}

/**
 * The worksite form (docs/domain/projects.md, spec 2 §2 and §5): a blank worksite, one from a validated
 * quote (its lines as checked tasks), or the edit of a stored one with its documents. One body, shown in
 * the dialogs and on /projects/new.
 */
export function ProjectForm({ mode, isMobile, variant, descriptionId, onCancel, onSaved }: ProjectFormProps) {
  const resolver = useMemo(() => projectFormResolver(mode), [mode]);
  const defaults = useMemo(() => fieldsFor(mode), [mode]);
  const form = useForm<ProjectFormFields>({
    resolver,
    defaultValues: defaults,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: false,
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { cancel, saved: markSaved } = useDirtyGuard(isDirty, onCancel);
  const save = useSaveProject();
  const fromQuote = useCreateProjectFromQuote();
  // The worksite the form's values come from, and its version, sent with the save (ADR 0024).
  const [loaded, setLoaded] = useState(mode.kind === "edit" ? mode.project : null);
  const versioned = useVersionedForm(
    loaded,
    mode.kind === "edit" && {
      query: () => projectQueryOptions(mode.project.id),
      apply: (fresh) => {
        reset(projectToFields(fresh));
        setLoaded(fresh);
      },
    },
  );
  const editing = mode.kind === "edit";
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<Section, boolean>>({ general: true, tasks: true, documents: true });
  const toggle = (section: Section) => (next: boolean) => setOpen((current) => ({ ...current, [section]: next }));

  // From a quote, the duration follows the checked tasks' hours until the user types one.
  const durationTyped = useRef(mode.kind !== "fromQuote");
  const tasks = useWatch({ control, name: "tasks" });
  const name = useWatch({ control, name: "name" });
  useEffect(() => {
    if (durationTyped.current) return;
    const days = String(durationOfKeptTasks(tasks ?? []));
    if (getValues("estimated_duration_days") !== days) setValue("estimated_duration_days", days, { shouldDirty: true });
  }, [tasks, getValues, setValue]);

  /** Opens the sections holding `paths` and focuses the first field once it is on screen. */
  const reveal = (paths: string[]) => {
    const first = paths[0];
    if (!first) return;
    setOpen((current) => {
      const next = { ...current };
      for (const path of paths) next[sectionOf(path)] = true;
      return next;
    });
    window.setTimeout(() => {
      try {
        setFocus(first as FieldPath<ProjectFormFields>);
      } catch {
        // a list's message (« 300 tâches au maximum »): no input to focus
      }
    }, 60);
  };

  const submit = handleSubmit(
    async (fields) => {
      setProblem(null);
      try {
        const project =
          mode.kind === "fromQuote"
            ? await fromQuote.mutateAsync(toFromQuotePayload(fields, mode.quoteId))
            : mode.kind === "edit"
              ? await save.mutateAsync({
                  id: mode.project.id,
                  body: toProjectPayload(fields, "edit", storedTicksOf(loaded ?? mode.project)),
                  version: versioned.version,
                })
              : await save.mutateAsync({ id: null, body: toProjectPayload(fields, "blank") });
        markSaved();
        if (editing) toastSuccess(PROJECT_TEXTS.updatedWithTasks, PROJECT_TEXTS.updatedWithTasksDescription);
        else toastSuccess(PROJECT_TEXTS.created);
        onSaved(project);
      } catch (error) {
        // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
        if (versioned.refused(error)) return;
        // The server's field errors under their inputs; anything else (the quote's 409) above the form.
        const rows = mode.kind === "fromQuote" ? sentTaskRows(fields) : fields.tasks.map((_, index) => index);
        const placed: string[] = [];
        for (const { path, message } of fieldErrorsOf(error)) {
          const field = formPathOf(path, rows);
          if (!field || placed.includes(field)) continue;
          setError(field as FieldPath<ProjectFormFields>, { type: "server", message });
          placed.push(field);
        }
        if (placed.length > 0) reveal(placed);
        else setProblem(errorDescription(error) ?? GENERIC_ERROR_MESSAGE);
        toastFailure(editing ? PROJECT_TEXTS.updateFailed : PROJECT_TEXTS.createFailed, error, GENERIC_ERROR_MESSAGE);
      }
    },
    (formErrors) => reveal(errorPaths(formErrors)),
  );

  /** « Recharger » after a stale save: the stored worksite in the form. */

  const generalErrors = Object.keys(errors).some((key) => key !== "tasks");
  const pad = isMobile ? "px-4" : "px-6";
  const summary = tasksSummary(tasks ?? []);

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      {variant === "dialog" && (
        <ModalHeader
          title={projectFormTitle(mode)}
          titleClassName="break-words"
          description={
            mode.kind === "edit" ? (
              <>
                <ProjectStatusBadge status={mode.project.status} />
                {mode.project.client && <span>{mode.project.client.name}</span>}
              </>
            ) : mode.kind === "fromQuote" ? (
              fromQuoteDescription(mode.draft.client.name)
            ) : (
              "Les champs marqués d’un * sont obligatoires."
            )
          }
          descriptionId={descriptionId}
          descriptionClassName={mode.kind === "edit" ? "flex flex-wrap items-center gap-2" : undefined}
          isMobile={isMobile}
        />
      )}

      <div
        className={cn(
          "flex min-h-0 flex-1 flex-col gap-4",
          // Relative: what is positioned inside (the screen-reader texts) scrolls with it, never past the sheet.
          variant === "dialog" && "relative overflow-y-auto bg-background/60 py-5",
          variant === "dialog" && pad,
        )}
      >
        {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
        {variant === "page" && mode.kind === "fromQuote" && (
          <Alert variant="info">
            <FileText aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <AlertTitle>{`Depuis le devis ${mode.draft.quote_reference}`}</AlertTitle>
              <AlertDescription>{fromQuoteDescription(mode.draft.client.name)}</AlertDescription>
            </div>
          </Alert>
        )}
        {problem && (
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <AlertTitle>{editing ? PROJECT_TEXTS.updateFailed : PROJECT_TEXTS.createFailed}</AlertTitle>
              <AlertDescription>{problem}</AlertDescription>
            </div>
          </Alert>
        )}

        <CollapsibleSection
          title="Informations générales"
          icon={<ClipboardList />}
          open={open.general}
          onOpenChange={toggle("general")}
          hasError={generalErrors}
          summary={name.trim()}
        >
          <ProjectGeneralFields
            form={form}
            kind={mode.kind}
            project={mode.kind === "edit" ? mode.project : undefined}
            draft={mode.kind === "fromQuote" ? mode.draft : undefined}
            isMobile={isMobile}
            onDurationTyped={() => {
              durationTyped.current = true;
            }}
          />
        </CollapsibleSection>

        <CollapsibleSection
          title="Tâches"
          icon={<ListChecks />}
          open={open.tasks}
          onOpenChange={toggle("tasks")}
          hasError={Boolean(errors.tasks)}
          summary={summary}
          contentClassName="px-3"
        >
          <ProjectTasksEditor form={form} kind={mode.kind} />
        </CollapsibleSection>

        {mode.kind === "edit" && (
          <CollapsibleSection
            title="Documents"
            icon={<FileText />}
            open={open.documents}
            onOpenChange={toggle("documents")}
            summary={plainDocuments(mode.project)}
          >
            <ProjectDocuments project={mode.project} />
          </CollapsibleSection>
        )}
      </div>

      <div
        className={cn(
          "flex gap-2 border-t border-border bg-card",
          variant === "page" && "mt-4 items-center rounded-lg border px-4 py-3 shadow-card",
          variant === "page" && !isMobile && "sticky bottom-4 z-10 shadow-elevated",
          variant === "dialog" &&
            (isMobile ? "px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]" : "items-center px-6 py-4"),
        )}
      >
        {!isMobile && (
          <p className="mr-auto text-sm text-muted-foreground" data-testid="project-form-summary">
            {summary}
          </p>
        )}
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={editing ? "Enregistrer" : "Créer le chantier"}
        />
      </div>
    </form>
  );
}

const fromQuoteDescription = (client: string) => `Client\u00a0: ${client}. Les tâches reprennent les lignes du devis.`;

/** Under the title: the reference and status (edit), the quote's client (from a quote), the rule of the stars. */
const DOCUMENT_TYPE_LABELS: Record<ProjectDetail["documents"][number]["type"], string> = { devis: "Devis" };

const plainDocuments = (project: ProjectDetail): string =>
  project.documents.map((doc) => `${DOCUMENT_TYPE_LABELS[doc.type]} ${doc.reference}`).join(", ") || "Aucun document";

/** « Documents »: read-only, each with its type and reference (the quote today, the invoices later). */
function ProjectDocuments({ project }: { project: ProjectDetail }): ReactNode {
  if (project.documents.length === 0) {
    return <p className="text-sm text-muted-foreground">Aucun document lié à ce chantier.</p>;
  }
  return (
    <ul aria-label="Documents du chantier" className="flex flex-col divide-y divide-border text-sm">
      {project.documents.map((doc) => (
        <li key={doc.id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="text-muted-foreground">{DOCUMENT_TYPE_LABELS[doc.type]}</span>
          <span className="font-medium tabular-nums">{doc.reference}</span>
        </li>
      ))}
    </ul>
  );
}
