// @ts-check
// A picture file's size in pixels as its header states it, read before the picture is decoded (so a file that
// claims a huge picture is refused without decoding it): PNG (IHDR), GIF (the logical screen), WebP (VP8, VP8L,
// VP8X) and JPEG (the first frame header, SOFn, found by walking the segments). Other formats state nothing here.

/**
 * @param {Uint8Array} bytes the file's first bytes (for a JPEG, up to its frame header)
 * @returns {{width: number, height: number} | null} the size stated, null when none is found
 */
export function statedSize(bytes) {
  const b = bytes;
  const ascii = (/** @type {number} */ from, /** @type {number} */ to) => String.fromCharCode(...b.subarray(from, to));
  const u16be = (/** @type {number} */ i) => (b[i] << 8) | b[i + 1];
  const u16le = (/** @type {number} */ i) => b[i] | (b[i + 1] << 8);
  const u24le = (/** @type {number} */ i) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
  const u32be = (/** @type {number} */ i) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
  if (b.length >= 24 && ascii(1, 4) === "PNG" && ascii(12, 16) === "IHDR") {
    return { width: u32be(16), height: u32be(20) };
  }
  if (b.length >= 10 && ascii(0, 4) === "GIF8") return { width: u16le(6), height: u16le(8) };
  if (b.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") {
    const chunk = ascii(12, 16);
    if (chunk === "VP8X") return { width: u24le(24) + 1, height: u24le(27) + 1 };
    if (chunk === "VP8L") {
      const bits = (b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)) >>> 0;
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8 ") return { width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b, u16be);
  return null;
}

/**
 * A JPEG's size from its first frame header (SOF0–SOF15 but DHT, JPG and DAC), the segments before it skipped by
 * their lengths; null when the bytes end (or the scan starts) before one. O(segments).
 * @param {Uint8Array} b
 * @param {(i: number) => number} u16be
 */
function jpegSize(b, u16be) {
  let i = 2;
  while (i + 9 <= b.length) {
    if (b[i] !== 0xff) return null; // not a marker where one must be: damaged
    const marker = b[i + 1];
    if (marker === 0xff) { // fill bytes before a marker
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { // markers without a length
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the end, or the scan, before any frame header
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: u16be(i + 7), height: u16be(i + 5) };
    }
    i += 2 + u16be(i + 2);
  }
  return null;
}
