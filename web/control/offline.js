// @ts-check
// Offline use: the service worker (sw.js) caches the whole build, so the next visit opens with the network off.
//
// A new build never mixes with the old one: while this page runs it is served its own build; a new build the
// browser finds is installed whole beside it and waits. The page then offers to update (renderOffline): Update
// lets the new build take over and reloads the page from it, whole. (Without it the browser switches builds when
// every tab of the site has closed; a plain reload keeps the old build, whole too.)

import { setReport } from "../state.js";
import { update } from "../store.js";

/** @typedef {import("../state.js").Ctx} Ctx */

/**
 * Let the waiting new build take over (the Update button), then reload the page from it, whole.
 * @param {Ctx} ctx
 */
export function takeOver(ctx) {
  const container = serviceWorkers();
  if (!container) return;
  container.getRegistration().then((registration) => {
    const waiting = registration && registration.waiting;
    if (!waiting) return;
    report(ctx, "update");
    container.addEventListener("controllerchange", () => window.location.reload());
    waiting.postMessage("take-over");
  });
}

/**
 * Once Python is ready (so caching the build does not slow the first boot): register the service worker, which
 * caches this build. Reports "offline": ready (this build is cached and serves the page), update-ready (a new
 * build is cached and waits for the next start), failed.
 * @param {Ctx} ctx
 */
export function registerOffline(ctx) {
  const container = serviceWorkers();
  if (!container) {
    report(ctx, "unsupported");
    return;
  }
  container.addEventListener("controllerchange", () => report(ctx, "ready")); // the first visit's worker
  container
    .register("sw.js")
    .then((registration) => {
      const watch = () => {
        const installing = registration.installing;
        if (!installing) return;
        installing.addEventListener("statechange", () => {
          if (installing.state === "installed" && container.controller) report(ctx, "update-ready");
        });
      };
      registration.addEventListener("updatefound", watch);
      watch();
      if (container.controller && !registration.installing && !registration.waiting) report(ctx, "ready");
      else if (container.controller && registration.waiting) report(ctx, "update-ready");
    })
    .catch(() => report(ctx, "failed"));
}

/** @returns {ServiceWorkerContainer | null} null where service workers are unavailable (insecure origin …) */
function serviceWorkers() {
  return "serviceWorker" in navigator && window.isSecureContext ? navigator.serviceWorker : null;
}

/** The service worker's news (it comes outside the page's events: a change of its own). @param {Ctx} ctx
 * @param {string} value */
function report(ctx, value) {
  update(ctx, (state) => setReport(state, "offline", value)); // "update-ready" shows the offer to update
}
