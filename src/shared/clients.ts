import { z } from "zod";
import { CLIENT_LIMITS, CLIENT_TEXTS } from "./client-rules";
import {
  clearable,
  clearableText,
  limitParam,
  optional,
  optionalText,
  pageParam,
  phoneNumber,
  requiredField,
  requiredText,
  searchParam,
} from "./fields";

export * from "./client-rules";

const clientName = (message: string) => requiredText(200, message, "Le nom\u00a0: 200 caractères au maximum");
const clientEmail = () => z.email({ error: CLIENT_TEXTS.emailInvalid }).max(254, CLIENT_TEXTS.emailInvalid);

function clientFields(messages: { nameRequired: string }) {
  return {
    name: clientName(messages.nameRequired),
    email: optional(clientEmail()),
    phone: optional(phoneNumber()),
    address: optionalText(300, "Adresse"),
    postal_code: optionalText(10, "Code postal"),
    city: optionalText(100, "Ville"),
    notes: optionalText(5000, "Notes"),
  };
}

function withContactRule<T extends z.ZodType<{ email: string | null; phone: string | null }>>(
  schema: T,
  message: string,
) {
  return schema.refine((c) => Boolean(c.email || c.phone), { message, path: ["email"] });
}

/** The client form (web): the form wordings of docs/domain/clients.md#form. */
export const clientFormSchema = withContactRule(
  z.object({ ...clientFields({ nameRequired: CLIENT_TEXTS.nameRequiredForm }), is_active: z.boolean().optional() }),
  CLIENT_TEXTS.contactRequiredForm,
);
export type ClientFormInput = z.input<typeof clientFormSchema>;
export type ClientFormValues = z.output<typeof clientFormSchema>;

/** POST /api/clients body: the service wordings. */
export const clientCreateSchema = withContactRule(
  z.object(clientFields({ nameRequired: CLIENT_TEXTS.nameRequiredService })),
  CLIENT_TEXTS.contactRequiredService,
);
/**
 * PUT /api/clients/:id body: the whole client, as published: the same fields plus is_active, every key
 * required (« Champ obligatoire » when left out, and nothing changes). An optional field is emptied
 * by null or empty text, never by leaving it out (docs/domain/clients.md).
 */
export const clientUpdateSchema = withContactRule(
  z.object({
    name: clientName(CLIENT_TEXTS.nameRequiredService),
    email: clearable(clientEmail()),
    phone: clearable(phoneNumber()),
    address: clearableText(300, "Adresse"),
    postal_code: clearableText(10, "Code postal"),
    city: clearableText(100, "Ville"),
    notes: clearableText(5000, "Notes"),
    is_active: requiredField(z.boolean({ error: "Statut invalide" })),
  }),
  CLIENT_TEXTS.contactRequiredService,
);
export type ClientCreate = z.output<typeof clientCreateSchema>;
export type ClientUpdate = z.output<typeof clientUpdateSchema>;

export const clientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(CLIENT_LIMITS.maxLimit, CLIENT_LIMITS.defaultLimit),
  status: z.enum(["active", "inactive"], { error: "Statut invalide (active ou inactive)" }).optional(),
  search: searchParam(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/** Counters of the page header, over the whole client book (GET /api/clients/counters). */
export const clientCountersSchema = z.object({ total: z.number(), active: z.number(), with_phone: z.number() });
export type ClientCounters = z.infer<typeof clientCountersSchema>;

export const clientListResponseSchema = z.object({
  data: z.array(clientSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** Client stats, defined in docs/domain/clients.md#figures. */
export const clientStatsSchema = z.object({
  total_quotes: z.number(),
  quotes_accepted: z.number(),
  quotes_pending: z.number(),
  quotes_rejected: z.number(),
  conversion_rate: z.number(),
  total_revenue: z.number(),
  average_project_value: z.number(),
  last_quote_date: z.string().nullable(),
  last_project_date: z.string().nullable(),
});
export type ClientStats = z.infer<typeof clientStatsSchema>;

export const clientIncludeSchema = z.object({
  include: z
    .string()
    .optional()
    .transform(
      (v) =>
        new Set(
          (v ?? "")
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
    )
    .refine((set) => [...set].every((i) => ["projects", "quotes", "stats"].includes(i)), {
      message: "include accepte projects, quotes et stats",
    }),
});

export const clientRelatedProjectSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  start_date: z.string().nullable(),
});
export const clientRelatedQuoteSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  status: z.string(),
  date: z.string().nullable(),
  total: z.number(),
});

export const clientDetailSchema = clientSchema.extend({
  projects: z.array(clientRelatedProjectSchema).optional(),
  quotes: z.array(clientRelatedQuoteSchema).optional(),
  stats: clientStatsSchema.optional(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;
