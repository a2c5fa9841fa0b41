import { formatDate, formatEuro, plural } from "@shared/format";
import { INVOICE_TEXTS } from "@shared/invoice-rules";
import { canStartProject, PROJECT_LIMITS, PROJECT_TEXTS } from "@shared/project-rules";
import type { ProjectDetail, ProjectIssue, ProjectPhoto } from "@shared/projects";
import { useQuery } from "@tanstack/react-query";
import { ProjectStatusBadge } from "@web/components/project-status-badge";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { DetailSection, Missing } from "@web/components/ui/detail-section";
import { LoadError } from "@web/components/ui/list-state";
import { BackLink as KitBackLink, PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { useCan } from "@web/hooks/use-can";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { isApiError } from "@web/lib/api-client";
import { errorDescription, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { mapsSearchUrl, phoneHref } from "@web/lib/contact-links";
import { paths } from "@web/lib/paths";
import {
  Camera,
  Check,
  Circle,
  ClipboardList,
  FileText,
  HardHat,
  Info,
  ListChecks,
  LoaderCircle,
  Navigation,
  Pencil,
  Phone,
  Play,
  ReceiptText,
  StepForward,
  Trash2,
  TriangleAlert,
  Wrench,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { projectIssuesQueryOptions, projectPhotosQueryOptions, projectQueryOptions } from "../api/get-projects";
import { useInvoiceProject } from "../api/invoice-project";
import { useDeleteProject } from "../api/project-mutations";
import { useProjectAccess } from "../hooks/use-project-access";
import { useProjectLaunch } from "../hooks/use-project-launch";
import { canInvoiceProject } from "../lib/project-invoice";
import { estimateLabel, issueDateLabel } from "../lib/site-texts";
import { ProjectInvoiceChoice } from "./project-invoice-choice";
import { ProjectProgress } from "./project-progress";

/** The form (react-hook-form, zod) loads when first opened, not with the page (ADR 0005 §10). */
const ProjectEditDialog = lazy(() => import("./project-form-dialog").then((m) => ({ default: m.ProjectEditDialog })));

const DOCUMENT_LABELS = { devis: "Devis" } as const;

/** A worksite's quote in the quotes list: `/quotes?search=<reference>` opens the list on it. */
const quoteSearchUrl = (reference: string) => `${paths.quotes}?${new URLSearchParams({ search: reference })}`;

/** « 3 jours », « 1 jour ». */
export const durationLabel = (days: number): string => plural(days, "jour");

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="text-[0.8125rem] text-muted-foreground sm:w-32 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="py-3 text-center text-sm text-muted-foreground">{children}</p>;
}

/** A part of the page read apart (imprévus, photos) that failed: its reason and « Réessayer ». */
function PartFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 py-3 text-center text-sm text-muted-foreground">
      <p>{errorDescription(error) ?? "Chargement impossible."}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Réessayer
      </Button>
    </div>
  );
}

function Information({ project }: { project: ProjectDetail }) {
  return (
    <dl className="flex flex-col divide-y divide-border">
      <Fact label="Début">{project.start_date ? formatDate(project.start_date) : <Missing>À planifier</Missing>}</Fact>
      <Fact label="Durée estimée">
        {project.estimated_duration_days ? durationLabel(project.estimated_duration_days) : <Missing />}
      </Fact>
      <Fact label="Équipe">{project.team?.name ?? <Missing>Sans équipe</Missing>}</Fact>
      <Fact label="Véhicule">{project.vehicle?.name ?? <Missing>Sans véhicule</Missing>}</Fact>
      <Fact label="Adresse">{project.address ?? <Missing />}</Fact>
      <Fact label="Code d’accès">{project.gate_code ?? <Missing />}</Fact>
      {/* Left out of the answer for a user who does not see the amounts (projects:budget). */}
      {project.budget_total !== undefined && (
        <Fact label="Budget HT">{project.budget_total === null ? <Missing /> : formatEuro(project.budget_total)}</Fact>
      )}
      {project.started_at && <Fact label="Démarré le">{formatDate(new Date(project.started_at))}</Fact>}
      {project.finished_at && <Fact label="Livré le">{formatDate(new Date(project.finished_at))}</Fact>}
    </dl>
  );
}

function Tasks({ project }: { project: ProjectDetail }) {
  if (project.tasks.length === 0) return <Muted>{PROJECT_TEXTS.noTasks}</Muted>;
  return (
    <ul aria-label={`Tâches de ${project.name}`} className="flex flex-col divide-y divide-border">
      {project.tasks.map((task) => (
        <li key={task.id} className="flex items-start gap-3 py-2.5">
          {task.is_done ? (
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className={cn("text-sm break-words", task.is_done && "text-muted-foreground line-through")}>
              <span className="sr-only">{task.is_done ? "Fait\u00a0: " : "À faire\u00a0: "}</span>
              {task.label}
            </span>
            {(task.estimated_hours !== null || task.done_by_name) && (
              <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                {task.estimated_hours !== null && <span>{estimateLabel(task.estimated_hours)}</span>}
                {task.is_done && task.done_by_name && <span>Fait par {task.done_by_name}</span>}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Issues({ issues }: { issues: ProjectIssue[] }) {
  if (issues.length === 0) return <Muted>{PROJECT_TEXTS.noIssues}</Muted>;
  return (
    <ul aria-label="Imprévus du chantier" className="flex flex-col divide-y divide-border">
      {issues.map((issue) => (
        <li key={issue.id} className="flex flex-col gap-1 py-2.5">
          <span className="text-sm font-medium break-words">{issue.title}</span>
          {issue.description && (
            <p className="text-[0.8125rem] whitespace-pre-line break-words text-muted-foreground">
              {issue.description}
            </p>
          )}
          <span className="text-xs text-muted-foreground">
            {issueDateLabel(issue.created_at)}
            {issue.created_by_name && ` · par ${issue.created_by_name}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Photos({ photos }: { photos: ProjectPhoto[] }) {
  if (photos.length === 0) return <Muted>{PROJECT_TEXTS.noPhotos}</Muted>;
  return (
    <ul aria-label="Photos du chantier" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.map((photo, index) => (
        <li key={photo.id} className="aspect-[4/3] overflow-hidden rounded-md border border-border bg-muted">
          <a
            href={photo.file_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Ouvrir la photo ${index + 1}${photo.filename ? ` (${photo.filename})` : ""}`}
            className="block size-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <img
              src={photo.thumbnail_url}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover transition-transform hover:scale-105"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Documents({ project }: { project: ProjectDetail }) {
  // The quote is money: who may not read it (a Compagnon by default) sees its reference, no link.
  const canOpen = useCan("quotes:view");
  if (project.documents.length === 0) return <Muted>Aucun document lié à ce chantier.</Muted>;
  return (
    <ul aria-label="Documents du chantier" className="flex flex-col divide-y divide-border text-sm">
      {project.documents.map((doc) => (
        <li key={doc.id} className="flex items-center gap-3 py-2">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="text-muted-foreground">{DOCUMENT_LABELS[doc.type]}</span>
          {canOpen ? (
            <Link
              to={quoteSearchUrl(doc.reference)}
              className="font-medium text-primary tabular-nums hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
            >
              {doc.reference}
            </Link>
          ) : (
            <span className="font-medium tabular-nums">{doc.reference}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Equipment({ items }: { items: string[] }) {
  if (items.length === 0) return <Muted>Aucun matériel prévu.</Muted>;
  return (
    <ul aria-label="Matériel du chantier" className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-muted px-2.5 py-1 text-[0.8125rem]">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The way back from a worksite. */
const BACK = { to: paths.projects, label: PROJECT_TEXTS.backToList };

function BackLink() {
  return <KitBackLink to={BACK.to}>{BACK.label}</KitBackLink>;
}

function PageSkeleton() {
  return (
    <div role="status" aria-label={PROJECT_TEXTS.loading} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-40" />
      </div>
      <Skeleton className="h-20 w-full rounded-lg" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-72 rounded-lg lg:col-span-2" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    </div>
  );
}

/**
 * /projects/:id — everything about a worksite (docs/domain/projects.md#screens-web): its header (client
 * to call or to reach), progress, information, tasks, documents, imprévus and photos, read-only; its
 * actions « Démarrer » / « Continuer » (as the card), « Modifier » and « Supprimer ».
 */
export function ProjectPage({ projectId, isMobile }: { projectId: string; isMobile: boolean }) {
  const detail = useQuery(projectQueryOptions(projectId));
  const issues = useQuery(projectIssuesQueryOptions(projectId));
  const photos = useQuery(projectPhotosQueryOptions(projectId));
  const { canEdit, canDelete, canExecute, canInvoice } = useProjectAccess();
  const invoice = useInvoiceProject();
  const launch = useProjectLaunch();
  const navigate = useNavigate();
  const remove = useDeleteProject();
  const [editing, setEditing] = useState(false);
  const editLoaded = useOpenedOnce(editing);
  const [deleting, setDeleting] = useState(false);
  const [choosingInvoice, setChoosingInvoice] = useState(false);

  const project = detail.data;
  if (!project) {
    if (detail.isPending) {
      return (
        <div className="flex flex-col gap-3">
          <title>Chantier · Propulse</title>
          <h1 className="sr-only">Chantier</h1>
          <BackLink />
          <PageSkeleton />
        </div>
      );
    }
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <div className="flex flex-col gap-3">
        <title>{`${notFound ? PROJECT_TEXTS.notFound : "Chantier"} · Propulse`}</title>
        <BackLink />
        {notFound ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
              <HardHat aria-hidden="true" className="size-6" />
            </span>
            <div className="flex flex-col gap-1">
              <h1 className="text-lg font-semibold">{PROJECT_TEXTS.notFound}</h1>
              <p className="max-w-sm text-sm text-muted-foreground">
                Ce chantier n’existe pas ou plus, ou vous n’y avez pas accès.
              </p>
            </div>
            <Button asChild>
              <Link to={paths.projects}>{PROJECT_TEXTS.backToList}</Link>
            </Button>
          </div>
        ) : (
          <>
            <h1 className="sr-only">Chantier</h1>
            <LoadError
              title="Impossible de charger le chantier"
              message={errorDescription(detail.error)}
              onRetry={() => void detail.refetch()}
            />
          </>
        )}
      </div>
    );
  }

  const invoiceFinal = async () => {
    try {
      const created = await invoice.mutateAsync(project.id);
      toastSuccess(INVOICE_TEXTS.created, created.reference);
      void navigate(paths.invoice(created.id));
    } catch {
      // Toasted by the mutation (its errorTitle, the server's reason, a link to the invoice in the way).
    }
  };
  const phone = project.client?.phone;
  const address = project.address ?? project.client?.address ?? null;
  const photoList = photos.data?.data;
  const issueList = issues.data?.data;
  const wide = cn(isMobile && "flex-1");

  return (
    <div className="flex flex-col gap-5">
      <title>{`${project.reference} · Propulse`}</title>
      <PageHeader
        back={BACK}
        eyebrow={
          <>
            <span className="font-mono text-xs font-semibold text-muted-foreground">{project.reference}</span>
            <ProjectStatusBadge status={project.status} />
          </>
        }
        title={project.name}
        titleClassName="break-words"
        subtitle={
          project.client ? (
            <>
              <span className="sr-only">Client&nbsp;: </span>
              <span className="font-medium text-foreground">{project.client.name}</span>
              {project.client.email && <span> · {project.client.email}</span>}
            </>
          ) : (
            "Sans client"
          )
        }
        actions={
          <div className={cn("flex flex-wrap gap-2", isMobile && "w-full")}>
            {phone && (
              <Button variant="outline" asChild className={wide}>
                <a href={phoneHref(phone)}>
                  <Phone aria-hidden="true" />
                  Appeler client
                </a>
              </Button>
            )}
            {address && (
              <Button variant="outline" asChild className={wide}>
                <a href={mapsSearchUrl(address) ?? undefined} target="_blank" rel="noopener noreferrer">
                  <Navigation aria-hidden="true" />Y aller
                </a>
              </Button>
            )}
            {canExecute && canStartProject(project.status) && (
              <Button
                onClick={() => launch.start(project.id)}
                disabled={launch.startingId === project.id}
                className={wide}
              >
                {launch.startingId === project.id ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Play aria-hidden="true" />
                )}
                Démarrer
              </Button>
            )}
            {canExecute && project.status === "en cours" && (
              <Button onClick={() => launch.resume(project.id)} className={wide}>
                <StepForward aria-hidden="true" />
                Continuer
              </Button>
            )}
            {canInvoice && canInvoiceProject(project) && (
              <Button
                variant="outline"
                onClick={() => {
                  // From a quote: ask what to invoice (a deposit or the final invoice), never one silently.
                  if (project.quote_id && project.quote_reference) setChoosingInvoice(true);
                  else void invoiceFinal();
                }}
                disabled={invoice.isPending}
                className={wide}
              >
                {invoice.isPending ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <ReceiptText aria-hidden="true" />
                )}
                Facturer
              </Button>
            )}
            {canEdit && (
              <Button variant="outline" onClick={() => setEditing(true)} className={wide}>
                <Pencil aria-hidden="true" />
                Modifier
              </Button>
            )}
            {canDelete && (
              <Button
                variant="outline"
                onClick={() => setDeleting(true)}
                className={cn("text-destructive hover:text-destructive", wide)}
              >
                <Trash2 aria-hidden="true" />
                Supprimer
              </Button>
            )}
          </div>
        }
      />

      <div className="rounded-lg border border-border bg-card px-4 py-3 shadow-card">
        <ProjectProgress done={project.done_count} total={project.task_count} />
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <DetailSection
            title="Tâches"
            icon={<ListChecks />}
            aside={
              <span className="text-[0.8125rem] text-muted-foreground tabular-nums">
                {project.done_count}/{project.task_count}
              </span>
            }
          >
            <Tasks project={project} />
          </DetailSection>
          <DetailSection
            title="Imprévus"
            icon={<TriangleAlert />}
            aside={
              issueList ? (
                <span className="text-[0.8125rem] text-muted-foreground tabular-nums">{issueList.length}</span>
              ) : undefined
            }
          >
            {issueList ? (
              <Issues issues={issueList} />
            ) : issues.isPending ? (
              <Skeleton className="my-2 h-12 w-full" />
            ) : (
              <PartFailed error={issues.error} onRetry={() => void issues.refetch()} />
            )}
          </DetailSection>
          <DetailSection title={`Photos (${photoList?.length ?? 0}/${PROJECT_LIMITS.photosMax})`} icon={<Camera />}>
            {photoList ? (
              <Photos photos={photoList} />
            ) : photos.isPending ? (
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                <Skeleton className="aspect-[4/3]" />
                <Skeleton className="aspect-[4/3]" />
                <Skeleton className="aspect-[4/3]" />
              </div>
            ) : (
              <PartFailed error={photos.error} onRetry={() => void photos.refetch()} />
            )}
          </DetailSection>
        </div>
        {/* On a phone the information (address, gate code, notes) comes before the tasks. */}
        <div className="order-first flex flex-col gap-4 lg:order-none">
          <DetailSection title="Informations" icon={<Info />}>
            <Information project={project} />
          </DetailSection>
          <DetailSection title="Matériel" icon={<Wrench />}>
            <Equipment items={project.equipment} />
          </DetailSection>
          <DetailSection title="Documents" icon={<ClipboardList />}>
            <Documents project={project} />
          </DetailSection>
          {project.notes && (
            <DetailSection title="Notes" icon={<FileText />}>
              <p className="text-sm whitespace-pre-line break-words">{project.notes}</p>
            </DetailSection>
          )}
        </div>
      </div>

      {project.quote_id && project.quote_reference && (
        <ProjectInvoiceChoice
          open={choosingInvoice}
          onOpenChange={setChoosingInvoice}
          isMobile={isMobile}
          quoteReference={project.quote_reference}
          onDeposit={() =>
            void navigate(
              `${paths.quotes}?${new URLSearchParams({ search: project.quote_reference ?? "", deposit: project.quote_id ?? "" })}`,
            )
          }
          onFinal={() => void invoiceFinal()}
        />
      )}
      {editLoaded && (
        <Suspense fallback={null}>
          <ProjectEditDialog open={editing} onOpenChange={setEditing} projectId={project.id} isMobile={isMobile} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        destructive
        title={PROJECT_TEXTS.deleteTitle}
        description={PROJECT_TEXTS.confirmDelete(project.reference, project.name)}
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={async () => {
          try {
            await remove.mutateAsync(project.id);
            toastSuccess(PROJECT_TEXTS.deleted);
            void navigate(paths.projects, { replace: true });
          } catch (error) {
            toastFailure(PROJECT_TEXTS.deleteFailed, error);
          }
        }}
      />
    </div>
  );
}
