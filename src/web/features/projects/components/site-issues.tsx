import { zodResolver } from "@hookform/resolvers/zod";
import { PROJECT_LIMITS, PROJECT_TEXTS, type ProjectIssueUpdate, projectIssueUpdateSchema } from "@shared/projects";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { Clock, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { SiteIssue } from "../lib/site-outbox";
import { issueDateLabel, SITE_TEXTS } from "../lib/site-texts";

interface IssueFields {
  title: string;
  description: string;
}

/** The shared schema (« Le titre est obligatoire », the lengths) reads the text of the two fields. */
const issueResolver = zodResolver(projectIssueUpdateSchema) as unknown as Resolver<
  IssueFields,
  unknown,
  ProjectIssueUpdate
>;

interface IssueFormProps {
  initial: IssueFields;
  submitLabel: string;
  /** Names the form for assistive technologies (« Signaler un imprévu », « Modifier l'imprévu X »). */
  label: string;
  onSubmit: (values: ProjectIssueUpdate) => void;
  onCancel: () => void;
}

/** Title (required) and description: the add form and the inline edit. Written to the phone at once. */
function IssueForm({ initial, submitLabel, label, onSubmit, onCancel }: IssueFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<IssueFields, unknown, ProjectIssueUpdate>({ resolver: issueResolver, defaultValues: initial });
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-3 rounded-lg border border-input bg-card p-3.5"
    >
      <FormField label={`${SITE_TEXTS.issueTitleLabel} *`} error={errors.title?.message}>
        {(field) => (
          <Input
            {...field}
            {...register("title")}
            autoFocus
            maxLength={PROJECT_LIMITS.issueTitleMax}
            placeholder={SITE_TEXTS.issueTitlePlaceholder}
          />
        )}
      </FormField>
      <FormField label={SITE_TEXTS.issueDescriptionLabel} error={errors.description?.message}>
        {(field) => <Textarea {...field} {...register("description")} rows={3} className="min-h-20" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {SITE_TEXTS.cancel}
        </Button>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
}

export interface SiteIssuesProps {
  issues: readonly SiteIssue[];
  canExecute: boolean;
  onAdd: (values: ProjectIssueUpdate) => void;
  onUpdate: (issue: SiteIssue, values: ProjectIssueUpdate) => void;
  onDelete: (issue: SiteIssue) => void;
}

/**
 * « Imprévus » (spec 2 §2): « Signaler un imprévu » opens the form above the list; each imprévu shows
 * its date (« dd/MM/yyyy à HH:mm ») and « par {creator} », and is edited in place or deleted after a
 * confirmation. An imprévu not yet sent says « En attente ».
 */
export function SiteIssues({ issues, canExecute, onAdd, onUpdate, onDelete }: SiteIssuesProps) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<SiteIssue | null>(null);

  return (
    <div className="flex flex-col gap-3">
      {canExecute &&
        (adding ? (
          <IssueForm
            initial={{ title: "", description: "" }}
            label={SITE_TEXTS.reportIssue}
            submitLabel={SITE_TEXTS.addIssue}
            onSubmit={(values) => {
              onAdd(values);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Button variant="outline" className="w-full sm:w-auto sm:self-start" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {SITE_TEXTS.reportIssue}
          </Button>
        ))}

      {issues.length === 0 ? (
        !adding && <p className="py-4 text-center text-sm text-muted-foreground">{PROJECT_TEXTS.noIssues}</p>
      ) : (
        <ul aria-label={SITE_TEXTS.issuesTitle} className="flex flex-col gap-2">
          {issues.map((issue) => (
            <li key={issue.key}>
              {editing === issue.key ? (
                <IssueForm
                  initial={{ title: issue.title, description: issue.description ?? "" }}
                  label={`Modifier l’imprévu ${issue.title}`}
                  submitLabel={SITE_TEXTS.saveIssue}
                  onSubmit={(values) => {
                    onUpdate(issue, values);
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <article
                  aria-label={issue.title}
                  className={cn(
                    "flex gap-3 rounded-lg border bg-card px-3.5 py-3",
                    issue.pending ? "border-[#fde68a]" : "border-border",
                  )}
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <h3 className="text-[0.9375rem] font-semibold break-words">{issue.title}</h3>
                      {issue.pending && (
                        <span className="flex items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-soft-foreground">
                          <Clock aria-hidden="true" className="size-3" />
                          {SITE_TEXTS.pendingBadge}
                        </span>
                      )}
                    </div>
                    {issue.description && (
                      <p className="text-sm whitespace-pre-line break-words text-foreground/90">{issue.description}</p>
                    )}
                    <p className="text-[0.8125rem] text-muted-foreground">
                      {issueDateLabel(issue.created_at)}
                      {issue.created_by_name && <> · par {issue.created_by_name}</>}
                    </p>
                  </div>
                  {canExecute && (
                    <div className="flex shrink-0 items-start gap-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Modifier l’imprévu ${issue.title}`}
                        onClick={() => {
                          setAdding(false);
                          setEditing(issue.key);
                        }}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="text-destructive hover:bg-destructive-soft"
                        aria-label={`Supprimer l’imprévu ${issue.title}`}
                        onClick={() => setToDelete(issue)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </article>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={SITE_TEXTS.deleteIssueTitle}
        description={
          <>
            {"Cette action est irréversible\u00a0: l’imprévu "}
            <strong className="font-semibold text-foreground">{toDelete?.title}</strong>
            {" sera supprimé du chantier."}
          </>
        }
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={() => {
          if (toDelete) onDelete(toDelete);
        }}
      />
    </div>
  );
}
