// @ts-check
// Runs in the Python worker (its boot).
// The files Python's boot loads (Pyodide's runtime, micropip, our wheel, the memory snapshot), each fetched once:
// from the site's cache when an earlier visit (or the service worker) kept it, else from the network, counted as it
// arrives and kept in that cache as it streams, so neither the service worker (sw.js skips what is there; the cache: caches.js) nor the
// next visit downloads it again. The counts give the boot's progress: bytes as the network sends them (the
// precompressed size a compressing host sends: build.json's `br`/`gz`, then the response's Content-Length) and an
// estimate of the time left from the recent rate.

/** The window of the recent rate (TimeLeft). */
const RATE_WINDOW_MS = 3000;
/** No estimate before this much of the window has passed (the first bytes come in bursts). */
const RATE_MIN_MS = 1000;

/** @typedef {{url: string, size: number, br?: number, gz?: number}} FileInfo a file and its sizes (build.json) */
/** @typedef {{received: number, total: number, seconds_left: number | null}} Counts network bytes, as sent */

const networkFetch = self.fetch.bind(self);

/** Bytes as a compressing host sends the file (the browser accepts brotli and gzip). @param {FileInfo} info */
function expectedSize(info) {
  return info.br || info.gz || info.size;
}

/** The headers a kept copy carries: the body is stored decoded, so no Content-Encoding or Content-Length.
 * @param {Headers} headers */
function keptHeaders(headers) {
  const kept = new Headers(headers);
  kept.delete("Content-Encoding");
  kept.delete("Content-Length");
  return kept;
}

/** @typedef {{info: FileInfo, kept: boolean, wire: number, done: number, served: boolean,
 *   response?: Promise<Response>, finished: Promise<void>, finish: () => void}} BootFile a planned file */

/**
 * The time left of a download: the bytes left over its rate, the greater of the rate of the last RATE_WINDOW_MS
 * (it follows a network that speeds up) and the average since the first byte. The average keeps the estimate
 * steady while the reading thread is busy (Python starting, a search's slice): bytes then wait in the network's
 * buffers and arrive in a burst after it, which a short window alone would read as a stall, then as a leap.
 */
export class TimeLeft {
  constructor() {
    /** @type {[number, number][]} (time, bytes received) samples of the last RATE_WINDOW_MS */
    this.samples = [];
    /** @type {[number, number] | null} (time, bytes) when the first bytes were counted */
    this.first = null;
  }

  /** Seconds left (0 when done, null while the rate is not known yet).
   * @param {number} received @param {number} total @returns {number | null} */
  update(received, total) {
    const now = performance.now();
    if (!this.first && received > 0) this.first = [now, received];
    this.samples.push([now, received]);
    while (this.samples.length > 2 && now - this.samples[1][0] >= RATE_WINDOW_MS) this.samples.shift();
    const rate = Math.max(rateSince(this.samples[0], now, received), rateSince(this.first, now, received));
    const left = total - received;
    return left <= 0 ? 0 : rate > 0 ? left / rate : null;
  }
}

/** Bytes per second from `sample` (time, bytes) to now; 0 when it is too recent to tell (or none).
 * @param {[number, number] | null} sample @param {number} now @param {number} received */
function rateSince(sample, now, received) {
  if (!sample || now - sample[0] < RATE_MIN_MS) return 0;
  return (received - sample[1]) / ((now - sample[0]) / 1000);
}

export class BootFiles {
  /**
   * @param {Cache | null} cache the site's cache of this build
   * @param {URL} base the site's root
   * @param {(counts: Counts) => void} onProgress called as bytes arrive (at most every `reportMs`)
   * @param {number} reportMs
   */
  constructor(cache, base, onProgress, reportMs) {
    this.cache = cache;
    this.base = base;
    this.onProgress = onProgress;
    this.reportMs = reportMs;
    /** @type {Map<string, BootFile>} */
    this.files = new Map();
    /** @type {Promise<unknown>[]} copies being written to the cache */
    this.puts = [];
    this.timeLeft = new TimeLeft();
    this.reported = 0;
  }

  /** @param {string} url */
  href(url) {
    return new URL(url, this.base).href;
  }

  /** Add the files the boot will load; resolves once it is known which the cache holds.
   * @param {FileInfo[]} infos */
  async plan(infos) {
    await Promise.all(infos.map(async (info) => {
      const href = this.href(info.url);
      const kept = Boolean(this.cache && (await this.cache.match(href)));
      /** @type {() => void} */
      let finish = () => {};
      const finished = new Promise((/** @type {(value?: unknown) => void} */ resolve) => { finish = resolve; });
      this.files.set(href, { info, kept, wire: kept ? 0 : expectedSize(info), done: 0, served: false,
        finished: kept ? Promise.resolve() : finished.then(() => {}), finish });
    }));
    this.report(true);
  }

  /** Whether the cache holds `url` (planned). @param {string} url */
  kept(url) {
    const file = this.files.get(this.href(url));
    return Boolean(file && file.kept);
  }

  /** @returns {Counts} */
  counts() {
    let received = 0;
    let total = 0;
    for (const file of this.files.values()) {
      total += file.wire;
      received += file.info.size ? (file.done / file.info.size) * file.wire : 0;
    }
    received = Math.min(Math.round(received), total);
    return { received, total, seconds_left: this.timeLeft.update(received, total) };
  }

  /** @param {boolean} [now] report even if the last report was less than reportMs ago */
  report(now) {
    const time = performance.now();
    if (!now && time - this.reported < this.reportMs) return;
    this.reported = time;
    this.onProgress(this.counts());
  }

  /** The response for a planned file: a kept one read from the cache (again at each call), else the one download,
   * started at the first call (its body can be read once).
   * @param {string} url */
  get(url) {
    const href = this.href(url);
    const file = this.files.get(href);
    if (!file) throw new Error(`${url} is not one of the boot's files`);
    if (file.kept) return this.fromCache(href);
    if (!file.response) {
      file.response = this.fromNetwork(href, file);
      file.response.catch(file.finish);
    }
    return file.response;
  }

  /** Resolves once the file is in (kept, received whole, or failed). @param {string} url */
  finished(url) {
    const file = this.files.get(this.href(url));
    return file ? file.finished : Promise.resolve();
  }

  /** @param {string} href */
  async fromCache(href) {
    const hit = this.cache && (await this.cache.match(href));
    return hit || networkFetch(href); // evicted meanwhile: the network
  }

  /** Fetch `href`: its bytes are read as fast as the network brings them (counted, and so finished when the
   * network is done, whoever reads them and however fast), passed on to the response returned and to a copy kept
   * in the cache as it streams.
   * @param {string} href @param {BootFile} file */
  async fromNetwork(href, file) {
    const response = await networkFetch(href);
    if (!response.ok || !response.body) {
      file.finish();
      return response;
    }
    const encoded = response.headers.get("Content-Encoding") ? Number(response.headers.get("Content-Length")) : 0;
    file.wire = encoded || file.info.size;
    const init = { status: response.status, statusText: response.statusText, headers: keptHeaders(response.headers) };
    /** @type {ReadableStreamDefaultController<Uint8Array>[]} */
    const outlets = [];
    const outlet = () => new ReadableStream({ start: (controller) => { outlets.push(controller); } });
    const forUse = outlet();
    if (this.cache) {
      const put = this.cache.put(href, new Response(outlet(), init)).catch((exc) => {
        console.warn(`npuzzle: could not keep ${href} for later visits:`, exc);
      });
      this.puts.push(put);
    }
    this.pump(response.body.getReader(), file, outlets);
    return new Response(forUse, init);
  }

  /** Read `reader` to its end, counting, into every outlet (their queues hold what their readers have not taken).
   * @param {ReadableStreamDefaultReader<Uint8Array>} reader @param {BootFile} file
   * @param {ReadableStreamDefaultController<Uint8Array>[]} outlets */
  async pump(reader, file, outlets) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        file.done += value.byteLength;
        for (const outlet of outlets) outlet.enqueue(value);
        this.report();
      }
      file.done = file.info.size; // the sizes are build.json's: a rounding never leaves a file short
      for (const outlet of outlets) outlet.close();
    } catch (exc) {
      for (const outlet of outlets) outlet.error(exc);
    } finally {
      file.finish();
      this.report(true);
    }
  }

  /** Count a file the browser loads itself (a module import) as received once it has loaded.
   * @param {string} url @param {Promise<unknown>} loaded */
  track(url, loaded) {
    const file = this.files.get(this.href(url));
    if (!file) return loaded;
    return loaded.then((value) => {
      file.done = file.info.size;
      file.finish();
      this.report(true);
      return value;
    }, (exc) => {
      file.finish();
      throw exc;
    });
  }

  /** Run `fn` with the global fetch answering the planned files from here (Pyodide fetches its files by URL):
   * a download is handed out once (a second fetch of it, as after a failed snapshot boot, goes to the network as
   * every other request does).
   * @template T @param {() => Promise<T>} fn @returns {Promise<T>} */
  async serving(fn) {
    const original = self.fetch;
    self.fetch = (input, init) => {
      const href = new URL(input instanceof Request ? input.url : String(input), this.base).href;
      const file = this.files.get(href);
      if (!file || input instanceof Request || (file.served && !file.kept)) return original(input, init);
      file.served = true;
      return this.get(href);
    };
    try {
      return await fn();
    } finally {
      self.fetch = original;
    }
  }

  /** Resolves once every copy being kept is written (the service worker then finds them). */
  async settled() {
    await Promise.all(this.puts);
  }
}
