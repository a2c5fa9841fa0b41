import { describe, expect, it } from "vitest";
import {
  attentionLimit,
  formatMileage,
  needsAttention,
  normaliseRegistration,
  VEHICLE_ATTENTION_DAYS,
  vehicleAttention,
} from "./vehicle-rules";
import { VEHICLE_TEXTS, vehicleCreateSchema, vehicleListQuerySchema, vehicleUpdateSchema } from "./vehicles";

const today = "2026-11-20";

describe("« à surveiller »", () => {
  it("is 30 days from today, today included, and the limit day too", () => {
    expect(VEHICLE_ATTENTION_DAYS).toBe(30);
    expect(attentionLimit(today)).toBe("2026-12-20");
    expect(needsAttention({ next_inspection_date: "2026-12-20" }, today)).toBe(true);
    expect(needsAttention({ next_inspection_date: "2026-12-21" }, today)).toBe(false);
    expect(needsAttention({ next_service_date: today }, today)).toBe(true);
  });

  it("needs no attention without dates, or with every date far off", () => {
    expect(vehicleAttention({}, today)).toEqual([]);
    expect(
      vehicleAttention(
        { next_service_date: null, next_inspection_date: "2027-06-01", insurance_expiry_date: "2027-01-31" },
        today,
      ),
    ).toEqual([]);
  });

  it("says which dates and how, the earliest first; a past date is late", () => {
    const dues = vehicleAttention(
      {
        next_service_date: "2027-03-01",
        next_inspection_date: "2026-12-03",
        insurance_expiry_date: "2026-11-01",
      },
      today,
    );
    expect(dues).toEqual([
      {
        field: "insurance_expiry_date",
        date: "2026-11-01",
        overdue: true,
        text: "Assurance expirée depuis le 01/11/2026",
      },
      { field: "next_inspection_date", date: "2026-12-03", overdue: false, text: "Contrôle technique le 03/12/2026" },
    ]);
    expect(vehicleAttention({ next_service_date: "2026-11-19" }, today)[0]?.text).toBe(
      "Entretien en retard depuis le 19/11/2026",
    );
    expect(vehicleAttention({ next_service_date: "2026-11-25" }, today)[0]?.text).toBe("Entretien le 25/11/2026");
    expect(vehicleAttention({ next_inspection_date: "2026-10-01" }, today)[0]?.text).toBe(
      "Contrôle technique dépassé depuis le 01/10/2026",
    );
    expect(vehicleAttention({ insurance_expiry_date: "2026-12-01" }, today)[0]?.text).toBe(
      "Assurance expire le 01/12/2026",
    );
  });

  it("crosses months and years as calendar days", () => {
    expect(attentionLimit("2026-12-15")).toBe("2027-01-14");
    expect(needsAttention({ insurance_expiry_date: "2027-01-14" }, "2026-12-15")).toBe(true);
  });
});

describe("the plate and the mileage", () => {
  it("writes a plate trimmed and upper-cased, inner spaces made one", () => {
    expect(normaliseRegistration("  ab-123-cd ")).toBe("AB-123-CD");
    expect(normaliseRegistration("1234  xy   75")).toBe("1234 XY 75");
  });

  it("writes a mileage with its thousands and km", () => {
    expect(formatMileage(125400)).toBe("125\u202f400\u00a0km");
    expect(formatMileage(0)).toBe("0\u00a0km");
    expect(formatMileage(null)).toBe("");
  });
});

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the vehicle schemas", () => {
  it("trim the name, upper-case the plate, null the blanks, and default to « available »", () => {
    expect(
      vehicleCreateSchema.parse({
        name: "  Master benne ",
        registration_number: " ab-123-cd ",
        brand: " ",
        model: "",
        mileage: "",
        next_service_date: "",
      }),
    ).toEqual({
      name: "Master benne",
      registration_number: "AB-123-CD",
      brand: null,
      model: null,
      status: "available",
      mileage: null,
      next_service_date: null,
      next_inspection_date: null,
      insurance_expiry_date: null,
    });
  });

  it("say the spec's words for a blank name and a short plate", () => {
    expect(issues(vehicleCreateSchema.safeParse({ name: "  ", registration_number: " a " }))).toEqual({
      name: VEHICLE_TEXTS.nameRequired,
      registration_number: VEHICLE_TEXTS.registrationTooShort,
    });
  });

  it("refuse a negative or decimal mileage, a day that does not exist and an unknown status", () => {
    expect(
      issues(
        vehicleCreateSchema.safeParse({
          name: "A",
          mileage: -1,
          next_inspection_date: "2026-02-30",
          insurance_expiry_date: "03/12/2026",
          status: "garage",
        }),
      ),
    ).toEqual({
      mileage: VEHICLE_TEXTS.mileageInvalid,
      next_inspection_date: VEHICLE_TEXTS.dateInvalid,
      insurance_expiry_date: VEHICLE_TEXTS.dateInvalid,
      status: VEHICLE_TEXTS.statusInvalid,
    });
    expect(issues(vehicleCreateSchema.safeParse({ name: "A", mileage: 12.5 })).mileage).toBe(
      VEHICLE_TEXTS.mileageInvalid,
    );
  });

  it("want every key of a PUT", () => {
    const result = issues(vehicleUpdateSchema.safeParse({ name: "A" }));
    expect(Object.keys(result).sort()).toEqual(
      [
        "brand",
        "insurance_expiry_date",
        "mileage",
        "model",
        "next_inspection_date",
        "next_service_date",
        "registration_number",
        "status",
      ].sort(),
    );
  });

  it("read the attention filter as true or false", () => {
    expect(vehicleListQuerySchema.parse({ needs_attention: "true" }).needs_attention).toBe(true);
    expect(vehicleListQuerySchema.parse({}).needs_attention).toBe(false);
    expect(vehicleListQuerySchema.safeParse({ needs_attention: "oui" }).success).toBe(false);
  });
});
