import { COMPANY_TEXTS, LOGO_MAX_BYTES } from "@shared/company-rules";

/** Logo files (docs/domain/company-settings.md#rules): JPG, JPEG, PNG, GIF or WebP, 5 MB at most. The server checks the content again. */
export const LOGO_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const LOGO_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"] as const;
/** The file picker's `accept`: the types and their extensions. */
export const LOGO_ACCEPT = [...LOGO_MIME_TYPES, ...LOGO_EXTENSIONS.map((ext) => `.${ext}`)].join(",");

/** Other spellings browsers or systems give to the same types. */
const MIME_ALIASES: Record<string, string> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg" };

export interface LogoFileLike {
  name: string;
  type: string;
  size: number;
}

function extensionOf(name: string): string | null {
  const match = /\.([^./\\]+)$/.exec(name.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** Whether the declared type, or the extension when no type is declared, is an accepted image. */
export function isAcceptedLogoType(file: Pick<LogoFileLike, "name" | "type">): boolean {
  const type = file.type.trim().toLowerCase();
  const ext = extensionOf(file.name);
  const extOk = ext === null || (LOGO_EXTENSIONS as readonly string[]).includes(ext);
  if (type === "") return ext !== null && extOk;
  return (LOGO_MIME_TYPES as readonly string[]).includes(MIME_ALIASES[type] ?? type) && extOk;
}

/**
 * The spec's message when the chosen file cannot be a logo (checked before uploading), else null.
 * An empty file is no image either.
 */
export function logoFileError(file: LogoFileLike): string | null {
  if (!isAcceptedLogoType(file) || file.size === 0) return COMPANY_TEXTS.logoType;
  if (file.size > LOGO_MAX_BYTES) return COMPANY_TEXTS.logoSize;
  return null;
}
