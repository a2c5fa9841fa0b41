import { vi } from "vitest";

/**
 * The toasts of the `web` project (`shared-worker.ts` mocks `@web/lib/toast` with this module): one
 * object per worker, so that every screen and every test file of the worker hold the same one (a module
 * is evaluated once a worker there, not once a file). Reset before each test; assert on it through
 * `import { toast } from "@web/lib/toast"` (`vi.mocked(toast.success)`, or `vi.mocked(toast, true)`).
 */
export const toast = Object.assign(vi.fn(), {
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
});

export function toasterReady(): void {}

export function onToastWanted(): () => void {
  return () => undefined;
}

export function resetToastDouble(): void {
  for (const fn of [toast, toast.success, toast.error, toast.info, toast.warning]) fn.mockReset();
}
