import { COMPANY_TEXTS } from "@shared/company-rules";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { errorDescription, GENERIC_ERROR_MESSAGE, toastFailure } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { ImageOff, ImagePlus, LoaderCircle, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from "react";
import { companyKeys } from "../api/company-keys";
import { useDeleteCompanyLogo } from "../api/delete-company-logo";
import { useUploadCompanyLogo } from "../api/upload-company-logo";
import { LOGO_ACCEPT, logoFileError } from "../lib/logo-file";

export interface CompanyLogoCardProps {
  /** The signed URL of the current logo, or null. */
  logoUrl: string | null;
  companyName: string;
  canEdit: boolean;
  isMobile: boolean;
}

/**
 * The logo card (docs/domain/company-settings.md#screen): preview, « Ajouter un logo » / « Changer le logo », « Supprimer ».
 * The type and size are checked here before uploading; the server checks the content again.
 */
export function CompanyLogoCard({ logoUrl, companyName, canEdit, isMobile }: CompanyLogoCardProps) {
  const queryClient = useQueryClient();
  const upload = useUploadCompanyLogo();
  const remove = useDeleteCompanyLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // A signed URL that failed to load: asked again once, then shown as unavailable.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const hasLogo = logoUrl !== null;

  const send = async (file: File) => {
    setError(null);
    const problem = logoFileError(file);
    if (problem) {
      setError(problem);
      toast.error(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(COMPANY_TEXTS.logoAdded);
    } catch (failure) {
      setError(errorDescription(failure) ?? GENERIC_ERROR_MESSAGE);
      toastFailure("Erreur", failure, GENERIC_ERROR_MESSAGE);
    }
  };

  const removeLogo = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast.success(COMPANY_TEXTS.logoRemoved);
    } catch (failure) {
      setError(errorDescription(failure) ?? GENERIC_ERROR_MESSAGE);
      toastFailure("Erreur", failure, GENERIC_ERROR_MESSAGE);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still triggers a change.
    event.target.value = "";
    if (file) void send(file);
  };

  const dropEnabled = canEdit && !busy;
  const onDragOver = (event: DragEvent) => {
    if (!dropEnabled || !event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!dropEnabled) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  const onImageError = () => {
    if (!logoUrl) return;
    if (failedUrl !== logoUrl) {
      setFailedUrl(logoUrl);
      void queryClient.invalidateQueries({ queryKey: companyKeys.info() });
    } else {
      setBrokenUrl(logoUrl);
    }
  };

  return (
    <Card className="min-w-0" data-testid="company-logo-card">
      <CardHeader className={cn(isMobile ? "p-4 pb-2" : "px-5 pt-5")}>
        <CardTitle>Logo</CardTitle>
        <CardDescription>Affiché en tête de vos devis et factures.</CardDescription>
      </CardHeader>
      <CardContent className={cn("flex flex-col gap-4", isMobile ? "p-4 pt-2" : "px-5 pb-5")}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut for the button below */}
        <div
          data-testid="company-logo-preview"
          aria-busy={busy}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "relative flex h-40 items-center justify-center overflow-hidden rounded-lg border bg-[repeating-conic-gradient(#f3f4f8_0_25%,#ffffff_0_50%)] bg-size-[16px_16px] p-4 transition-colors",
            hasLogo ? "border-border" : "border-dashed border-input",
            dragging && "border-primary bg-primary-soft",
          )}
        >
          {hasLogo && brokenUrl !== logoUrl ? (
            <img
              src={logoUrl}
              alt={`Logo de ${companyName}`}
              onError={onImageError}
              className="max-h-full max-w-full object-contain"
              decoding="async"
            />
          ) : hasLogo ? (
            <div className="flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-7" />
              Aperçu indisponible
            </div>
          ) : (
            <div className="flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
              <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
                <ImagePlus aria-hidden="true" className="size-5" />
              </span>
              <span className="font-medium text-foreground">Aucun logo</span>
              {canEdit && !isMobile && <span className="text-[0.8125rem]">Glissez une image ici</span>}
            </div>
          )}
          {busy && (
            <div className="absolute inset-0 flex items-center justify-center bg-card/75">
              <LoaderCircle aria-hidden="true" className="size-7 animate-spin text-primary" />
            </div>
          )}
        </div>

        <div id={hintId} className="flex flex-col gap-0.5 text-[0.8125rem] text-muted-foreground">
          <p>Recommandé&nbsp;: au moins 200×200 px</p>
          <p>JPG, PNG, GIF ou WebP, 5 Mo maximum</p>
        </div>

        <p
          id={errorId}
          role="alert"
          className={cn("text-[0.8125rem] font-medium text-destructive", !error && "sr-only")}
        >
          {error ?? ""}
        </p>

        <p className="sr-only" aria-live="polite">
          {upload.isPending ? "Envoi du logo…" : remove.isPending ? "Suppression du logo…" : ""}
        </p>

        {canEdit && (
          <div className={cn("flex gap-2", isMobile ? "[&>button]:flex-1" : "flex-col [&>button]:w-full")}>
            <input
              ref={inputRef}
              type="file"
              accept={LOGO_ACCEPT}
              hidden
              onChange={onChange}
              data-testid="company-logo-input"
            />
            <Button
              variant={hasLogo ? "outline" : "default"}
              onClick={() => inputRef.current?.click()}
              disabled={busy}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            >
              {upload.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                  En cours…
                </>
              ) : (
                <>
                  <Upload aria-hidden="true" />
                  {hasLogo ? "Changer le logo" : "Ajouter un logo"}
                </>
              )}
            </Button>
            {hasLogo && (
              <Button
                variant="ghost"
                aria-label="Supprimer le logo"
                onClick={() => void removeLogo()}
                disabled={busy}
                className="text-destructive hover:bg-destructive-soft hover:text-destructive"
              >
                {remove.isPending ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Trash2 aria-hidden="true" />
                )}
                Supprimer
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
