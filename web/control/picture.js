// @ts-check
// For players: the picture puzzle. A picture (the player's own, from the Picture file input, a drop or a paste; or a
// built-in one, model/pictures.js) is decoded in the page, cropped to the board's aspect (its middle) on a canvas and
// cut into the tiles by CSS (view/picture.js): each tile shows its piece, its number a small corner label that
// "Numbers" hides. The picture never leaves the device: it is decoded from the file in memory (createImageBitmap) and
// kept in IndexedDB, so a reload shows it again, until "Remove picture". Boards up to 10×10 show it; a file over
// 20 MB or 8000 pixels a side (as its header states it, before decoding: model/picture-size.js), or one the browser
// cannot decode, gets a message naming it.

import { shapeKey } from "../model/game.js";
import { statedSize } from "../model/picture-size.js";
import { builtIn } from "../model/pictures.js";
import { setReport } from "../state.js";
import { readText, writeText } from "../storage.js";
import { update } from "../store.js";

/** @typedef {import("../state.js").Ctx} Ctx */
/** @typedef {{kind: "file", blob: Blob, name: string} | {kind: "built-in", name: string}} Stored */

export const MAX_BYTES = 20 * 1024 * 1024; // a file over this is refused before it is decoded
export const MAX_SIDE = 8000; // pixels on either side: a bigger picture is refused (its decoded copy is huge)
export const MAX_CELLS_SIDE = 10; // boards of up to 10×10 show the picture
const HEADER_BYTES = 1 << 20; // a file's first bytes, where its header states its size (a JPEG's after its metadata)
const KEEP_SIDE = 2048; // a decoded picture is held at most this big on its longest side, in pixels (memory)
const CROP_SIDE = 1536; // the cropped picture's longest side at most, in pixels (enough for a 10×10 at 3× density)
const DATABASE = "npuzzle";
const STORE = "picture";
const KEY = "current";
const NUMBERS_KEY = "npuzzle.numbers";

/** A picture the page cannot use, with the words that say why. */
export class PictureError extends Error {}

// ---- IndexedDB: the one picture kept on this device ----

/** @returns {Promise<IDBDatabase>} */
function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Run `action` on the picture store and resolve with its request's result once the transaction has committed (a
 * reload right after a change then finds it made).
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} action
 * @returns {Promise<T>}
 */
async function withStore(mode, action) {
  const database = await openDatabase();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () => reject(transaction.error ?? new Error("the picture store's change was aborted"));
    });
  } finally {
    database.close();
  }
}

/** @param {Stored | null} value keep it (null: forget the picture kept) */
async function keep(value) {
  try {
    if (value) await withStore("readwrite", (store) => store.put(value, KEY));
    else await withStore("readwrite", (store) => store.delete(KEY));
  } catch {
    // storage blocked or full: the picture is shown now but not kept
  }
}

// ---- Decoding and cropping ----

/** A file's size in mebibytes, as file managers show it: "20.0 MB". @param {number} bytes */
const fileSize = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Decode the player's picture, or throw a PictureError that names the file and what is wrong with it.
 * @param {Blob} blob
 * @param {string} name
 * @returns {Promise<ImageBitmap>}
 */
export async function decodeFile(blob, name) {
  if (blob.size > MAX_BYTES) {
    const limit = fileSize(MAX_BYTES);
    throw new PictureError(`"${name}" is ${fileSize(blob.size)}: pictures of up to ${limit} are taken.`);
  }
  if (blob.type && !blob.type.startsWith("image/")) {
    throw new PictureError(`"${name}" is not a picture (its type is ${blob.type}): choose a PNG, JPEG, WebP or GIF.`);
  }
  const stated = statedSize(new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer()));
  if (stated) tooBig(name, stated); // refused before it is decoded: a small file may claim a huge picture
  /** @type {ImageBitmap} */
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    throw new PictureError(`"${name}" could not be read as a picture: the file is damaged or in a format this ` +
      "browser does not read (PNG, JPEG, WebP and GIF work).");
  }
  const { width, height } = bitmap;
  try {
    tooBig(name, bitmap); // a format whose header is not read here
  } catch (error) {
    bitmap.close();
    throw error;
  }
  const scale = KEEP_SIDE / Math.max(width, height); // a big photo is held at the size the board can show
  if (scale >= 1) return bitmap;
  const smaller = await createImageBitmap(bitmap, { resizeWidth: Math.max(1, Math.round(width * scale)),
    resizeHeight: Math.max(1, Math.round(height * scale)), resizeQuality: "high" });
  bitmap.close();
  return smaller;
}

/**
 * Throw the PictureError for a picture over MAX_SIDE pixels on a side.
 * @param {string} name
 * @param {{width: number, height: number}} size
 */
function tooBig(name, { width, height }) {
  if (width <= MAX_SIDE && height <= MAX_SIDE) return;
  const limit = `pictures of up to ${MAX_SIDE} pixels a side are taken`;
  throw new PictureError(`"${name}" is ${width}×${height} pixels: ${limit}.`);
}

/** @param {string} name @returns {Promise<HTMLImageElement>} the built-in picture `name`, decoded */
async function decodeBuiltIn(name) {
  const picture = builtIn(name);
  if (!picture) throw new PictureError(`there is no built-in picture "${name}"`);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(picture.svg())}`;
  await image.decode();
  return image;
}

/**
 * The middle of `source` at the aspect of a `rows`×`cols` board, as a JPEG data URL (CSS may use data: images under
 * the page's Content-Security-Policy; object URLs it may not).
 * @param {ImageBitmap | HTMLImageElement} source
 * @param {number} rows
 * @param {number} cols
 */
export function cropFor(source, rows, cols) {
  const width = source.width;
  const height = source.height;
  const aspect = cols / rows;
  let sw = width;
  let sh = width / aspect;
  if (sh > height) {
    sh = height;
    sw = height * aspect;
  }
  const scale = Math.min(1, CROP_SIDE / Math.max(sw, sh));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(sw * scale));
  canvas.height = Math.max(1, Math.round(sh * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new PictureError("this browser cannot draw pictures (no canvas)");
  context.fillStyle = "#ffffff"; // under a transparent picture
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, (width - sw) / 2, (height - sh) / 2, sw, sh, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", 0.9);
}

// ---- The picture on the board ----

/**
 * Show the picture on the board on screen (cropped again when its shape changed), or the numbers alone.
 * @param {Ctx} ctx
 */
export function showPicture(ctx) {
  const { state } = ctx;
  const players = state.players;
  const shown = state.shown;
  let note = "";
  if (!players.source || !shown) {
    players.picture = "";
  } else if (shown.board.rows > MAX_CELLS_SIDE || shown.board.cols > MAX_CELLS_SIDE) {
    players.picture = "";
    note = `Pictures show on boards of up to ${MAX_CELLS_SIDE}×${MAX_CELLS_SIDE}: this one has numbers only.`;
  } else if (players.croppedFor !== shapeKey(shown.board)) {
    players.picture = cropFor(players.source, shown.board.rows, shown.board.cols);
    players.croppedFor = shapeKey(shown.board);
  }
  players.note = note;
  const outcome = players.picture ? "shown" : "none";
  if (state.report.picture !== outcome && state.report.picture !== "failed") setReport(state, "picture", outcome);
}

/**
 * Use `source` (decoded) as the picture, kept on the device as `stored` (a change to the state: it comes once the
 * picture is decoded, after the event that asked for it).
 * @param {Ctx} ctx
 * @param {ImageBitmap | HTMLImageElement} source
 * @param {Stored} stored
 */
async function usePicture(ctx, source, stored) {
  update(ctx, (state) => {
    const players = state.players;
    if (players.source instanceof ImageBitmap) players.source.close();
    players.source = source;
    players.choice = stored.kind === "file" ? "file" : stored.name;
    players.croppedFor = "";
    players.error = "";
    setReport(state, "picture", "none"); // showPicture reports it shown
    showPicture(ctx);
    state.after.reveal = "view"; // the board, now in the picture, where the eye is
  });
  await keep(stored);
}

/** @param {Ctx} ctx @param {unknown} caught */
function pictureFailed(ctx, caught) {
  update(ctx, (state) => {
    const players = state.players;
    players.error = caught instanceof PictureError ? caught.message
      : `The picture could not be used: ${String(caught)}`;
    players.note = "";
    setReport(state, "picture", "failed");
  });
}

/**
 * The player chose a picture file (the file input, a drop or a paste).
 * @param {Ctx} ctx
 * @param {File} file
 */
export async function choosePictureFile(ctx, file) {
  try {
    const bitmap = await decodeFile(file, file.name || "the pasted picture");
    await usePicture(ctx, bitmap, { kind: "file", blob: file, name: file.name });
  } catch (caught) {
    pictureFailed(ctx, caught);
  }
}

/** The built-in picture chosen in the select ("" removes the picture). @param {Ctx} ctx @param {string} name */
export async function chooseBuiltIn(ctx, name) {
  if (!name) return removePicture(ctx);
  if (name === "file") return; // the player's own, already shown
  try {
    await usePicture(ctx, await decodeBuiltIn(name), { kind: "built-in", name });
  } catch (caught) {
    pictureFailed(ctx, caught);
  }
}

/** Remove the picture: the tiles show their numbers again, and nothing is kept (reported "none" once the device
 * has forgotten it). @param {Ctx} ctx */
export async function removePicture(ctx) {
  const players = ctx.state.players;
  if (players.source instanceof ImageBitmap) players.source.close();
  Object.assign(players, { source: null, choice: "", croppedFor: "", picture: "", error: "", note: "" });
  await keep(null);
  update(ctx, () => showPicture(ctx));
}

/** The "Numbers" toggle: the tiles' numbers shown on the picture or not (remembered).
 * @param {Ctx} ctx @param {boolean} numbers */
export function toggleNumbers(ctx, numbers) {
  ctx.state.players.numbers = numbers;
  writeText(NUMBERS_KEY, String(ctx.state.players.numbers)); // storage blocked: for this visit only
}

/** At start: the picture and the Numbers choice kept on this device. @param {Ctx} ctx */
export async function restorePicture(ctx) {
  const { state } = ctx;
  state.players.numbers = readText(NUMBERS_KEY) !== "false"; // none kept, or storage blocked: numbers shown
  /** @type {Stored | undefined} */
  let stored;
  try {
    stored = await withStore("readonly", (store) => store.get(KEY));
  } catch {
    return; // IndexedDB unavailable (a private window may refuse it): no picture kept
  }
  if (!stored || state.players.source) return; // nothing kept, or the player chose one meanwhile
  try {
    const source = stored.kind === "file" ? await decodeFile(stored.blob, stored.name)
      : await decodeBuiltIn(stored.name);
    if (state.players.source) return;
    await usePicture(ctx, source, stored);
  } catch (caught) {
    pictureFailed(ctx, caught);
  }
}

/**
 * The first picture file among dropped or pasted items, or null.
 * @param {DataTransfer | null} data
 * @returns {File | null}
 */
export function pictureIn(data) {
  if (!data) return null;
  for (const file of data.files) if (!file.type || file.type.startsWith("image/")) return file;
  return data.files.length ? data.files[0] : null;
}
