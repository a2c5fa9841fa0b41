import { formatDate, formatDateTime, formatEuro } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import type { SigningView } from "@shared/signing";
import { SIGNING_TEXTS, type SigningRefusal, type SigningState } from "@shared/signing-rules";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DocumentLinesView, type DocumentLineView } from "@web/components/document-lines/lines-view";
import { DocumentTotalsTable } from "@web/components/document-lines/totals-table";
import { LogoMark } from "@web/components/logo";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { LoadError } from "@web/components/ui/list-state";
import { Spinner } from "@web/components/ui/spinner";
import { useViewport } from "@web/hooks/use-viewport";
import { isApiError } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import {
  Ban,
  CalendarClock,
  CircleCheckBig,
  Download,
  FilePen,
  FileSignature,
  Link2Off,
  LoaderCircle,
  Lock,
  Mail,
  Phone,
  XCircle,
} from "lucide-react";
import { type FormEvent, type ReactNode, useCallback, useId, useState } from "react";
import {
  SIGNED_ON_THIS_DEVICE_REFRESHES,
  signingKeys,
  signingPdfUrl,
  signingQueryOptions,
  signQuote,
} from "../api/signing";
import { type SigningFormErrors, signingFormErrors } from "../lib/signing-form";
import { SignaturePad } from "./signature-pad";

type OpenQuote = NonNullable<SigningView["quote"]>;

/** A page that only says where the link stands: a state of the view, or a refusal (410, 403). */
type PageState = Exclude<SigningState, "open"> | SigningRefusal;

/** The state pages: what went wrong, in words, never an error (docs/domain/signing.md#states). */
const STATE_PAGES: Record<PageState, { title: string; icon: ReactNode; tone: string }> = {
  signed: { title: "Devis déjà signé", icon: <CircleCheckBig />, tone: "bg-success-soft text-success" },
  expired: { title: "Lien expiré", icon: <CalendarClock />, tone: "bg-warning-soft text-warning-soft-foreground" },
  refused: { title: "Devis refusé", icon: <XCircle />, tone: "bg-muted text-muted-foreground" },
  cancelled: { title: "Devis annulé", icon: <Ban />, tone: "bg-muted text-muted-foreground" },
  invalid: { title: "Lien invalide", icon: <Link2Off />, tone: "bg-destructive-soft text-destructive" },
  outdated: { title: "Devis modifié", icon: <FilePen />, tone: "bg-warning-soft text-warning-soft-foreground" },
  suspended: { title: "Signature indisponible", icon: <Lock />, tone: "bg-muted text-muted-foreground" },
};

/** The page an error of the public API stands for: 404 (or a malformed token) invalid, 410 outdated, 403 suspended. */
function refusalOf(error: unknown): PageState | null {
  if (!isApiError(error)) return null;
  if (error.status === 404 || error.status === 400) return "invalid";
  if (error.status === 410) return "outdated";
  if (error.status === 403) return "suspended";
  return null;
}

/** The public page's frame: phone-first, one column, the app's mark at the bottom. */
function SigningFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-background px-3 pt-4 pb-10 sm:px-6 sm:pt-10">
      <div className="flex w-full max-w-3xl flex-col gap-4">{children}</div>
      <p className="mt-8 flex items-center gap-2 text-xs text-muted-foreground">
        <LogoMark className="size-5" />
        Signature électronique sécurisée par Propulse
      </p>
    </main>
  );
}

function Card({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <section
      aria-label={label}
      className={cn("rounded-xl border border-border bg-card p-4 shadow-card sm:p-6", className)}
    >
      {children}
    </section>
  );
}

/** A page that only says where the link stands. */
function StateCard({ state, children }: { state: PageState; children?: ReactNode }) {
  const page = STATE_PAGES[state];
  return (
    <Card className="mx-auto flex w-full max-w-md flex-col items-center gap-4 py-8 text-center">
      <span className={cn("flex size-14 items-center justify-center rounded-full [&_svg]:size-7", page.tone)}>
        {page.icon}
      </span>
      <div className="flex flex-col gap-1.5">
        <h1 className="text-xl font-semibold tracking-tight">{page.title}</h1>
        <p className="text-sm text-muted-foreground">{SIGNING_TEXTS.states[state]}</p>
      </div>
      {children}
    </Card>
  );
}

export interface SigningPageProps {
  token: string;
}

/**
 * `/signer/:token` (docs/domain/signing.md#the-page): the quote as the client reads it — the company, the
 * lines, the totals, the terms, the PDF — then his name, « Bon pour accord » and his signature; or the
 * page of the link's state. No session: the page asks the API without one.
 */
export function SigningPage({ token }: SigningPageProps) {
  const query = useQuery(signingQueryOptions(token));
  const [done, setDone] = useState<SigningView["signed"]>(null);

  if (done) {
    return (
      <SigningFrame>
        <Card className="mx-auto flex w-full max-w-md flex-col items-center gap-4 py-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success [&_svg]:size-7">
            <CircleCheckBig />
          </span>
          <div className="flex flex-col gap-1.5">
            <h1 className="text-xl font-semibold tracking-tight">{SIGNING_TEXTS.signed}</h1>
            <p className="text-sm text-muted-foreground">
              Signé par <span className="font-medium text-foreground">{done.signer_name}</span> le{" "}
              {formatDateTime(done.signed_at)}. L'entreprise est prévenue.
            </p>
          </div>
          <Button asChild variant="outline" className="w-full">
            <a href={signingPdfUrl(token)} download>
              <Download aria-hidden="true" />
              {SIGNING_TEXTS.downloadSigned}
            </a>
          </Button>
        </Card>
      </SigningFrame>
    );
  }

  if (query.isPending) {
    return (
      <SigningFrame>
        <Spinner className="py-24" label="Chargement du devis…" />
      </SigningFrame>
    );
  }
  if (query.isError) {
    const refusal = refusalOf(query.error);
    return (
      <SigningFrame>
        {refusal ? (
          <StateCard state={refusal} />
        ) : (
          <Card className="mx-auto w-full max-w-md">
            <LoadError
              title="Impossible d’afficher le devis"
              message={query.error.message}
              onRetry={() => void query.refetch()}
            />
          </Card>
        )}
      </SigningFrame>
    );
  }
  const view = query.data;
  if (view.state !== "open" || !view.quote) {
    const state = view.state === "open" ? "invalid" : view.state;
    return (
      <SigningFrame>
        <StateCard state={state}>
          {state === "signed" && view.signed && (
            <p className="text-sm">
              Signé par <span className="font-medium">{view.signed.signer_name}</span> le{" "}
              {formatDateTime(view.signed.signed_at)}.
            </p>
          )}
        </StateCard>
      </SigningFrame>
    );
  }
  return (
    <SigningFrame>
      <QuoteToSign token={token} quote={view.quote} onSigned={setDone} />
    </SigningFrame>
  );
}

function CompanyHeader({ quote }: { quote: OpenQuote }) {
  const { company } = quote;
  return (
    <Card label="Entreprise" className="flex items-start gap-4">
      {company.logo_url ? (
        <img
          src={company.logo_url}
          alt={`Logo de ${company.name}`}
          className="size-14 shrink-0 rounded-md border border-border bg-white object-contain p-1"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-md bg-primary-soft text-xl font-semibold text-primary"
        >
          {company.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <p className="text-base font-semibold break-words">{company.name}</p>
        {company.address_lines.map((line) => (
          <p key={line} className="text-muted-foreground">
            {line}
          </p>
        ))}
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {company.phone && (
            <a
              href={`tel:${company.phone.replace(/\s+/g, "")}`}
              className="flex min-h-8 items-center gap-1.5 text-primary"
            >
              <Phone aria-hidden="true" className="size-4" />
              {formatPhone(company.phone)}
            </a>
          )}
          {company.email && (
            <a href={`mailto:${company.email}`} className="flex min-h-8 items-center gap-1.5 break-all text-primary">
              <Mail aria-hidden="true" className="size-4" />
              {company.email}
            </a>
          )}
        </div>
      </div>
    </Card>
  );
}

function QuoteToSign({
  token,
  quote,
  onSigned,
}: {
  token: string;
  quote: OpenQuote;
  onSigned: (signed: SigningView["signed"]) => void;
}) {
  const isMobile = useViewport() !== "desktop";
  const lines: DocumentLineView[] = quote.lines.map((line, index) => ({
    id: String(index),
    position: index + 1,
    kind: line.kind,
    name: line.name,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    unit_price: line.unit_price,
    tax_rate: line.tax_rate,
    subtotal: line.total,
  }));

  return (
    <>
      <CompanyHeader quote={quote} />

      <Card label="Devis">
        <div className="flex flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{SIGNING_TEXTS.title}</p>
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Devis {quote.reference}</h1>
          {quote.version > 1 && <p className="text-sm text-muted-foreground">Version {quote.version}</p>}
          <p className="text-[0.9375rem] break-words">{quote.name}</p>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Client</dt>
            <dd className="font-medium break-words">{quote.client.name}</dd>
            {quote.client.address_lines.map((line) => (
              <dd key={line} className="text-muted-foreground">
                {line}
              </dd>
            ))}
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Date</dt>
            <dd>{formatDate(quote.date)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Valable jusqu’au</dt>
            <dd>{formatDate(quote.valid_until) || "—"}</dd>
          </div>
        </dl>
      </Card>

      <section
        aria-label="Lignes du devis"
        className="overflow-hidden rounded-xl border border-border bg-card shadow-card"
      >
        <DocumentLinesView items={lines} isMobile={isMobile} label="Lignes du devis" />
      </section>

      <div className={cn("flex", isMobile ? "flex-col" : "justify-end")}>
        <DocumentTotalsTable
          label="Totaux du devis"
          testIdPrefix="signing"
          totals={{
            subtotal: quote.totals.net,
            discount: quote.totals.discount,
            vat_breakdown: quote.totals.vat_breakdown,
            tax_amount: quote.totals.tax,
            total: quote.totals.total,
          }}
          discountPercentage={quote.totals.discount_percentage}
          className={cn("rounded-xl border border-border bg-card p-4 shadow-card", isMobile ? "w-full" : "w-96")}
        />
      </div>

      {quote.terms && (
        <Card label="Conditions">
          <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Conditions</h2>
          <p className="mt-2 text-sm break-words whitespace-pre-line">{quote.terms}</p>
        </Card>
      )}

      <Button asChild variant="outline" size="lg" className="w-full sm:w-auto sm:self-start">
        <a href={signingPdfUrl(token)} download>
          <Download aria-hidden="true" />
          {SIGNING_TEXTS.download}
        </a>
      </Button>

      <SigningForm token={token} quote={quote} onSigned={onSigned} />
    </>
  );
}

function SigningForm({
  token,
  quote,
  onSigned,
}: {
  token: string;
  quote: OpenQuote;
  onSigned: (signed: SigningView["signed"]) => void;
}) {
  const queryClient = useQueryClient();
  const [signerName, setSignerName] = useState("");
  const [approved, setApproved] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<SigningFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const approvalId = useId();
  const padErrorId = useId();

  const drawn = useCallback((next: string | null) => {
    setSignature(next);
    if (next) setErrors((current) => ({ ...current, signature: undefined }));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = signingFormErrors({ signerName, approved, signature });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !signature) return;
    setSubmitting(true);
    try {
      const answer = await signQuote(token, { signer_name: signerName.trim(), approved: true, signature });
      for (const queryKey of SIGNED_ON_THIS_DEVICE_REFRESHES) void queryClient.invalidateQueries({ queryKey });
      onSigned(answer.signed);
    } catch (error) {
      if (isApiError(error) && [403, 404, 409, 410].includes(error.status)) {
        // The link changed state meanwhile (signed, refused, expired, the quote changed…): its page says how.
        await queryClient.invalidateQueries({ queryKey: signingKeys.view(token) });
        return;
      }
      const field = isApiError(error) && error.status === 400 ? fieldOf(error.body?.details) : null;
      if (field) setErrors((current) => ({ ...current, [field.key]: field.message }));
      else setFailure(error instanceof Error ? error.message : "Impossible de signer le devis");
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card label={SIGNING_TEXTS.approval}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <FileSignature aria-hidden="true" className="size-5 text-primary" />
            {SIGNING_TEXTS.approval}
          </h2>
          <p className="text-sm text-muted-foreground">
            En signant, vous acceptez ce devis de {formatEuro(quote.totals.total)} TTC.
          </p>
        </div>

        <FormField label={SIGNING_TEXTS.signerName} error={errors.signerName}>
          {(props) => (
            <Input
              {...props}
              value={signerName}
              autoComplete="name"
              maxLength={120}
              onChange={(event) => setSignerName(event.target.value)}
            />
          )}
        </FormField>

        <div className="flex flex-col gap-1.5">
          <label
            htmlFor={approvalId}
            className={cn(
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-sm",
              errors.approved ? "border-destructive" : "border-border",
            )}
          >
            <input
              id={approvalId}
              type="checkbox"
              checked={approved}
              onChange={(event) => setApproved(event.target.checked)}
              aria-invalid={errors.approved ? true : undefined}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span>
              <span className="font-semibold">{SIGNING_TEXTS.approval}</span> — j’accepte le devis {quote.reference} et
              ses conditions.
            </span>
          </label>
          {errors.approved && <p className="text-[0.8125rem] font-medium text-destructive">{errors.approved}</p>}
        </div>

        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">Votre signature</p>
          <SignaturePad
            label="Zone de signature"
            onChange={drawn}
            invalid={Boolean(errors.signature)}
            describedBy={errors.signature ? padErrorId : undefined}
            disabled={submitting}
          />
          {errors.signature && (
            <p id={padErrorId} className="text-[0.8125rem] font-medium text-destructive">
              {errors.signature}
            </p>
          )}
        </div>

        {failure && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}

        <Button type="submit" size="lg" className="w-full" disabled={submitting || !signature}>
          {submitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Signature en cours…
            </>
          ) : (
            SIGNING_TEXTS.sign
          )}
        </Button>
      </form>
    </Card>
  );
}

/** The form's field named by the server's first detail. */
function fieldOf(details: unknown): { key: keyof SigningFormErrors; message: string } | null {
  if (!Array.isArray(details)) return null;
  const keys: Record<string, keyof SigningFormErrors> = {
    signer_name: "signerName",
    approved: "approved",
    signature: "signature",
  };
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    const key = typeof detail.path === "string" ? keys[detail.path] : undefined;
    if (key && typeof detail.message === "string") return { key, message: detail.message };
  }
  return null;
}
