import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { type Role, roleUpdateSchema } from "@shared/accounts";
import { useQuery } from "@tanstack/react-query";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { Textarea } from "@web/components/ui/textarea";
import { isApiError } from "@web/lib/api-client";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { formSchema } from "@web/lib/form-schema";
import { paths } from "@web/lib/paths";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { permissionGroupsQueryOptions, roleQueryOptions } from "../api/get-roles";
import { useCreateRole, useUpdateRole } from "../api/role-mutations";
import { useRoleOrBack } from "../hooks/use-role-or-back";
import { useRolesAccess } from "../hooks/use-roles-access";
import { chosenIds, companyPermissionGroups, sameIds } from "../lib/permission-picker";
import { RolePageHeader } from "./page-header";
import { PermissionPicker } from "./permission-picker";

interface RoleFormFields {
  name: string;
  description: string;
  is_default: boolean;
}

const FIELDS = ["name", "description", "is_default"] as const;

/** The body of PUT (and, with the permissions, POST): a blank description is none. */
const toRoleBody = (fields: RoleFormFields) => ({
  name: fields.name,
  description: fields.description.trim() || null,
  is_default: fields.is_default,
});

/** The form's schema: its body checked by roleUpdateSchema (the name required, not « superadmin »…). */
const resolver = zodResolver(
  formSchema(roleUpdateSchema, toRoleBody, (path) => FIELDS.find((f) => f === path.split(".")[0]) ?? "name"),
);

/**
 * « Créer un nouveau rôle » / « Modifier le rôle » (spec 3 §2.10, docs/domain/accounts.md#web-users-and-roles):
 * name, description, default role; on create the permission picker below, on edit two tabs
 * « Informations » and « Permissions »; « Annuler » goes back to the roles list.
 */
export function RoleFormPage({ roleId, isMobile }: { roleId: string | null; isMobile: boolean }) {
  const role = useRoleOrBack(roleId);
  const title = roleId ? "Modifier le rôle" : "Créer un nouveau rôle";
  if (roleId && !role.data) {
    return (
      <div className="flex flex-col gap-6">
        <RolePageHeader backTo={paths.roles} backLabel="Retour aux rôles" title={title} />
        <Spinner className="py-16" label="Chargement du rôle…" />
      </div>
    );
  }
  return <RoleForm key={role.data?.id ?? "new"} role={role.data ?? null} isMobile={isMobile} title={title} />;
}

function RoleForm({ role, isMobile, title }: { role: Role | null; isMobile: boolean; title: string }) {
  const editing = role !== null;
  const navigate = useNavigate();
  const { canAssignPermissions } = useRolesAccess();
  const catalogue = useQuery(permissionGroupsQueryOptions());
  const groups = useMemo(() => companyPermissionGroups(catalogue.data ?? []), [catalogue.data]);
  const initial = useMemo(() => new Set(role?.permissions.map((p) => p.id) ?? []), [role]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initial));
  const [tab, setTab] = useState<"informations" | "permissions">("informations");
  const defaultId = useId();
  const create = useCreateRole();
  const update = useUpdateRole();

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: {
      name: role?.name ?? "",
      description: role?.description ?? "",
      is_default: role?.is_default ?? false,
    },
  });
  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    role,
    role && {
      query: () => roleQueryOptions(role.id),
      apply: (fresh: Role) => {
        reset({ name: fresh.name, description: fresh.description ?? "", is_default: fresh.is_default });
        setChosen(new Set(fresh.permissions.map((p) => p.id)));
      },
    },
  );
  // An invalid field is on « Informations »: the tab is shown, the field focused.
  const submit = handleSubmit(
    async (body) => {
      try {
        if (role) {
          const permissionIds = canAssignPermissions && !sameIds(chosen, initial) ? chosenIds(groups, chosen) : null;
          await update.mutateAsync({ id: role.id, body, permissionIds, version: versioned.version });
          toastSuccess(ACCOUNT_TEXTS.roleUpdated);
        } else {
          await create.mutateAsync({
            ...body,
            permission_ids: canAssignPermissions ? chosenIds(groups, chosen) : [],
          });
          toastSuccess(ACCOUNT_TEXTS.roleCreated);
        }
        navigate(paths.roles);
      } catch (error) {
        // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
        if (versioned.refused(error)) return;
        // 409: the name is taken (unique per company, whatever the case).
        if (isApiError(error) && error.status === 409 && error.message === ACCOUNT_TEXTS.roleNameTaken) {
          setTab("informations");
          setError("name", { type: "server", message: error.message }, { shouldFocus: true });
          return;
        }
        const fieldErrors = fieldErrorsFor(error, FIELDS);
        for (const [index, { field, message }] of fieldErrors.entries()) {
          setError(field, { type: "server", message }, { shouldFocus: index === 0 });
        }
        if (fieldErrors.length > 0) setTab("informations");
        else toastFailure(ACCOUNT_TEXTS.roleSaveFailed, error);
      }
    },
    () => setTab("informations"),
  );

  /** « Recharger » after a stale save: the stored role in the form (its permissions too). */

  const information = (
    <div className="flex flex-col gap-4">
      <FormField label="Nom *" error={errors.name?.message}>
        {(props) => <Input required autoComplete="off" {...props} {...register("name")} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(props) => <Textarea rows={3} {...props} {...register("description")} />}
      </FormField>
      <div className="flex items-start gap-3">
        <label className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-muted pointer-coarse:size-11">
          <input
            id={defaultId}
            type="checkbox"
            aria-describedby={`${defaultId}-hint`}
            className="size-[1.125rem] cursor-pointer accent-primary"
            {...register("is_default")}
          />
        </label>
        <div className="flex min-w-0 flex-col gap-0.5 pt-1.5 pointer-coarse:pt-3">
          <label htmlFor={defaultId} className="cursor-pointer text-sm font-medium">
            Rôle par défaut
          </label>
          <p id={`${defaultId}-hint`} className="text-[0.8125rem] text-muted-foreground">
            Donné aux nouveaux utilisateurs invités sans rôle choisi. Un rôle par défaut ne peut pas être supprimé.
          </p>
        </div>
      </div>
    </div>
  );

  const picker = !canAssignPermissions ? (
    <p className="text-sm text-muted-foreground">
      Les permissions se choisissent avec le droit d’attribuer des permissions aux rôles.
    </p>
  ) : catalogue.isPending ? (
    <Spinner label="Chargement des permissions…" />
  ) : catalogue.isError ? (
    <p role="alert" className="text-sm text-destructive">
      Impossible de charger les permissions.
    </p>
  ) : groups.length === 0 ? (
    <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.permissionsEmpty}</p>
  ) : (
    <PermissionPicker groups={groups} chosen={chosen} onChange={setChosen} disabled={isSubmitting} />
  );

  const card = "rounded-lg border border-border bg-card p-4 shadow-card sm:p-6";
  return (
    <form noValidate onSubmit={submit} aria-busy={isSubmitting} className="flex flex-col gap-6">
      <RolePageHeader
        backTo={paths.roles}
        backLabel="Retour aux rôles"
        title={title}
        subtitle={role ? role.name : "Son nom, sa description et ses permissions."}
      />
      {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
      {editing ? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as typeof tab)} className="flex flex-col gap-4">
          <TabsList className={cn("self-start", isMobile && "w-full self-stretch")}>
            <TabsTrigger value="informations">Informations</TabsTrigger>
            <TabsTrigger value="permissions">Permissions</TabsTrigger>
          </TabsList>
          <TabsContent value="informations" forceMount className={cn(card, "max-w-2xl data-[state=inactive]:hidden")}>
            {information}
          </TabsContent>
          <TabsContent value="permissions" forceMount className="data-[state=inactive]:hidden">
            {picker}
          </TabsContent>
        </Tabs>
      ) : (
        <>
          <section aria-label="Informations" className={cn(card, "max-w-2xl")}>
            {information}
          </section>
          <section aria-labelledby="role-permissions" className="flex flex-col gap-3">
            <h2 id="role-permissions" className="text-base font-semibold">
              Permissions
            </h2>
            {picker}
          </section>
        </>
      )}
      <div
        className={cn(
          "flex gap-2 rounded-lg border border-border bg-card px-4 py-3 shadow-card",
          isMobile ? "[&>*]:flex-1" : "sticky bottom-4 z-10 justify-end shadow-elevated",
        )}
      >
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={() => navigate(paths.roles)}
          submitLabel={editing ? "Enregistrer" : "Créer le rôle"}
        />
      </div>
    </form>
  );
}
