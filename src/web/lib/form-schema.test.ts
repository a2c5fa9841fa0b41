import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formSchema } from "./form-schema";

/** A body whose names differ from the form's: `amount` typed as text, `tags` typed row by row. */
const bodySchema = z
  .object({
    label: z.string().trim().min(1, "Le libellé est obligatoire"),
    amount: z.number({ error: "Montant invalide" }).gt(0, "Le montant doit être positif"),
    tag_list: z.array(z.string().max(5, "5 caractères au plus")),
  })
  .refine((body) => body.label !== "interdit", { message: "Libellé refusé", path: ["label"] });

interface Fields {
  label: string;
  amount: string;
  tags: { value: string }[];
}

const toBody = (fields: Fields) => ({
  label: fields.label,
  amount: Number(fields.amount.replace(",", ".")),
  tag_list: fields.tags.map((t) => t.value),
});
const pathOf = (path: string) => {
  const row = /^tag_list\.(\d+)$/.exec(path);
  if (row) return `tags.${row[1]}.value`;
  return ["label", "amount"].includes(path) ? path : null;
};
const schema = formSchema(bodySchema, toBody, pathOf);
const fields = (changes: Partial<Fields> = {}): Fields => ({ label: " Pose ", amount: "12,50", tags: [], ...changes });

const options = {
  fields: {},
  names: ["label", "amount", "tags.0.value", "tags.1.value"],
  shouldUseNativeValidation: false,
  criteriaMode: "firstError",
} as unknown as ResolverOptions<Fields>;

describe("formSchema", () => {
  it("hands over the body as built from the fields (the server parses it again)", () => {
    expect(schema.parse(fields({ tags: [{ value: "a" }] }))).toEqual({
      label: " Pose ",
      amount: 12.5,
      tag_list: ["a"],
    });
  });

  it("puts each message of the shared schema under the form's field, a body's row under its input", () => {
    const result = schema.safeParse(
      fields({ label: " ", amount: "-1", tags: [{ value: "ok" }, { value: "trop long" }] }),
    );
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["label", "Le libellé est obligatoire"],
      ["amount", "Le montant doit être positif"],
      ["tags.1.value", "5 caractères au plus"],
    ]);
  });

  it("keeps a message no input shows as the form's own error, so the form is not sent", () => {
    const other = formSchema(bodySchema, toBody, () => null);
    expect(other.safeParse(fields({ label: "" })).error?.issues.map((i) => i.path)).toEqual([["root"]]);
  });

  it("runs a refinement of the screen only once the body is valid, at the form's paths", () => {
    const bounded = schema.superRefine((body, ctx) => {
      if (body.amount > 100) ctx.addIssue({ code: "custom", path: ["amount"], message: "Au-dessus du solde" });
    });
    expect(bounded.safeParse(fields({ label: "", amount: "500" })).error?.issues.map((i) => i.message)).toEqual([
      "Le libellé est obligatoire",
    ]);
    expect(bounded.safeParse(fields({ amount: "500" })).error?.issues.map((i) => i.message)).toEqual([
      "Au-dessus du solde",
    ]);
  });

  it("through zodResolver: the errors nested at the form’s fields, the values the body", async () => {
    const resolver = zodResolver(schema);
    const invalid = await resolver(
      fields({ label: "interdit", tags: [{ value: "ok" }, { value: "trop long" }] }),
      undefined,
      options,
    );
    expect(invalid.values).toEqual({});
    expect(invalid.errors.label?.message).toBe("Libellé refusé");
    expect(invalid.errors.tags?.[1]?.value?.message).toBe("5 caractères au plus");
    const valid = await resolver(fields(), undefined, options);
    expect(valid).toEqual({ values: { label: " Pose ", amount: 12.5, tag_list: [] }, errors: {} });
  });
});
