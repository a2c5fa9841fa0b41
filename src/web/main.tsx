import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadRoute } from "./app/route-preload";
import { captureInstallEvents } from "./features/pwa/lib/install-event";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

captureInstallEvents();

// The service worker precaches the whole app: register it a few seconds after the page has loaded,
// so that downloading every screen never slows the first one on a phone's connection.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    setTimeout(() => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
        console.error("Service worker non enregistré", error);
      });
    }, 3000);
  });
}

// A cold start asks for the screen's code and data now, alongside the session check, and renders once
// that code is there (ADR 0005 §10): the screen then appears whole, instead of a « Chargement… »
// fallback that React's fallback throttle keeps for 300 ms. Until then index.html shows the same
// « Chargement… » without JavaScript; never later than FIRST_RENDER_WAIT_MS on a slow connection.
// The first render is a transition: React renders in slices and never blocks a phone for long.
const FIRST_RENDER_WAIT_MS = 800;
const queryClient = createQueryClient();
const codeReady = preloadRoute(queryClient, window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("Élément #root introuvable");

void Promise.race([codeReady, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
