import type { AuthContext } from "@server/lib/access";
import type { RenderLog } from "@server/pdf/document";
import { requireAuth } from "@server/plugins/auth";
import type { PermissionCode } from "@shared/permissions";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { AppModule } from "../module";

const idParams = z.object({ id: z.string() });

/** A file answered as a download (`attachment; filename="…"`): a document's PDF or XML, an export. */
export function sendAttachment(
  reply: FastifyReply,
  file: { type: string; filename: string; body: Buffer | string | Uint8Array },
) {
  const { body: raw } = file;
  const body =
    typeof raw === "string" || Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  return reply.type(file.type).header("content-disposition", `attachment; filename="${file.filename}"`).send(body);
}

/**
 * A document's GET `${base}/:id/pdf` (docs/architecture.md « Document core »): one registration for
 * every kind, each with its permission, summary and service (`pdf` answers the file's name and bytes,
 * rendered by the kernel's pipeline, documents/document-pdf.ts).
 */
export function registerDocumentPdfRoute(
  app: Parameters<AppModule>[0],
  options: {
    base: "/api/quotes" | "/api/invoices";
    tags: string[];
    access: PermissionCode;
    summary: string;
    pdf: (auth: AuthContext, id: string, log: RenderLog) => Promise<{ filename: string; pdf: Buffer }>;
  },
): void {
  const { base, tags, access, summary, pdf } = options;
  app.get(
    `${base}/:id/pdf`,
    { config: { access: { permission: access } }, schema: { tags, summary, params: idParams } },
    async (request, reply) => {
      const { filename, pdf: body } = await pdf(requireAuth(request), request.params.id, request.log);
      return sendAttachment(reply, { type: "application/pdf", filename, body });
    },
  );
}
