// @ts-check
// The service worker: the whole site of one build, cached, so a second visit opens with the network off; and the
// COOP/COEP headers a static host does not send, so the page is cross-origin isolated (Cancel can interrupt Python)
// from the second visit on.
//
// One build, never a mix: the build stamps BUILD (scripts/build_site.py, a hash of every file) and lists the files
// in build.json's "precache". Installing caches them all under "npuzzle-site-<BUILD>" (or fails whole); the new
// worker then waits until the page asks it to take over (the Update button, control/offline.js, then a reload) or
// every tab of the site has closed, and on taking over deletes every other build's cache. Until then the running
// pages keep being served their own build. The pattern database is not here: the worker keeps it in its own cache.

const BUILD = "__BUILD__"; // replaced by the build
const PREFIX = "npuzzle-site-";
const CACHE = PREFIX + BUILD;

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  if (event.data === "take-over") event.waitUntil(sw.skipWaiting()); // alive until it has taken over
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== sw.location.origin) return;
  event.respondWith(respond(request, url));
});

/** Cache every file of this build (revalidated with the server); fails, and the install with it, if one fails. */
async function precache() {
  const response = await fetch("build.json", { cache: "no-store" });
  const manifest = await response.json();
  if (manifest.build !== BUILD) throw new Error(`build.json is build ${manifest.build}, this worker ${BUILD}`);
  const cache = await caches.open(CACHE);
  await cache.addAll(manifest.precache.map((/** @type {string} */ path) => new Request(path, { cache: "no-cache" })));
}

/**
 * This build's copy of the file (the page for a navigation), else the network's; with the isolation headers.
 * @param {Request} request
 * @param {URL} url
 */
async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" ? new URL("./", sw.location.href).href : url.origin + url.pathname;
  const cached = await cache.match(key);
  return isolated(cached || (await fetch(request)));
}

/**
 * The response with COOP/COEP/CORP added (what `npm start` sends itself), so a static host's page is isolated.
 * The body is handed over whole (a blob, not a stream), so no fetch event outlives its response: a new build
 * waiting to take over would otherwise wait on a stream the page stopped reading.
 * @param {Response} response
 */
async function isolated(response) {
  if (response.status === 0 || response.type === "opaque") return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  const body = await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
