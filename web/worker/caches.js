// @ts-check
// Runs in the Python worker (its boot and later downloads); its site-cache prefix is stamped into the service worker
// by the site build. The page's two caches, named once here, and the rule for writing them:
// - the site's cache of one build, SITE_CACHE_PREFIX + the build's identity: the service worker (sw.js) precaches
//   the build into it and serves from it; the Python worker keeps there, before that, the files its boot downloaded
//   (boot.js, as they stream) and the memory snapshot and package data fetched later (downloads.js), so nothing is
//   downloaded twice; a build taking over deletes every other build's cache;
// - the pattern databases' cache, PDB_CACHE: the files of the 4×4 tables under their content-hashed URLs, kept
//   across builds (downloads.js).
// A file is kept whole under its URL (keepBytes), or as it streams (boot.js); opening a cache never throws (null:
// no Cache API, or it refused: then every visit downloads).

/** The site's caches are named this prefix and the build's identity (scripts/build_site.py stamps it into sw.js). */
export const SITE_CACHE_PREFIX = "npuzzle-site-";
/** The pattern databases' cache, kept across builds (its files' URLs hold their content's hash). */
export const PDB_CACHE = "npuzzle-pdb";

/** @param {string} name @returns {Promise<Cache | null>} */
async function open(name) {
  try {
    return typeof caches === "undefined" ? null : await caches.open(name);
  } catch {
    return null;
  }
}

/** The site's cache of this build, or null where the Cache API is missing (then every visit downloads).
 * @param {string} build */
export function openSiteCache(build) {
  return open(SITE_CACHE_PREFIX + build);
}

/** The pattern databases' cache, or null where the Cache API is missing or refuses. */
export function openPdbCache() {
  return open(PDB_CACHE);
}

/** Keep `bytes` whole in `cache` under `href` (rejects when the cache refuses them: full, or evicted meanwhile).
 * @param {Cache} cache @param {string} href @param {BufferSource} bytes */
export function keepBytes(cache, href, bytes) {
  return cache.put(href, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}
