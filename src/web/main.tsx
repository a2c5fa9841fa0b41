import { StrictMode } from "react";
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

// A signed-in cold start asks for the screen's code and data now, alongside the session check.
const queryClient = createQueryClient();
preloadRoute(queryClient, window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("Élément #root introuvable");

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
