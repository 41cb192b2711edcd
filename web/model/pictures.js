// @ts-check
// For players: the built-in pictures for the picture puzzle, drawn by the project as SVG text (no outside asset, no
// request): each has clear, distinct regions so its pieces can be told apart. Every picture is square (800×800);
// control/picture.js crops it to the board's aspect like a picture of the player's own.

/** @typedef {{name: string, title: string, svg: () => string}} BuiltIn */

const SIZE = 800;

/** @param {string} body @returns {string} a whole SVG document of SIZE×SIZE around `body` */
const document800 = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" ` +
  `viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>`;

/**
 * A small deterministic generator (a linear congruential one, Numerical Recipes' constants), so a picture is the
 * same on every visit.
 * @param {number} seed
 */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A sunset over hills and the sea. */
function sunset() {
  const sea = Array.from({ length: 9 }, (_, k) =>
    `<rect x="${60 + ((k * 137) % 420)}" y="${600 + k * 20}" width="${120 + ((k * 53) % 160)}" height="5" rx="2" ` +
    `fill="#ffd59e" opacity="0.7"/>`,
  ).join("");
  return document800(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b1b5a"/>` +
    `<stop offset="0.55" stop-color="#e0556a"/><stop offset="1" stop-color="#ffb35c"/></linearGradient>` +
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3f8f"/>` +
    `<stop offset="1" stop-color="#101a44"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#sky)"/>` +
    `<circle cx="520" cy="470" r="120" fill="#ffe08a"/>` +
    `<path d="M0 470 Q140 330 300 450 T620 430 T800 400 V590 H0Z" fill="#5a2d6e"/>` +
    `<path d="M0 540 Q200 440 420 530 T800 500 V590 H0Z" fill="#3b1d4f"/>` +
    `<rect y="590" width="800" height="210" fill="url(#sea)"/>${sea}` +
    `<path d="M90 230 q20 -14 40 0 q20 -14 40 0" stroke="#1d1235" stroke-width="6" fill="none"/>` +
    `<path d="M220 170 q14 -10 28 0 q14 -10 28 0" stroke="#1d1235" stroke-width="5" fill="none"/>`,
  );
}

/** A mosaic of coloured squares, circles and triangles, a different shape and colour in every cell. */
function mosaic() {
  const random = generator(22);
  const colours = ["#e63946", "#f4a261", "#2a9d8f", "#264653", "#e9c46a", "#8338ec", "#3a86ff", "#06d6a0", "#ef476f"];
  const cell = 100;
  let body = `<rect width="800" height="800" fill="#fdf6e3"/>`;
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      const x = c * cell;
      const y = r * cell;
      const back = colours[(r * 3 + c * 5) % colours.length];
      const front = colours[(r * 7 + c * 2 + 4) % colours.length];
      body += `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${back}"/>`;
      const kind = Math.floor(random() * 3);
      if (kind === 0) {
        body += `<circle cx="${x + 50}" cy="${y + 50}" r="${22 + Math.floor(random() * 18)}" fill="${front}"/>`;
      } else if (kind === 1) {
        body += `<path d="M${x + 10} ${y + 90} L${x + 50} ${y + 12} L${x + 90} ${y + 90}Z" fill="${front}"/>`;
      } else {
        const turn = `rotate(${Math.floor(random() * 45)} ${x + 50} ${y + 50})`;
        body += `<rect x="${x + 22}" y="${y + 22}" width="56" height="56" rx="8" fill="${front}" transform="${turn}"/>`;
      }
    }
  }
  return document800(body);
}

/** A night sky: stars, a crescent moon and mountains. */
function night() {
  const random = generator(7);
  const stars = Array.from({ length: 90 }, () => {
    const x = Math.floor(random() * 800);
    const y = Math.floor(random() * 520);
    const r = (0.8 + random() * 2.4).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff8d6"/>`;
  }).join("");
  return document800(
    `<defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050a24"/>` +
    `<stop offset="1" stop-color="#1f3b73"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#night)"/>${stars}` +
    `<circle cx="600" cy="180" r="80" fill="#f6e7a6"/><circle cx="635" cy="160" r="72" fill="#0a1433"/>` +
    `<path d="M0 620 L140 420 L230 540 L380 340 L520 560 L620 450 L800 640 V800 H0Z" fill="#17213f"/>` +
    `<path d="M380 340 L420 400 L395 395 L380 420 L362 392 L345 398Z" fill="#e8eef8"/>` +
    `<path d="M0 700 Q200 620 400 700 T800 690 V800 H0Z" fill="#0c1226"/>` +
    `<g fill="#ffd166"><rect x="120" y="690" width="14" height="18"/>` +
    `<rect x="520" y="700" width="14" height="18"/></g>`,
  );
}

/** The built-in pictures, in the order the page offers them. @type {readonly BuiltIn[]} */
export const BUILT_IN = Object.freeze([
  { name: "sunset", title: "Sunset", svg: sunset },
  { name: "mosaic", title: "Mosaic", svg: mosaic },
  { name: "night", title: "Night sky", svg: night },
]);

/** @param {string} name @returns {BuiltIn | undefined} the built-in picture of that name */
export function builtIn(name) {
  return BUILT_IN.find((p) => p.name === name);
}
