import { act, cleanup, render, screen } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyScreen, type ScreenLoader } from "./screens";

afterEach(cleanup);

function DevisScreen() {
  return <h1>Devis</h1>;
}

/** A loader as screens.ts makes them, over a module the test resolves when it wants. */
function testLoader() {
  let resolve: (module: { Screen: ComponentType }) => void = () => {};
  let module: { Screen: ComponentType } | undefined;
  const pending = new Promise<{ Screen: ComponentType }>((done) => {
    resolve = done;
  }).then((loaded) => {
    module = loaded;
    return loaded;
  });
  const load = Object.assign(() => pending, { loaded: () => module }) as ScreenLoader<{ Screen: ComponentType }>;
  return { load, finish: () => resolve({ Screen: DevisScreen }) };
}

function renderScreen(load: ScreenLoader<{ Screen: ComponentType }>) {
  const Screen = lazyScreen(load, (module) => module.Screen);
  render(
    <Suspense fallback={<p>Chargement…</p>}>
      <Screen />
    </Suspense>,
  );
}

describe("lazyScreen", () => {
  it("renders a screen whose code has loaded at once, without a fallback first (React would hold it 300 ms)", async () => {
    const { load, finish } = testLoader();
    finish();
    await load();
    renderScreen(load);
    expect(screen.getByRole("heading", { name: "Devis" })).toBeTruthy();
    expect(screen.queryByText("Chargement…")).toBeNull();
  });

  it("shows the fallback while the code of a screen not loaded yet arrives", async () => {
    const { load, finish } = testLoader();
    renderScreen(load);
    expect(screen.getByText("Chargement…")).toBeTruthy();
    await act(async () => {
      finish();
      await load();
    });
    expect(await screen.findByRole("heading", { name: "Devis" })).toBeTruthy();
  });
});
