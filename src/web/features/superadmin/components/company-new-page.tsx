import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_TEXTS, type Plan } from "@shared/account-rules";
import { platformCompanyCreateSchema } from "@shared/accounts";
import { AccountLinkPanel } from "@web/components/account-link-panel";
import { FormActions } from "@web/components/form/form-actions";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { FormField, FormSection } from "@web/components/ui/form-field";
import { EmailInput, Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { isApiError } from "@web/lib/api-client";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { CircleCheck, Plus } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { type PlatformCompanyCreate, type PlatformCompanyCreated, useCreateCompany } from "../api/superadmin-api";
import { PLAN_OPTIONS } from "../lib/platform-format";
import { BackLink } from "./back-link";

interface CompanyFields {
  name: string;
  plan: Plan;
  siret: string;
  email_contact: string;
  city: string;
  admin: { full_name: string; email: string };
}

const EMPTY: CompanyFields = {
  name: "",
  plan: "essai",
  siret: "",
  email_contact: "",
  city: "",
  admin: { full_name: "", email: "" },
};

const FIELDS = ["name", "plan", "siret", "email_contact", "city", "admin.full_name", "admin.email"] as const;

const resolver = zodResolver(platformCompanyCreateSchema) as unknown as Resolver<
  CompanyFields,
  unknown,
  PlatformCompanyCreate
>;

/** An empty optional text is sent as null (nothing typed), never as "". */
function payload(values: PlatformCompanyCreate): PlatformCompanyCreate {
  const text = (value: string | null | undefined) => value?.trim() || null;
  return { ...values, siret: text(values.siret), email_contact: text(values.email_contact), city: text(values.city) };
}

/**
 * `/superadmin/companies/new` (docs/domain/accounts.md#web-links-account-and-superadmin): the company's
 * identity and plan, its first administrator; once created, the invitation link to send him.
 */
export function CompanyNewPage({ isMobile }: { isMobile: boolean }) {
  const [created, setCreated] = useState<{ result: PlatformCompanyCreated; admin: CompanyFields["admin"] } | null>(
    null,
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <BackLink to={paths.superadminCompanies} label="Retour aux entreprises" />
        <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">Nouvelle entreprise</h1>
        <p className="text-sm text-muted-foreground">
          L’entreprise reçoit ses rôles par défaut&nbsp;; son administrateur choisit son mot de passe depuis le lien
          d’invitation.
        </p>
      </div>
      {created ? (
        <CreatedCard
          created={created.result}
          admin={created.admin}
          isMobile={isMobile}
          onAnother={() => setCreated(null)}
        />
      ) : (
        <CompanyForm isMobile={isMobile} onCreated={(result, admin) => setCreated({ result, admin })} />
      )}
    </div>
  );
}

function CompanyForm({
  isMobile,
  onCreated,
}: {
  isMobile: boolean;
  onCreated: (created: PlatformCompanyCreated, admin: CompanyFields["admin"]) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateCompany();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFields, unknown, PlatformCompanyCreate>({
    resolver,
    defaultValues: EMPTY,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(payload(values));
      toastSuccess(ACCOUNT_TEXTS.companyCreated);
      onCreated(result, values.admin);
    } catch (error) {
      const fields = fieldErrorsFor(error, FIELDS);
      fields.forEach(({ field, message }, index) => {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      });
      if (fields.length === 0 && isApiError(error) && error.message === ACCOUNT_TEXTS.emailTaken) {
        setError("admin.email", { type: "server", message: error.message }, { shouldFocus: true });
      }
      toastFailure("Impossible de créer l’entreprise", error);
    }
  });

  const twoCols = cn("grid gap-4", !isMobile && "sm:grid-cols-2");
  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label="Nouvelle entreprise" aria-busy={isSubmitting}>
        <div className={cn("flex flex-col gap-7", isMobile ? "p-4 pb-6" : "p-6 pb-7")}>
          <FormSection title="Entreprise">
            <div className={twoCols}>
              <FormField label="Nom de l’entreprise *" error={errors.name?.message}>
                {(props) => <Input autoComplete="off" {...props} {...register("name")} />}
              </FormField>
              <FormField label="Formule *" error={errors.plan?.message}>
                {(props) => (
                  <NativeSelect {...props} {...register("plan")}>
                    {PLAN_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <div className={cn("grid gap-4", !isMobile && "sm:grid-cols-3")}>
              <FormField label="SIRET" error={errors.siret?.message}>
                {(props) => (
                  <Input inputMode="numeric" autoComplete="off" spellCheck={false} {...props} {...register("siret")} />
                )}
              </FormField>
              <FormField label="E-mail de contact" error={errors.email_contact?.message}>
                {(props) => <EmailInput autoComplete="off" {...props} {...register("email_contact")} />}
              </FormField>
              <FormField label="Ville" error={errors.city?.message}>
                {(props) => <Input autoComplete="off" {...props} {...register("city")} />}
              </FormField>
            </div>
          </FormSection>
          <FormSection
            title="Premier administrateur"
            description="Il reçoit le rôle Administrateur et un lien d’invitation valable 7 jours."
          >
            <div className={twoCols}>
              <FormField label="Nom complet *" error={errors.admin?.full_name?.message}>
                {(props) => <Input autoComplete="off" {...props} {...register("admin.full_name")} />}
              </FormField>
              <FormField label="Adresse e-mail *" error={errors.admin?.email?.message}>
                {(props) => <EmailInput autoComplete="off" {...props} {...register("admin.email")} />}
              </FormField>
            </div>
          </FormSection>
        </div>
        <div className={cn("flex justify-end gap-2 border-t border-border", isMobile ? "p-4" : "px-6 py-4")}>
          <FormActions
            isMobile={isMobile}
            pending={isSubmitting}
            onCancel={() => navigate(paths.superadminCompanies)}
            submitLabel="Créer l’entreprise"
          />
        </div>
      </form>
    </Card>
  );
}

function CreatedCard({
  created,
  admin,
  isMobile,
  onAnother,
}: {
  created: PlatformCompanyCreated;
  admin: CompanyFields["admin"];
  isMobile: boolean;
  onAnother: () => void;
}) {
  return (
    <Card>
      <CardHeader className={cn(isMobile && "p-4 pb-2")}>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
            <CircleCheck aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-0.5">
            <CardTitle>{created.company.name}</CardTitle>
            <CardDescription>{ACCOUNT_TEXTS.companyCreated}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className={cn("flex flex-col gap-6", isMobile && "p-4 pt-2")}>
        <AccountLinkPanel
          link={created.link}
          isMobile={isMobile}
          explanation={`Ce lien a été envoyé par e-mail à ${admin.full_name.trim()} (${admin.email.trim()})\u00a0: il choisira son mot de passe et accédera à ${created.company.name}. Vous pouvez aussi le lui transmettre.`}
        />
        <div className={cn("flex gap-2 border-t border-border pt-4", isMobile ? "flex-col" : "justify-end")}>
          <Button variant="outline" onClick={onAnother}>
            <Plus aria-hidden="true" />
            Créer une autre entreprise
          </Button>
          <Button asChild>
            <Link to={paths.superadminCompany(created.company.id)}>Voir l’entreprise</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
