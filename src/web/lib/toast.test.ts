import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh facade for each test (its waiting toasts and its toaster are module state). */
async function freshFacade() {
  vi.resetModules();
  return import("./toast");
}

function fakeSonner() {
  const calls: string[] = [];
  const toast = Object.assign((message: unknown) => calls.push(`toast ${String(message)}`), {
    success: (message: unknown) => calls.push(`success ${String(message)}`),
    error: (message: unknown) => calls.push(`error ${String(message)}`),
    info: (message: unknown) => calls.push(`info ${String(message)}`),
  });
  return { calls, module: { toast } as never };
}

describe("toast (sonner loaded after the first paint)", () => {
  beforeEach(() => vi.restoreAllMocks());

  it("keeps the toasts asked for before the toaster is there, asks for it, then shows them in order", async () => {
    const { toast, toasterReady, onToastWanted } = await freshFacade();
    const wanted = vi.fn();
    const stop = onToastWanted(wanted);
    toast.success("Devis créé avec succès");
    toast.error("Erreur lors du téléchargement du PDF");
    expect(wanted).toHaveBeenCalled();
    const sonner = fakeSonner();
    toasterReady(sonner.module);
    expect(sonner.calls).toEqual(["success Devis créé avec succès", "error Erreur lors du téléchargement du PDF"]);
    toast("Ligne 2 supprimée");
    toast.info("Brouillon repris");
    expect(sonner.calls.slice(2)).toEqual(["toast Ligne 2 supprimée", "info Brouillon repris"]);
    stop();
  });

  it("tells a host that starts listening late that a toast already waits", async () => {
    const { toast, onToastWanted } = await freshFacade();
    toast.error("Session expirée");
    const wanted = vi.fn();
    onToastWanted(wanted);
    expect(wanted).toHaveBeenCalledTimes(1);
  });
});
