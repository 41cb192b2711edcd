// @ts-check
// Runs in the service worker, at the site's root (its scope is the folder it is served from: the whole site).
// The service worker: the whole site of one build, cached, so a second visit opens with the network off; and the
// COOP/COEP headers a static host does not send, so the page is cross-origin isolated (Cancel can interrupt Python)
// from the second visit on.
//
// One build, never a mix: the build stamps BUILD (scripts/build_site.py, a hash of every file) and lists the files
// in build.json's "precache". Installing caches them all in the site's cache of BUILD (or fails whole); the new
// worker then waits until the page asks it to take over (the Update button, control/offline.js, then a reload) or
// every tab of the site has closed, and on taking over deletes every other build's cache. Until then the running
// pages keep being served their own build. The pattern database and the memory snapshot are not precached: the
// Python worker keeps them itself when the device's rule allows.
//
// Nothing downloaded twice: the Python worker keeps the files its boot downloaded in this same cache as they
// stream (worker/boot.js; the caches' names and rules: worker/caches.js), before the page registers this worker, so installing fetches only
// what is not there yet (the page's own files, revalidated: no body when unchanged).

const BUILD = "__BUILD__"; // replaced by the build
const PREFIX = "__SITE_CACHE_PREFIX__"; // replaced by the build: worker/caches.js SITE_CACHE_PREFIX
const CACHE = PREFIX + BUILD;
/** A taking-over build tells the one it replaces to let go of its responses still streaming (see `streamed`). */
const CHANNEL = "npuzzle-sw";

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The responses this worker is streaming now: each can be cut short. @type {Set<AbortController>} */
const streaming = new Set();
/** Set once a new build takes over: from then on responses are handed over whole, as none may hold it up. */
let released = false;
const channel = new BroadcastChannel(CHANNEL);
channel.onmessage = (event) => {
  if (event.data && event.data.takingOver && event.data.takingOver !== BUILD) release();
};

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
  if (event.data !== "take-over") return;
  channel.postMessage({ takingOver: BUILD }); // the build in charge lets go of its streams (release)
  event.waitUntil(sw.skipWaiting()); // alive until it has taken over
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== sw.location.origin) return;
  event.respondWith(respond(request, url));
});

/** Cache every file of this build not cached yet (the Python worker keeps what its boot downloaded), revalidated
 * with the server; fails, and the install with it, if one fails. */
async function precache() {
  const response = await fetch("build.json", { cache: "no-cache" }); // revalidated: the worker fetched it just now
  const manifest = await response.json();
  if (manifest.build !== BUILD) throw new Error(`build.json is build ${manifest.build}, this worker ${BUILD}`);
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const path of manifest.precache) {
    const request = new Request(path, { cache: "no-cache" });
    if (!(await cache.match(request))) missing.push(request);
  }
  await cache.addAll(missing);
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

/** A new build takes over: cut every response still streaming (its reader sees an error; the page that asked for
 * the new build reloads anyway), and hand the next ones over whole. */
function release() {
  released = true;
  for (const controller of streaming) controller.abort();
  streaming.clear();
}

/**
 * The response with COOP/COEP/CORP added (what `npm start` sends itself), so a static host's page is isolated.
 * The body streams through (the pattern database's download shows its progress as it arrives); a stream the page
 * stopped reading would keep this worker busy and a new build waiting to take over would wait on it, so each
 * stream can be cut (`release`, when a new build takes over), after which bodies are handed over whole.
 * @param {Response} response
 */
async function isolated(response) {
  if (response.status === 0 || response.type === "opaque") return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  const init = { status: response.status, statusText: response.statusText, headers };
  if (released || !response.body) return new Response(await response.blob(), init);
  return new Response(streamed(response.body), init);
}

/** `body`, passed on chunk by chunk until it ends or `release` cuts it. @param {ReadableStream<Uint8Array>} body */
function streamed(body) {
  const controller = new AbortController();
  streaming.add(controller);
  const { readable, writable } = new TransformStream();
  body
    .pipeTo(writable, { signal: controller.signal })
    .catch(() => {})
    .finally(() => streaming.delete(controller));
  return readable;
}
