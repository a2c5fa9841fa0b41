import { formatCount } from "@shared/format";
import { normaliseRegistration, type VehicleStatus } from "@shared/vehicle-rules";
import { type Vehicle, vehicleCreateSchema } from "@shared/vehicles";
import { formSchema } from "@web/lib/form-schema";
import type { VehiclePayload } from "../api/vehicle-mutations";

/** What the form edits: a new vehicle, or a vehicle of the list (opened on its dates to plan its upkeep). */
export type VehicleFormState = { mode: "create" } | { mode: "edit"; vehicle: Vehicle; focus?: "dates" } | null;

/** The vehicle form's values: the inputs' text ('' when empty). */
export interface VehicleFormFields {
  name: string;
  registration_number: string;
  brand: string;
  model: string;
  status: VehicleStatus;
  mileage: string;
  next_service_date: string;
  next_inspection_date: string;
  insurance_expiry_date: string;
}

/** The fields of the body, in the form's order: where a message about each one shows. */
export const VEHICLE_FORM_FIELDS = [
  "name",
  "registration_number",
  "brand",
  "model",
  "status",
  "mileage",
  "next_service_date",
  "next_inspection_date",
  "insurance_expiry_date",
] as const satisfies readonly (keyof VehicleFormFields)[];

export function vehicleFormDefaults(vehicle: Vehicle | null): VehicleFormFields {
  return {
    name: vehicle?.name ?? "",
    registration_number: vehicle?.registration_number ?? "",
    brand: vehicle?.brand ?? "",
    model: vehicle?.model ?? "",
    status: vehicle?.status ?? "available",
    mileage: vehicle?.mileage == null ? "" : formatCount(vehicle.mileage),
    next_service_date: vehicle?.next_service_date ?? "",
    next_inspection_date: vehicle?.next_inspection_date ?? "",
    insurance_expiry_date: vehicle?.insurance_expiry_date ?? "",
  };
}

/**
 * A mileage as typed (« 148 300 », « 148300 km »): its whole number; '' none; anything else as typed,
 * for the schema to refuse in its words.
 */
export function mileageOf(text: string): number | string | null {
  const compact = text.replace(/[\s\u00a0\u202f.]/g, "").replace(/km$/i, "");
  if (compact === "") return null;
  return /^\d+$/.test(compact) ? Number(compact) : text;
}

/** The whole vehicle as POST and PUT take it (the server trims, upper-cases and checks it again). */
export function toVehiclePayload(fields: VehicleFormFields): VehiclePayload {
  const text = (value: string) => value.trim() || null;
  return {
    name: fields.name,
    registration_number: text(normaliseRegistration(fields.registration_number)),
    brand: text(fields.brand),
    model: text(fields.model),
    status: fields.status,
    mileage: mileageOf(fields.mileage),
    next_service_date: text(fields.next_service_date),
    next_inspection_date: text(fields.next_inspection_date),
    insurance_expiry_date: text(fields.insurance_expiry_date),
  };
}

/**
 * The form's schema: the body built from the fields (the plate normalised, the mileage read), checked by
 * vehicleCreateSchema (create and edit alike: the form sends every key); a message at its field.
 */
export const vehicleFormSchema = formSchema(
  vehicleCreateSchema,
  toVehiclePayload,
  (path) => VEHICLE_FORM_FIELDS.find((f) => f === path.split(".")[0]) ?? "name",
);
