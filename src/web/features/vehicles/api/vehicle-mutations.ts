import type { Vehicle } from "@shared/vehicles";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { vehicleRefreshes } from "./vehicle-keys";

const vehiclePath = (id: string) => `/vehicles/${encodeURIComponent(id)}`;

/** The body of POST /api/vehicles and PUT /api/vehicles/:id: the whole vehicle. */
export interface VehiclePayload {
  name: string;
  registration_number: string | null;
  brand: string | null;
  model: string | null;
  status: Vehicle["status"];
  mileage: number | string | null;
  next_service_date: string | null;
  next_inspection_date: string | null;
  insurance_expiry_date: string | null;
}

/** POST /api/vehicles, or PUT /api/vehicles/:id. The form shows its own failure. */
export function useSaveVehicle() {
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: VehiclePayload; version?: string | null }) =>
      id === null ? api.post<Vehicle>("/vehicles", body) : api.put<Vehicle>(vehiclePath(id), body, { version }),
    meta: { invalidates: vehicleRefreshes.save },
  });
}

/** DELETE /api/vehicles/:id (204; 409 when a worksite uses the vehicle). The page shows the failure. */
export function useDeleteVehicle() {
  return useMutation({
    mutationFn: (id: string) => api.delete(vehiclePath(id)),
    meta: { invalidates: vehicleRefreshes.delete },
  });
}
