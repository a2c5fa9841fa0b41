import { formatCount } from "@shared/format";
import { isExecutable, PROJECT_LIMITS, PROJECT_TEXTS } from "@shared/project-rules";
import type { ProjectDetail, ProjectIssueUpdate } from "@shared/projects";
import { ProjectStatusBadge } from "@web/components/project-status-badge";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { LoadError } from "@web/components/ui/list-state";
import { Spinner } from "@web/components/ui/spinner";
import { isApiError } from "@web/lib/api-client";
import { errorDescription, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { mapsSearchUrl, phoneHref } from "@web/lib/contact-links";
import { paths } from "@web/lib/paths";
import { PHONE_CHROME } from "@web/lib/phone-chrome";
import {
  ArrowLeft,
  CalendarCheck,
  Camera,
  CircleAlert,
  CircleCheckBig,
  CloudUpload,
  KeyRound,
  ListChecks,
  MapPin,
  Navigation,
  Phone,
  SearchX,
  User,
  WifiOff,
} from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useFinishProject } from "../api/project-mutations";
import { useProjectAccess } from "../hooks/use-project-access";
import { useSiteData } from "../hooks/use-site-data";
import { useSiteOutbox } from "../hooks/use-site-outbox";
import {
  overlayIssues,
  overlayPhotos,
  overlayTasks,
  type SiteIssue,
  type SitePhoto,
  type SiteTask,
} from "../lib/site-outbox";
import { pendingLabel, SITE_TEXTS, startedLabel } from "../lib/site-texts";
import { ProjectProgress } from "./project-progress";
import { SatisfactionChoice } from "./satisfaction-choice";
import { SiteIssues } from "./site-issues";
import { SitePhotos } from "./site-photos";
import { SiteSyncPanel } from "./site-sync-panel";
import { SiteTaskList } from "./site-task-list";

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-md pr-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:min-h-9"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

function Section({
  title,
  icon,
  aside,
  children,
}: {
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = `site-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card sm:p-5"
    >
      <div className="flex items-center gap-2.5">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-4">
          {icon}
        </span>
        <h2 id={id} className="min-w-0 flex-1 text-base font-semibold tracking-tight">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Tile({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-card px-3 py-3 shadow-card sm:px-4">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {label}
      </dt>
      <dd className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

/**
 * Reference, name, client, address, the gate code, « Démarré le », progress; « Appeler client » and
 * « Y aller » (issue 32: what the team needs on arriving, without leaving the screen).
 */
function Header({ project, done, total }: { project: ProjectDetail; done: number; total: number }) {
  const phone = project.client?.phone;
  const address = project.address ?? project.client?.address ?? null;
  const route = mapsSearchUrl(address);
  return (
    <header className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs font-medium text-muted-foreground">{project.reference}</span>
        <ProjectStatusBadge status={project.status} />
      </div>
      <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">{project.name}</h1>
      <dl className="flex flex-col gap-1.5 text-sm">
        {project.client && (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Client</dt>
            <User aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dd className="min-w-0 font-medium break-words">{project.client.name}</dd>
          </div>
        )}
        {project.address && (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Adresse</dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dd className="min-w-0 break-words">{project.address}</dd>
          </div>
        )}
        {project.gate_code && (
          <div className="flex items-start gap-2">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <KeyRound aria-hidden="true" className="size-4 shrink-0" />
              {SITE_TEXTS.gateCode}
            </dt>
            <dd className="min-w-0 font-mono font-semibold break-words" data-testid="site-gate-code">
              {project.gate_code}
            </dd>
          </div>
        )}
        {project.started_at && (
          <div className="flex items-start gap-2">
            <dt className="sr-only">Démarrage</dt>
            <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dd>{startedLabel(project.started_at)}</dd>
          </div>
        )}
      </dl>
      {(phone || route) && (
        <div className="flex gap-2">
          {phone && (
            <Button variant="outline" asChild className="min-h-11 flex-1">
              <a href={phoneHref(phone)}>
                <Phone aria-hidden="true" />
                {SITE_TEXTS.callClient}
              </a>
            </Button>
          )}
          {route && (
            <Button variant="outline" asChild className="min-h-11 flex-1">
              <a href={route} target="_blank" rel="noopener noreferrer">
                <Navigation aria-hidden="true" />
                {SITE_TEXTS.route}
              </a>
            </Button>
          )}
        </div>
      )}
      <ProjectProgress done={done} total={total} />
    </header>
  );
}

/**
 * /projects/:id/execution — « Mode chantier » (spec 2 §2), made for a phone on a building site: the
 * tasks ticked with a tap, the imprévus, the photos, then « Terminer le chantier ». Every action is
 * written to the phone first and sent in order (docs/domain/projects.md#offline-on-site): it works
 * without network, says what waits, and shows what the server refused.
 */
export function ProjectExecutionPage({ projectId }: { projectId: string }) {
  const { detail, issues, photos } = useSiteData(projectId);
  const outbox = useSiteOutbox(projectId);
  const { canExecute } = useProjectAccess();
  const navigate = useNavigate();
  const finish = useFinishProject();
  const [confirmFinish, setConfirmFinish] = useState(false);
  /** The optional « Le client est-il satisfait ? » answer, asked anew each time the question opens. */
  const [satisfied, setSatisfied] = useState<boolean | null>(null);

  const project = detail.data;
  const tasks = useMemo(
    () => overlayTasks(project?.tasks ?? [], outbox.pending, projectId),
    [project?.tasks, outbox.pending, projectId],
  );
  const issueList = useMemo(
    () => overlayIssues(issues.data?.data ?? [], outbox.pending, projectId),
    [issues.data, outbox.pending, projectId],
  );
  const photoList = useMemo(
    () => overlayPhotos(photos.data?.data ?? [], outbox.pending, projectId, outbox.localPhotoUrl),
    [photos.data, outbox.pending, projectId, outbox.localPhotoUrl],
  );

  const sync = (
    <SiteSyncPanel
      pending={outbox.pending}
      failed={outbox.failed}
      offline={outbox.offline}
      serverBusy={outbox.serverBusy}
      sending={outbox.sending}
      onSyncNow={outbox.syncNow}
      onRetry={outbox.retry}
      onDiscard={outbox.discard}
    />
  );

  if (detail.isPending) return <Spinner className="py-24" label={PROJECT_TEXTS.loading} />;

  if (!project) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    if (notFound) {
      return (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <SearchX aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight">{PROJECT_TEXTS.notFound}</h1>
          <Button asChild>
            <Link to={paths.projects}>{PROJECT_TEXTS.backToList}</Link>
          </Button>
        </div>
      );
    }
    const offline = isApiError(detail.error) && detail.error.status === 0;
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <BackLink to={paths.projects}>{PROJECT_TEXTS.backToList}</BackLink>
        <h1 className="sr-only">{SITE_TEXTS.title}</h1>
        <LoadError
          title={SITE_TEXTS.loadFailed}
          message={offline ? SITE_TEXTS.neverSeenOffline : errorDescription(detail.error)}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }

  if (!isExecutable(project.status)) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <BackLink to={paths.project(projectId)}>{SITE_TEXTS.viewProject}</BackLink>
        <Header project={project} done={project.done_count} total={project.task_count} />
        <Alert variant="warning" role="status">
          <CircleAlert aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <AlertTitle>{PROJECT_TEXTS.notInProgress}</AlertTitle>
          </div>
        </Alert>
        {sync}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <Link to={paths.project(projectId)}>{SITE_TEXTS.viewProject}</Link>
          </Button>
          <Button asChild>
            <Link to={paths.projects}>{PROJECT_TEXTS.backToList}</Link>
          </Button>
        </div>
      </div>
    );
  }

  const done = tasks.filter((t) => t.is_done).length;
  const waiting = outbox.pending.length > 0;

  const toggle = (task: SiteTask) =>
    void outbox.add({ type: "tick", taskId: task.id, isDone: !task.is_done, label: task.label });
  const addIssue = (values: ProjectIssueUpdate) =>
    void outbox.add({
      type: "issue-create",
      clientKey: crypto.randomUUID(),
      title: values.title,
      description: values.description,
    });
  const updateIssue = (issue: SiteIssue, values: ProjectIssueUpdate) =>
    void outbox.add({ type: "issue-update", issue: issue.ref, title: values.title, description: values.description });
  const deleteIssue = (issue: SiteIssue) =>
    void outbox.add({ type: "issue-delete", issue: issue.ref, title: issue.title });
  const addPhoto = async (file: File) => {
    const bytes = await file.arrayBuffer();
    await outbox.add({
      type: "photo-add",
      clientKey: crypto.randomUUID(),
      filename: file.name || "photo.jpg",
      bytes,
      mime: file.type,
    });
  };
  const deletePhoto = (photo: SitePhoto) =>
    void outbox.add({ type: "photo-delete", photo: photo.ref, filename: photo.filename });

  const finishBlocked = waiting ? SITE_TEXTS.finishAfterSync : outbox.offline ? SITE_TEXTS.finishOffline : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to={paths.project(projectId)}>{SITE_TEXTS.viewProject}</BackLink>
      <Header project={project} done={done} total={tasks.length} />
      {sync}
      {!canExecute && (
        <Alert variant="info">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{SITE_TEXTS.readOnly}</AlertDescription>
        </Alert>
      )}

      <dl aria-label="En bref" className="grid grid-cols-3 gap-2 sm:gap-3">
        <Tile label="Tâches" value={`${done}/${tasks.length}`} icon={<ListChecks aria-hidden="true" />} />
        <Tile label="Imprévus" value={formatCount(issueList.length)} icon={<CircleAlert aria-hidden="true" />} />
        <Tile
          label="Photos"
          value={`${photoList.length}/${PROJECT_LIMITS.photosMax}`}
          icon={<Camera aria-hidden="true" />}
        />
      </dl>

      <Section title={SITE_TEXTS.tasksTitle} icon={<ListChecks aria-hidden="true" />}>
        <SiteTaskList tasks={tasks} canExecute={canExecute} onToggle={toggle} />
      </Section>

      <Section
        title={SITE_TEXTS.issuesTitle}
        icon={<CircleAlert aria-hidden="true" />}
        aside={
          issueList.length > 0 ? (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold tabular-nums">
              {formatCount(issueList.length)}
            </span>
          ) : undefined
        }
      >
        <SiteIssues
          issues={issueList}
          canExecute={canExecute}
          onAdd={addIssue}
          onUpdate={updateIssue}
          onDelete={deleteIssue}
        />
      </Section>

      <Section title={`Photos (${photoList.length}/${PROJECT_LIMITS.photosMax})`} icon={<Camera aria-hidden="true" />}>
        <SitePhotos
          projectId={projectId}
          photos={photoList}
          canExecute={canExecute}
          onAdd={(file) => void addPhoto(file)}
          onDelete={deletePhoto}
          onRefused={(reason) => toastFailure("Erreur lors de l'upload", null, reason)}
        />
      </Section>

      {canExecute && (
        // One row of PHONE_CHROME.finishBar px, 4 px above the bottom bar: with it and the offline banner,
        // at most a fifth of a phone's screen (issue 32). What it waits for sits beside the button.
        <div
          data-testid="site-finish-bar"
          style={{ height: PHONE_CHROME.finishBar }}
          className={cn(
            "sticky z-20 -mx-1 flex flex-row items-center gap-2 rounded-xl border border-border bg-card/95 p-1.5 shadow-elevated backdrop-blur supports-[backdrop-filter]:bg-card/85",
            "bottom-[calc(3.8125rem+env(safe-area-inset-bottom))] lg:bottom-4",
          )}
        >
          <Button
            size="lg"
            className={cn("bg-success hover:bg-[#166534]", finishBlocked ? "order-last shrink-0 px-4" : "w-full")}
            disabled={finish.isPending || finishBlocked !== null}
            aria-describedby={finishBlocked ? "site-finish-blocked" : undefined}
            onClick={() => {
              setSatisfied(null);
              setConfirmFinish(true);
            }}
          >
            <CircleCheckBig aria-hidden="true" />
            {finish.isPending ? PROJECT_TEXTS.finishing : PROJECT_TEXTS.finish}
          </Button>
          {finishBlocked && (
            <p
              id="site-finish-blocked"
              className="flex min-w-0 flex-1 items-center gap-1.5 px-1 text-xs leading-4 text-muted-foreground"
            >
              {outbox.offline ? (
                <WifiOff aria-hidden="true" className="size-3.5 shrink-0 text-warning-soft-foreground" />
              ) : (
                <CloudUpload aria-hidden="true" className="size-3.5 shrink-0" />
              )}
              {/* Always in sight at the bottom of the screen, where the team taps: what waits to be sent. */}
              {waiting ? (
                <span className="line-clamp-2">
                  <span className="font-semibold text-foreground">{pendingLabel(outbox.pending.length)}</span>
                  <span className="sr-only">. {SITE_TEXTS.finishAfterSync}</span>
                </span>
              ) : (
                <span className="line-clamp-2">{finishBlocked}</span>
              )}
            </p>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirmFinish}
        onClose={() => setConfirmFinish(false)}
        title={SITE_TEXTS.finishTitle}
        description={
          <>
            {SITE_TEXTS.finishText}
            <SatisfactionChoice value={satisfied} onChange={setSatisfied} disabled={finish.isPending} />
          </>
        }
        confirmLabel={PROJECT_TEXTS.finish}
        pendingLabel={PROJECT_TEXTS.finishing}
        onConfirm={async () => {
          try {
            await finish.mutateAsync({ id: projectId, clientSatisfied: satisfied });
          } catch (error) {
            toastFailure(PROJECT_TEXTS.finishFailed, error);
            return;
          }
          toastSuccess(PROJECT_TEXTS.finished);
          navigate(paths.projects);
        }}
      />
    </div>
  );
}
