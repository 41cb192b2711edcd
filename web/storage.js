// @ts-check
// What the page keeps on this device in localStorage (the bests, the history, the theme, the Numbers choice: the
// keys are their controllers'). Storage can be blocked (a private window, a browser setting), full or damaged: these
// functions never throw; what cannot be read is missing, what cannot be written holds for this visit only.

/**
 * The text kept under `key`.
 * @param {string} key
 * @returns {string | null} null when none is kept or storage is blocked
 */
export function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Keep `text` under `key`, or remove the key when `text` is null; false when it was not kept (storage blocked or
 * full).
 * @param {string} key
 * @param {string | null} text
 * @returns {boolean}
 */
export function writeText(key, text) {
  try {
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON object kept under `key`, each value read by `check` (null: the value is dropped); an empty record when
 * none is kept, it is not a JSON object or storage is blocked. O(size of the stored text).
 * @template T
 * @param {string} key
 * @param {(value: unknown) => T | null} check
 * @returns {Record<string, T>}
 */
export function readRecord(key, check) {
  /** @type {Record<string, T>} */
  const record = {};
  try {
    const stored = JSON.parse(readText(key) || "{}");
    for (const [name, value] of Object.entries(stored)) {
      const kept = check(value);
      if (kept !== null) record[name] = kept;
    }
  } catch {
    // damaged: nothing
  }
  return record;
}

/**
 * Keep `record` under `key` as JSON; false when it was not kept (storage blocked or full).
 * @param {string} key
 * @param {Record<string, unknown>} record
 * @returns {boolean}
 */
export function writeRecord(key, record) {
  return writeText(key, JSON.stringify(record));
}
