import { VEHICLE_TEXTS } from "@shared/vehicle-rules";
import { describe, expect, it } from "vitest";
import { mileageOf, toVehiclePayload, vehicleFormDefaults, vehicleFormSchema } from "./vehicle-form";

describe("the vehicle form's payload", () => {
  it("sends the plate upper-cased, blanks as none, the mileage as a number", () => {
    expect(
      toVehiclePayload({
        ...vehicleFormDefaults(null),
        name: " Master benne ",
        registration_number: " fh-482-kt ",
        brand: "Renault",
        model: "  ",
        mileage: "148 300",
        next_inspection_date: "2026-12-03",
      }),
    ).toEqual({
      name: " Master benne ",
      registration_number: "FH-482-KT",
      brand: "Renault",
      model: null,
      status: "available",
      mileage: 148300,
      next_service_date: null,
      next_inspection_date: "2026-12-03",
      insurance_expiry_date: null,
    });
  });

  it("reads a mileage with its spaces or « km », and leaves anything else for the schema to refuse", () => {
    expect(mileageOf("")).toBeNull();
    expect(mileageOf("62\u202f450 km")).toBe(62450);
    expect(mileageOf("12.500")).toBe(12500);
    expect(mileageOf("-3")).toBe("-3");
    expect(mileageOf("beaucoup")).toBe("beaucoup");
  });
});

describe("the vehicle form's defaults", () => {
  it("show a stored mileage with its thousands, read back as the same number", () => {
    const fields = vehicleFormDefaults({
      id: "v1",
      name: "Master",
      registration_number: null,
      brand: null,
      model: null,
      status: "in_use",
      mileage: 148300,
      next_service_date: null,
      next_inspection_date: null,
      insurance_expiry_date: null,
      next_due_date: null,
      created_at: "2026-11-22T12:00:00.000Z",
      updated_at: "2026-11-22T12:00:00.000Z",
    });
    expect(fields.mileage).toBe("148\u202f300");
    expect(mileageOf(fields.mileage)).toBe(148300);
  });
});

describe("the vehicle form's schema", () => {
  it("checks the body the form sends with the shared schema, each message at its field", () => {
    const result = vehicleFormSchema.safeParse({
      ...vehicleFormDefaults(null),
      name: " ",
      registration_number: "f",
      mileage: "beaucoup",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", VEHICLE_TEXTS.nameRequired],
      ["registration_number", VEHICLE_TEXTS.registrationTooShort],
      ["mileage", VEHICLE_TEXTS.mileageInvalid],
    ]);
  });

  it("hands over the body as built: « 148 300 km » read as 148300", () => {
    const fields = { ...vehicleFormDefaults(null), name: "Master", mileage: "148 300 km" };
    expect(vehicleFormSchema.parse(fields)).toEqual(toVehiclePayload(fields));
    expect(vehicleFormSchema.parse(fields).mileage).toBe(148300);
  });
});
