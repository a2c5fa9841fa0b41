import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  cancelInputSchema,
  clientBalanceSchema,
  depositInputSchema,
  invoiceExportQuerySchema,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  invoiceStatsQuerySchema,
  invoiceStatsSchema,
  invoiceStatusSchema,
  invoiceUpdateSchema,
  markPaidSchema,
  paymentCancelSchema,
  paymentInputSchema,
  refundInputSchema,
} from "@shared/invoices";
import { z } from "zod";
import { registerDocumentPdfRoute, sendAttachment } from "../documents/document-pdf.routes";
import type { AppModule } from "../module";
import { registerInvoiceMessageRoutes } from "./invoice-messages.routes";
import { createInvoicesService, INVOICES_ACCESS } from "./invoices.service";

const tags = ["Factures"];
const idParams = z.object({ id: z.string() });
const quoteParams = z.object({ quoteId: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errorsOf, 409: errorResponseSchema };

/**
 * Invoices, deposit invoices and credit notes (docs/domain/invoices.md). The order of the routes is the
 * lifecycle's (the route walk of src/server/test/routes.test.ts calls them in this order).
 */
export const invoicesModule: AppModule = async (app, { db }) => {
  const invoices = createInvoicesService(db);

  app.get(
    "/api/invoices",
    {
      config: { access: { permission: INVOICES_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Liste paginée (20) des factures, avoirs compris\u202f: recherche (référence, nom, client), statut (retard dérivé), client, devis, chantier",
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListResponseSchema, ...errorsOf },
      },
    },
    async (request) => invoices.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/invoices/stats",
    {
      config: { access: { permission: INVOICES_ACCESS.stats } },
      schema: {
        tags,
        summary: "Chiffres des factures émises du filtre (mêmes filtres que la liste), calculés en SQL",
        querystring: invoiceStatsQuerySchema,
        response: { 200: invoiceStatsSchema, ...errorsOf },
      },
    },
    async (request) => invoices.stats(requireAuth(request), request.query),
  );

  app.get(
    "/api/invoices/balance/:clientId",
    {
      config: { access: { permission: INVOICES_ACCESS.balance } },
      schema: {
        tags,
        summary:
          "Solde d’un client\u202f: reste à payer de ses factures émises, avoir disponible sur son compte, solde dû (l’un moins l’autre) et ses avoirs non épuisés",
        params: z.object({ clientId: z.string() }),
        response: { 200: clientBalanceSchema, ...errorsOf },
      },
    },
    async (request) => invoices.balance(requireAuth(request), request.params.clientId),
  );

  app.get(
    "/api/invoices/export",
    {
      config: { access: { permission: INVOICES_ACCESS.export } },
      schema: {
        tags,
        summary:
          "Export ZIP des factures, acomptes et avoirs émis de la période (un an au plus)\u202f: chaque Factur-X {référence}.pdf et recapitulatif.csv",
        querystring: invoiceExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { filename, zip } = await invoices.exportZip(requireAuth(request), request.query, request.log);
      return sendAttachment(reply, { type: "application/zip", filename, body: zip });
    },
  );

  app.get(
    "/api/invoices/:id",
    {
      config: { access: { permission: INVOICES_ACCESS.get } },
      schema: {
        tags,
        summary: "Une facture\u202f: lignes, paiements, acomptes déduits, avoir",
        params: idParams,
        response: { 200: invoiceSchema, ...errorsOf },
      },
    },
    async (request) => invoices.get(requireAuth(request), request.params.id),
  );

  registerDocumentPdfRoute(app, {
    base: "/api/invoices",
    tags,
    access: INVOICES_ACCESS.pdf,
    summary:
      "PDF (facture-{référence}.pdf, avoir-{référence}.pdf)\u202f: émis, un Factur-X (PDF/A-3b, factur-x.xml joint)\u202f; un brouillon porte «\u00a0BROUILLON\u00a0»",
    pdf: invoices.pdf,
  });

  app.get(
    "/api/invoices/:id/xml",
    {
      config: { access: { permission: INVOICES_ACCESS.xml } },
      schema: {
        tags,
        summary:
          "XML Factur-X d’une facture émise ({référence}.xml, CII D16B, profil EN 16931)\u202f; 409 pour un brouillon",
        params: idParams,
      },
    },
    async (request, reply) => {
      const { filename, xml } = await invoices.xml(requireAuth(request), request.params.id);
      return sendAttachment(reply, { type: "application/xml; charset=utf-8", filename, body: xml });
    },
  );

  app.post(
    "/api/invoices",
    {
      config: { access: { permission: INVOICES_ACCESS.create } },
      schema: {
        tags,
        summary:
          "Crée un brouillon (référence PROV-…, totaux calculés par le serveur)\u202f; avec un devis validé, sa facture de solde, acomptes déduits",
        body: invoiceInputSchema,
        response: { 201: invoiceSchema, ...withConflict },
      },
    },
    async (request, reply) => reply.status(201).send(await invoices.create(requireAuth(request), request.body)),
  );

  app.post(
    "/api/invoices/deposit/:quoteId",
    {
      config: { access: { permission: INVOICES_ACCESS.deposit } },
      schema: {
        tags,
        summary: "Facture d’acompte d’un devis validé (pourcentage ou montant TTC, TVA répartie par taux)",
        params: quoteParams,
        body: depositInputSchema,
        response: { 201: invoiceSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invoices.deposit(requireAuth(request), request.params.quoteId, request.body)),
  );

  app.post(
    "/api/invoices/from-quote/:quoteId",
    {
      config: { access: { permission: INVOICES_ACCESS.fromQuote } },
      schema: {
        tags,
        summary:
          "Facture de solde d’un devis validé (brouillon)\u202f: ses lignes, remises, client et chantier, acomptes déduits",
        params: quoteParams,
        response: { 201: invoiceSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invoices.fromQuote(requireAuth(request), request.params.quoteId)),
  );

  app.post(
    "/api/invoices/from-project/:projectId",
    {
      config: { access: { permission: INVOICES_ACCESS.fromProject } },
      schema: {
        tags,
        summary:
          "«\u00a0Facturer\u00a0» un chantier\u202f: la facture de son devis validé, sinon ses tâches chiffrées ou son budget",
        params: z.object({ projectId: z.string() }),
        response: { 201: invoiceSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invoices.fromProject(requireAuth(request), request.params.projectId)),
  );

  app.put(
    "/api/invoices/:id",
    {
      config: { access: { permission: INVOICES_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un brouillon (409 «\u00a0Facture non éditable\u00a0» une fois émise)",
        params: idParams,
        body: invoiceUpdateSchema,
        response: { 200: invoiceSchema, ...withConflict },
      },
    },
    async (request) => invoices.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/invoices/:id",
    {
      config: { access: { permission: INVOICES_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime un brouillon (409 «\u00a0Facture non éditable\u00a0» une fois émise)",
        params: idParams,
        response: { 204: z.null(), ...withConflict },
      },
    },
    async (request, reply) => {
      await invoices.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/invoices/:id/issue",
    {
      config: { access: { permission: INVOICES_ACCESS.issue } },
      schema: {
        tags,
        summary:
          "«\u00a0Marquer comme envoyée\u00a0»\u202f: numéro définitif FAC-AAAA-NNNN, date du jour, identités figées",
        params: idParams,
        response: { 200: invoiceSchema, ...withConflict },
      },
    },
    async (request) => invoices.issue(requireAuth(request), request.params.id, request.log),
  );

  app.post(
    "/api/invoices/:id/payments",
    {
      config: { access: { permission: INVOICES_ACCESS.pay } },
      schema: {
        tags,
        summary:
          "Enregistre un paiement (pas au-delà du reste à payer)\u202f; payée quand les paiements couvrent le total",
        params: idParams,
        body: paymentInputSchema,
        response: { 201: invoiceSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invoices.addPayment(requireAuth(request), request.params.id, request.body)),
  );

  app.delete(
    "/api/invoices/:id/payments/:paymentId",
    {
      config: { access: { permission: INVOICES_ACCESS.pay } },
      schema: {
        tags,
        summary:
          "Retire un paiement (pas sur une facture annulée)\u202f: depuis l’issue 34, il est annulé et gardé, avec le motif «\u00a0Règlement supprimé de la facture\u00a0» (préférez …/cancel)\u202f; une facture payée redevient envoyée",
        params: z.object({ id: z.string(), paymentId: z.string() }),
        response: { 200: invoiceSchema, ...withConflict },
      },
    },
    async (request) => invoices.removePayment(requireAuth(request), request.params.id, request.params.paymentId),
  );

  app.post(
    "/api/invoices/:id/payments/:paymentId/cancel",
    {
      config: { access: { permission: INVOICES_ACCESS.pay } },
      schema: {
        tags,
        summary:
          "«\u00a0Annuler le règlement\u00a0»\u202f: le paiement est gardé, marqué annulé avec son motif, et ne compte plus\u202f; le journal enregistre son annulation avec ce motif\u202f; 409 s’il l’est déjà ou si la facture est annulée",
        params: z.object({ id: z.string(), paymentId: z.string() }),
        body: paymentCancelSchema,
        response: { 200: invoiceSchema, ...withConflict },
      },
    },
    async (request) =>
      invoices.cancelPayment(requireAuth(request), request.params.id, request.params.paymentId, request.body),
  );

  app.post(
    "/api/invoices/:id/pay",
    {
      config: { access: { permission: INVOICES_ACCESS.pay } },
      schema: {
        tags,
        summary: "«\u00a0Marquer comme payée\u00a0»\u202f: le reste à payer, aujourd’hui, par virement par défaut",
        params: idParams,
        body: markPaidSchema,
        response: { 200: invoiceSchema, ...withConflict },
      },
    },
    async (request) => invoices.markPaid(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    "/api/invoices/:id/cancel",
    {
      config: { access: { permission: INVOICES_ACCESS.cancel } },
      schema: {
        tags,
        summary:
          "Annule une facture émise ou payée par un avoir AV-AAAA-NNNN (réponse\u202f: l’avoir)\u202f; les paiements reçus sont remboursés (payments\u00a0: refund, invoices:pay) ou gardés en avoir (credit, par défaut)\u202f; un brouillon se supprime",
        params: idParams,
        body: cancelInputSchema.optional(),
        response: { 201: invoiceSchema, ...withConflict },
      },
      // The body is new (issue 32): a call without one (every client before it) is an empty object. Fastify
      // hands a missing body to the schema as null; a body that IS null stays refused.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invoices.cancel(requireAuth(request), request.params.id, request.log, request.body ?? {})),
  );

  app.post(
    "/api/invoices/:id/refunds",
    {
      config: { access: { permission: INVOICES_ACCESS.refund } },
      schema: {
        tags,
        summary:
          "Enregistre un remboursement au client sur un avoir (pas au-delà de l’avoir disponible)\u202f; réponse\u202f: l’avoir",
        params: idParams,
        body: refundInputSchema,
        response: { 201: invoiceSchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invoices.refund(requireAuth(request), request.params.id, request.body)),
  );

  app.patch(
    "/api/invoices/:id/status",
    {
      config: { access: { permission: INVOICES_ACCESS.status } },
      schema: {
        tags,
        summary:
          "Change le statut (spec)\u202f: sent (invoices:issue), paid (invoices:pay), cancelled (invoices:issue)\u202f; autre cible «\u00a0Statut non supporté\u00a0»",
        params: idParams,
        body: invoiceStatusSchema,
        response: { 200: invoiceSchema, ...withConflict },
      },
    },
    async (request) => invoices.setStatus(requireAuth(request), request.params.id, request.body, request.log),
  );

  registerInvoiceMessageRoutes(app, db, invoices);
};
