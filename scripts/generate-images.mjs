#!/usr/bin/env node
/**
 * Generates the sample SVG images used by the seed data (db/seed/data.ts).
 *
 *   node scripts/generate-images.mjs
 *
 * Plain Node ESM, no dependencies, deterministic output (no clocks, no Math.random).
 * It writes hand-built flat illustrations into public/: service heroes and galleries,
 * home listing photos, landlord avatars, partner ads, the logo and the favicon.
 * The image list lives in this file; at the end the script reads db/seed/data.ts and
 * fails if data.ts references an /images/... path that was not generated here.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = join(ROOT, "public");
const written = new Map(); // URL path -> size in bytes

function out(urlPath, content) {
  const file = join(PUBLIC, urlPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.set(urlPath, Buffer.byteLength(content));
}

// ---------------------------------------------------------------------------------------------
// Small SVG helpers
// ---------------------------------------------------------------------------------------------

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const svg = (w, h, title, body, defs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
  `<title>${esc(title)}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;

/** Linear gradient; default direction top to bottom. */
const lin = (id, a, b, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

/** fill: a colour, or null to inherit it from an enclosing <g>. Zero x/y are left out. */
const f = (fill) => (fill === null ? "" : ` fill="${fill}"`);
const rect = (x, y, w, h, fill, extra = "") =>
  `<rect${x ? ` x="${x}"` : ""}${y ? ` y="${y}"` : ""} width="${w}" height="${h}"${extra}${f(fill)}/>`;
const rr = (x, y, w, h, r, fill, extra = "") => rect(x, y, w, h, fill, ` rx="${r}"${extra}`);
const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${cx}" cy="${cy}" r="${r}"${f(fill)}${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = "") =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"${f(fill)}${extra}/>`;
const path = (d, fill, extra = "") => `<path d="${d}"${f(fill)}${extra}/>`;
const stroke = (d, color, width, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}"${extra}/>`;
const g = (transform, body, extra = "") => `<g transform="${transform}"${extra}>${body}</g>`;

/** Deterministic pseudo-random numbers (LCG), so every run writes identical files. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A CN Tower silhouette standing on `base` at `x`, `h` tall (fill null: inherit). */
function cnTower(x, base, h, fill = null) {
  const y = (f) => Math.round(base - f * h);
  return (
    path(`M${x - 9} ${base}L${x - 3} ${y(0.64)}h6L${x + 9} ${base}Z`, fill) +
    ellipse(x, y(0.64), Math.round(h * 0.05) + 6, 8, fill) +
    rect(x - 2, y(0.9), 4, Math.round(h * 0.27), fill) +
    ellipse(x, y(0.82), 5, 3, fill) +
    rect(x - 1, y(1), 2, Math.round(h * 0.11), fill)
  );
}

/** A city skyline across `w` px, with the CN Tower at `towerX`. */
function skyline(w, base, maxH, towerX, fill, opacity, seed) {
  const rand = rng(seed);
  let d = `M0 ${base}`;
  for (let x = 0; x < w; ) {
    const bw = 30 + Math.round(rand() * 50);
    const bh = 30 + Math.round(rand() * maxH);
    d += `V${base - bh}h${Math.min(bw, w - x)}`;
    x += bw;
  }
  d += `V${base}Z`;
  return `<g fill="${fill}" opacity="${opacity}">${path(d, null)}${cnTower(towerX, base, maxH * 2.6)}</g>`;
}

const SPARKLE = `<path id="sp" d="M0-30Q4-4 30 0Q4 4 0 30Q-4 4-30 0Q-4-4 0-30Z"/>`;
const sparkle = (x, y, s = 1, fill = "#fff") =>
  `<use href="#sp" transform="translate(${x} ${y})${s === 1 ? "" : ` scale(${s})`}" fill="${fill}"/>`;

/** Open-ended wrench, pointing up, handle end at the origin. */
const wrench = (fill) =>
  rr(-17, -170, 34, 230, 17, fill) + path("M-18-264A52 52 0 1 0 18-264V-220H-18Z", fill);

// ---------------------------------------------------------------------------------------------
// Service hero images (1200x675)
// ---------------------------------------------------------------------------------------------

function hero(title, c1, c2, scene, defs = "", skyFill = "#fff") {
  return svg(
    1200,
    675,
    title,
    rect(0, 0, 1200, 675, "url(#bg)") +
      circle(1060, 110, 230, "#fff", ' opacity=".08"') +
      circle(120, 620, 260, "#fff", ' opacity=".06"') +
      skyline(1200, 675, 120, 1010, skyFill, ".1", 7) +
      scene,
    lin("bg", c1, c2, 1, 1) + defs,
  );
}

const HEROES = {
  handyman: () =>
    hero(
      "Handyman Services: toolbox, hammer and wrench",
      "#fbbf24",
      "#ea580c",
      ellipse(600, 574, 260, 14, "#000", ' opacity=".15"') +
        g(
          "translate(600 330)",
          g(
            "rotate(-32)",
            rr(-13, -190, 26, 250, 10, "#7c2d12") + path("M-80-235h150a10 10 0 0 1 10 10v40a10 10 0 0 1-10 10h-150l-20-20v-20z", "#334155"),
          ) + g("rotate(32)", wrench("#e2e8f0")),
        ) +
        stroke("M540 410v-30a18 18 0 0 1 18-18h84a18 18 0 0 1 18 18v30", "#431407", 16) +
        rr(400, 400, 400, 170, 18, "#9a3412") +
        rr(400, 400, 400, 52, 18, "#c2410c") +
        rr(570, 436, 60, 26, 6, "#fde68a"),
    ),

  "car-rental": () =>
    hero(
      "Car & Driver / Rentals: a car on a city road",
      "#1e3a8a",
      "#38bdf8",
      g(
        "translate(240 150) rotate(-12)",
        rr(-70, -9, 140, 18, 9, "#fff") + path("M-10-6L-40-62H-22L30-6ZM-10 6L-40 62H-22L30 6ZM-56-6L-72-30H-62L-40-6ZM-56 6L-72 30H-62L-40 6Z", "#fff"),
        ' opacity=".85"',
      ) +
        rect(0, 560, 1200, 115, "#1f2937") +
        stroke("M0 620H1200", "#fbbf24", 6, ' stroke-dasharray="50 40"') +
        ellipse(605, 590, 290, 12, "#000", ' opacity=".3"') +
        g(
          "translate(600 500)",
          path("M-260 40V0Q-260-30-220-36L-150-46L-90-110Q-80-120-60-120H90Q110-120 125-105L190-46L240-36Q270-30 270 0V40Z", "#ef4444") +
            path("M-70-102H20V-50H-120Z", "#bfdbfe") +
            path("M36-102H92Q100-102 108-94L150-50H36Z", "#bfdbfe") +
            rect(-258, 8, 528, 8, "#b91c1c") +
            rr(246, -22, 22, 12, 4, "#fde68a") +
            rr(-262, -20, 14, 12, 4, "#fca5a5") +
            circle(-160, 40, 44, "#111827") +
            circle(-160, 40, 20, "#9ca3af") +
            circle(170, 40, 44, "#111827") +
            circle(170, 40, 20, "#9ca3af"),
        ),
    ),

  cleaning: () =>
    hero(
      "Cleaning Services: spray bottle, bucket and sparkles",
      "#5eead4",
      "#0e7490",
      ellipse(640, 566, 360, 14, "#000", ' opacity=".15"') +
        [330, 350, 372].map((x, i) => circle(x, 224 + (i - 1) * 12, 8 + i * 2, "#fff", ' opacity=".6"')).join("") +
        rr(440, 196, 110, 64, 14, "#0f766e") +
        rr(400, 212, 44, 24, 6, "#115e59") +
        path("M470 260l-22 44h14l20-44z", "#115e59") +
        rect(465, 256, 50, 46, "#0f766e") +
        rr(430, 298, 130, 262, 26, "#e0f2fe") +
        rr(450, 370, 90, 100, 10, "#14b8a6") +
        stroke("M610 380Q720 250 830 380", "#475569", 8) +
        path("M600 380H840L815 560H625Z", "#f59e0b") +
        rr(590, 368, 260, 24, 12, "#d97706") +
        [
          [660, 352, 22],
          [702, 338, 30],
          [752, 346, 24],
          [792, 356, 18],
        ]
          .map(([x, y, r]) => circle(x, y, r, "#fff", ' opacity=".85"'))
          .join("") +
        rr(870, 500, 130, 62, 14, "#fde047") +
        rr(870, 500, 130, 22, 10, "#22c55e") +
        sparkle(300, 170) +
        sparkle(900, 220, 1.4) +
        sparkle(980, 400, 0.8) +
        sparkle(220, 420, 0.7),
      SPARKLE,
    ),

  "dj-events": () => {
    const bars = [90, 150, 120, 200, 170, 240, 190, 260, 210, 170, 230, 140, 180, 110, 150, 80];
    return hero(
      "DJ / Events: DJ decks under stage lights",
      "#312e81",
      "#be185d",
      path("M250 0L120 675H380ZM950 0L820 675H1080ZM600 0L480 675H720Z", "#fff", ' opacity=".06"') +
        path(bars.map((h, i) => `M${285 + i * 40} 360v-${h}h26v${h}z`).join(""), "#f0abfc", ' opacity=".45"') +
        rr(240, 330, 720, 230, 22, "#111827") +
        rect(240, 540, 720, 70, "#0b1020") +
        [420, 780]
          .map(
            (x) =>
              circle(x, 440, 88, "#374151") +
              circle(x, 440, 64, "#1f2937", ' stroke="#4b5563" stroke-width="3"') +
              circle(x, 440, 22, "#f472b6") +
              circle(x, 440, 4, "#e5e7eb"),
          )
          .join("") +
        stroke("M500 360L470 420M860 360L830 420", "#e5e7eb", 6, ' stroke-linecap="round"') +
        rr(545, 362, 110, 156, 10, "#374151") +
        [575, 600, 625].map((x) => circle(x, 390, 8, "#a78bfa")).join("") +
        [575, 625].map((x) => rect(x - 2, 420, 4, 80, "#6b7280") + rr(x - 10, 440 + (x % 3) * 12, 20, 12, 3, "#f9a8d4")).join("") +
        g("translate(170 250)", rect(0, -70, 8, 70, "#fff") + ellipse(-10, 0, 16, 12, "#fff"), ' opacity=".8"') +
        g("translate(1030 210)", path("M0 0V-70L44-80V-10", "none", ' stroke="#fff" stroke-width="8"') + ellipse(-10, 0, 16, 12, "#fff") + ellipse(34, -10, 16, 12, "#fff"), ' opacity=".8"'),
    );
  },

  "salon-beauty": () => {
    const half = (rot) =>
      g(
        `rotate(${rot})`,
        path("M-14 30L-2-220Q8-200 14 30Z", "#e5e7eb") + rect(-8, 20, 16, 60, "#9d174d") + circle(0, 130, 36, "none", ' stroke="#9d174d" stroke-width="16"'),
      );
    return hero(
      "Salon / Beauty: mirror, scissors, comb and lipstick",
      "#fbcfe8",
      "#db2777",
      ellipse(330, 320, 140, 190, "#fcd34d") +
        ellipse(330, 320, 118, 168, "#e0f2fe") +
        path("M260 240Q300 190 350 180L300 300Z", "#fff", ' opacity=".6"') +
        rect(318, 505, 24, 50, "#d97706") +
        ellipse(330, 560, 80, 12, "#d97706") +
        g("translate(640 330)", half(22) + half(-22) + circle(0, 0, 10, "#9ca3af")) +
        rr(820, 200, 40, 320, 10, "#831843") +
        stroke("M880 214V506", "#831843", 60, ' stroke-dasharray="8 8"') +
        rr(950, 430, 50, 110, 6, "#fcd34d") +
        rect(956, 388, 38, 46, "#d1d5db") +
        path("M958 390V350L992 334V390Z", "#be123c") +
        sparkle(470, 150, 0.8) +
        sparkle(1000, 260, 1.1) +
        sparkle(760, 560, 0.6),
      SPARKLE,
    );
  },

  gardening: () => {
    const leaves = [
      [548, 320, -30, "#22c55e"],
      [652, 300, 30, "#16a34a"],
      [556, 250, -40, "#16a34a"],
      [642, 234, 35, "#22c55e"],
      [566, 186, -50, "#22c55e"],
    ];
    const flowers = [
      [820, 520, "#f472b6"],
      [880, 540, "#facc15"],
      [940, 510, "#f97316"],
      [1000, 545, "#a78bfa"],
      [1060, 520, "#f43f5e"],
    ];
    return hero(
      "Gardening: potted plant, watering can and flowers",
      "#bbf7d0",
      "#15803d",
      circle(1020, 130, 70, "#fde047") +
        path("M0 520Q300 430 600 500T1200 470V675H0Z", "#16a34a", ' opacity=".5"') +
        path("M0 580Q400 530 800 570T1200 560V675H0Z", "#166534") +
        stroke(flowers.map(([x, y]) => `M${x} 640V${y}`).join(""), "#14532d", 6) +
        flowers.map(([x, y, c]) => circle(x, y, 18, c)).join("") +
        `<g fill="#fef08a">${flowers.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7"/>`).join("")}</g>` +
        stroke("M600 410C600 330 590 280 600 150", "#166534", 10) +
        leaves.map(([x, y, r, c]) => ellipse(0, 0, 64, 24, c, ` transform="translate(${x} ${y}) rotate(${r})"`)).join("") +
        `<g fill="#f472b6">${[0, 60, 120, 180, 240, 300].map((a) => `<circle cx="${Math.round(600 + 24 * Math.cos((a * Math.PI) / 180))}" cy="${Math.round(140 + 24 * Math.sin((a * Math.PI) / 180))}" r="20"/>`).join("")}</g>` +
        circle(600, 140, 16, "#fde047") +
        path("M520 430H680L660 560H540Z", "#c2410c") +
        rr(505, 410, 190, 34, 8, "#ea580c") +
        stroke("M340 470L440 400", "#0ea5e9", 18, ' stroke-linecap="round"') +
        circle(446, 396, 16, "#0284c7") +
        stroke("M230 420Q275 350 320 420", "#0284c7", 14) +
        rr(200, 420, 150, 130, 16, "#0ea5e9"),
    );
  },

  plumbing: () =>
    hero(
      "Plumbing: pipes, faucet and sink",
      "#7dd3fc",
      "#1e40af",
      stroke("M0 210H700Q760 210 760 270V340", "#cbd5e1", 60) +
            [200, 480].map((x) => rect(x, 172, 30, 76, "#94a3b8")).join("") +
            rect(722, 300, 76, 26, "#94a3b8") +
            rr(700, 268, 120, 14, 7, "#ef4444") +
            rect(752, 280, 16, 22, "#64748b") +
            rr(720, 330, 80, 56, 10, "#94a3b8") +
            rect(744, 384, 32, 30, "#64748b") +
            `<use href="#dr" x="760" y="480" fill="#e0f2fe"/>` +
            path("M600 540H920Q910 640 760 640Q610 640 600 540Z", "#f1f5f9") +
            rr(590, 530, 340, 18, 9, "#e2e8f0") +
            ellipse(760, 548, 90, 8, "#7dd3fc", ' opacity=".7"') +
            g("translate(1010 440) rotate(28)", wrench("#e2e8f0")) +
            `<use href="#dr" transform="translate(300 360) scale(.7)" fill="#fff" opacity=".5"/>` +
            `<use href="#dr" transform="translate(380 450) scale(.45)" fill="#fff" opacity=".5"/>`,
      `<path id="dr" d="M0-40C14-20 28-6 28 10A28 28 0 0 1-28 10C-28-6-14-20 0-40Z"/>`,
    ),
};

// ---------------------------------------------------------------------------------------------
// Service gallery images (800x600)
// ---------------------------------------------------------------------------------------------

/** A plain room: wall, skirting board and floor. */
const room = (wall, floor, trim = "#fff", floorY = 460) =>
  rect(0, 0, 800, 600, wall) + rect(0, floorY, 800, 600 - floorY, floor) + rect(0, floorY - 8, 800, 10, trim);

const books = (x, y, colors) => {
  let s = "";
  let cx = x;
  colors.forEach((c, i) => {
    const h = 44 + ((i * 7) % 16);
    s += rect(cx, y - h, 14, h, c);
    cx += 16;
  });
  return s;
};

function gallery(title, body, defs = "") {
  return svg(800, 600, title, body, defs);
}

const FLOWER = `<g id="fl"><circle cy="-13" r="11"/><circle cx="12" cy="-4" r="11"/><circle cx="8" cy="11" r="11"/><circle cx="-8" cy="11" r="11"/><circle cx="-12" cy="-4" r="11"/></g>`;

const GALLERIES = {
  "handyman-1": () =>
    gallery(
      "Handyman: a wall-mounted TV and floating shelves",
      room("#e0e7ff", "#a16207") +
        rr(200, 120, 340, 200, 8, "#111827") +
        rect(212, 132, 316, 176, "#334155") +
        path("M212 132H340L250 308H212Z", "#fff", ' opacity=".08"') +
        rr(190, 370, 360, 84, 6, "#78350f") +
        rect(368, 380, 4, 64, "#451a03") +
        rect(600, 190, 150, 12, "#92400e") +
        books(612, 190, ["#ef4444", "#3b82f6", "#f59e0b", "#10b981", "#8b5cf6"]) +
        rect(600, 300, 150, 12, "#92400e") +
        path("M650 300H700L694 262H656Z", "#f97316") +
        ellipse(664, 246, 12, 26, "#22c55e", ' transform="rotate(-20 664 246)"') +
        ellipse(688, 244, 12, 26, "#16a34a", ' transform="rotate(20 688 244)"') +
        g("translate(640 520) rotate(-10)", rr(0, 0, 110, 34, 8, "#f59e0b") + rect(110, 12, 50, 10, "#9ca3af") + rr(20, 30, 30, 44, 6, "#1f2937")),
    ),

  "handyman-2": () =>
    gallery(
      "Handyman: assembling a dresser from a flat-pack box",
      room("#fef3c7", "#d6d3d1", "#fff", 430) +
        rect(250, 200, 260, 250, "#b45309") +
        rect(266, 216, 228, 62, "#f59e0b") +
        rect(266, 290, 228, 62, "#f59e0b") +
        rect(266, 364, 228, 70, "#78350f") +
        circle(380, 247, 7, "#78350f") +
        circle(380, 321, 7, "#78350f") +
        rect(560, 340, 180, 120, "#d6b98c") +
        rect(560, 386, 180, 20, "#c4a574") +
        g("translate(120 470) rotate(-18)", rr(0, 0, 228, 56, 4, "#f59e0b")) +
        g("translate(150 540) rotate(8)", rr(0, 0, 90, 26, 10, "#dc2626") + rect(90, 9, 90, 8, "#9ca3af")) +
        [
          [520, 520],
          [540, 532],
          [560, 518],
        ]
          .map(([x, y]) => circle(x, y, 5, "#6b7280"))
          .join(""),
    ),

  "handyman-3": () =>
    gallery(
      "Handyman: touch-up painting a wall with a roller",
      room("#e5e7eb", "#92400e") +
        path("M420 0H800V452H420Q440 380 420 300Q400 220 430 140Q440 60 420 0Z", "#6ee7b7") +
        g("translate(440 170) rotate(-8)", rr(-20, -40, 40, 120, 12, "#10b981") + rect(-4, 80, 8, 30, "#9ca3af") + stroke("M0 110V150H40V260", "#9ca3af", 8) + rr(30, 260, 22, 90, 8, "#1f2937")) +
        path("M520 520L700 520L680 560H540Z", "#94a3b8") +
        path("M540 524L680 524L670 544H552Z", "#10b981") +
        stroke("M100 560L170 120M220 560L290 120", "#a8a29e", 14) +
        [180, 280, 380, 480].map((y) => stroke(`M${100 + Math.round((560 - y) * 0.16) + 4} ${y}H${220 + Math.round((560 - y) * 0.16) - 4}`, "#a8a29e", 10)).join(""),
    ),

  "cleaning-1": () =>
    gallery(
      "Cleaning: a spotless kitchen",
      room("#ecfeff", "#cbd5e1", "#e2e8f0", 470) +
        rect(80, 70, 240, 140, "#0e7490") +
        rect(480, 70, 240, 140, "#0e7490") +
        rect(198, 70, 4, 140, "#155e75") +
        rect(598, 70, 4, 140, "#155e75") +
        rr(350, 90, 100, 150, 6, "#bae6fd") +
        rect(398, 90, 4, 150, "#fff") +
        rect(60, 318, 680, 22, "#e2e8f0") +
        rect(80, 340, 640, 120, "#0891b2") +
        [200, 320, 480, 600].map((x) => rect(x, 340, 3, 120, "#0e7490")).join("") +
        rr(350, 322, 100, 12, 4, "#94a3b8") +
        stroke("M400 322V286H430V300", "#64748b", 8) +
        sparkle(250, 280, 0.8) +
        sparkle(560, 260, 1.1) +
        sparkle(640, 520, 0.7) +
        sparkle(150, 540, 0.6),
      SPARKLE,
    ),

  "cleaning-2": () =>
    gallery(
      "Cleaning: a freshly cleaned bathroom",
      galleryTiles("#e0f2fe", "#bae6fd") +
        rect(0, 470, 800, 130, "#94a3b8") +
        rr(60, 330, 400, 140, 30, "#fff") +
        rr(50, 318, 420, 24, 12, "#f1f5f9") +
        stroke("M420 318V270H386", "#64748b", 8) +
        rect(530, 330, 200, 140, "#0f766e") +
        rect(626, 340, 4, 120, "#115e59") +
        rr(520, 316, 220, 20, 6, "#f1f5f9") +
        ellipse(630, 316, 50, 8, "#cbd5e1") +
        rr(560, 110, 140, 180, 70, "#e0f2fe", ' stroke="#94a3b8" stroke-width="8"') +
        rect(180, 150, 140, 8, "#94a3b8") +
        rr(200, 158, 90, 110, 6, "#2dd4bf") +
        sparkle(120, 250, 0.9) +
        sparkle(480, 200, 1.2) +
        sparkle(700, 520, 0.7),
      SPARKLE + `<pattern id="tl" width="50" height="50" patternUnits="userSpaceOnUse"><path d="M50 0H0V50" fill="none" stroke="#93c5fd" stroke-width="2"/></pattern>`,
    ),

  "cleaning-3": () =>
    gallery(
      "Cleaning: a vacuumed living room",
      room("#eef2ff", "#b45309") +
        ellipse(380, 520, 300, 50, "#c7d2fe") +
        rr(150, 270, 420, 120, 24, "#4f46e5") +
        rr(130, 330, 460, 110, 20, "#6366f1") +
        rr(120, 320, 60, 130, 20, "#4338ca") +
        rr(540, 320, 60, 130, 20, "#4338ca") +
        rect(150, 450, 12, 20, "#312e81") +
        rect(560, 450, 12, 20, "#312e81") +
        rr(250, 110, 200, 120, 6, "#fbbf24") +
        path("M270 210L330 150L380 190L410 170L430 210Z", "#f97316") +
        stroke("M680 200V470", "#475569", 10) +
        rr(664, 180, 32, 40, 10, "#1f2937") +
        rr(650, 330, 70, 130, 20, "#a855f7") +
        rr(620, 460, 120, 26, 10, "#1f2937") +
        sparkle(470, 560, 0.7) +
        sparkle(230, 540, 0.9),
      SPARKLE,
    ),

  "salon-beauty-1": () =>
    gallery(
      "Salon / Beauty: a styling chair and lit mirror",
      room("#fdf2f8", "url(#ck)", "#fbcfe8", 470) +
        rr(250, 60, 300, 240, 14, "#fcd34d") +
        rr(270, 80, 260, 200, 8, "#e0f2fe") +
        path("M300 100L380 100L300 200Z", "#fff", ' opacity=".6"') +
        [290, 350, 410, 470, 530].map((x) => circle(x, 60, 12, "#fef9c3")).join("") +
        [110, 170, 230].map((y) => circle(250, y, 12, "#fef9c3") + circle(550, y, 12, "#fef9c3")).join("") +
        rect(200, 310, 400, 24, "#9d174d") +
        rr(230, 282, 20, 28, 4, "#f472b6") +
        rr(258, 270, 18, 40, 4, "#a855f7") +
        rr(320, 230, 160, 150, 30, "#1f2937") +
        rr(300, 360, 200, 50, 20, "#111827") +
        rr(280, 340, 30, 60, 12, "#374151") +
        rr(490, 340, 30, 60, 12, "#374151") +
        rect(388, 410, 24, 50, "#9ca3af") +
        ellipse(400, 470, 90, 18, "#6b7280"),
      `<pattern id="ck" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="#f9fafb"/><path d="M0 0h40v40H0zM40 40h40v40H40z" fill="#1f2937"/></pattern>`,
    ),

  "salon-beauty-2": () =>
    gallery(
      "Salon / Beauty: nail polish bottles and a nail file",
      rect(0, 0, 800, 600, "url(#bg)") +
        circle(400, 260, 200, "#fff", ' opacity=".35"') +
        rect(0, 420, 800, 180, "#f9a8d4") +
        [
          [240, "#e11d48"],
          [400, "#a855f7"],
          [560, "#f97316"],
        ]
          .map(([x, c]) => rr(x - 26, 200, 52, 110, 8, "#1f2937") + rr(x - 60, 300, 120, 140, 28, c) + rr(x - 44, 320, 18, 90, 9, "#fff", ' opacity=".35"'))
          .join("") +
        g("translate(150 500) rotate(-8)", rr(0, 0, 300, 24, 12, "#fde68a") + rr(0, 0, 300, 12, 6, "#fcd34d")) +
        rr(520, 470, 200, 70, 14, "#fff", ' opacity=".85"'),
      lin("bg", "#fce7f3", "#f472b6"),
    ),

  "salon-beauty-3": () => {
    const pans = ["#fda4af", "#f472b6", "#be185d", "#fcd34d", "#d6d3d1", "#a16207", "#7c2d12", "#fb7185"];
    return gallery(
      "Salon / Beauty: a makeup palette and brushes",
      rect(0, 0, 800, 600, "#fdf2f8") +
        rect(0, 430, 800, 170, "#fbcfe8") +
        rr(150, 300, 320, 170, 18, "#1f2937") +
        pans.map((c, i) => circle(200 + (i % 4) * 74, 345 + Math.floor(i / 4) * 80, 28, c)).join("") +
        [
          [-14, "#111827", "#a16207"],
          [-4, "#9d174d", "#fcd34d"],
          [8, "#111827", "#d6d3d1"],
          [18, "#6b7280", "#f472b6"],
        ]
          .map(([r, h, b]) => g(`translate(610 400) rotate(${r})`, rr(-6, -230, 12, 150, 6, h) + path("M-12-230Q0-300 12-230Z", b)))
          .join("") +
        path("M560 330H660L650 470H570Z", "#f9a8d4") +
        g("translate(560 520) rotate(-80)", rr(0, 0, 40, 120, 6, "#fcd34d") + path("M6 120V160L34 168V120Z", "#be123c")),
    );
  },

  "gardening-1": () => {
    const fl = [
      [130, 380, "#f43f5e"],
      [200, 400, "#facc15"],
      [270, 370, "#a78bfa"],
      [340, 395, "#f97316"],
      [410, 375, "#f472b6"],
      [480, 400, "#facc15"],
      [550, 372, "#f43f5e"],
      [620, 396, "#a78bfa"],
      [690, 380, "#f97316"],
    ];
    return gallery(
      "Gardening: a freshly planted flower bed by a fence",
      rect(0, 0, 800, 600, "url(#bg)") +
        rect(0, 160, 800, 14, "#d6d3d1") +
        rect(0, 250, 800, 14, "#d6d3d1") +
        rect(0, 120, 800, 320, "url(#pk)") +
        rect(0, 430, 800, 170, "#4d7c0f") +
        path("M60 470Q400 420 740 470L760 520Q400 470 40 520Z", "#78350f") +
        rect(60, 470, 700, 40, "#78350f") +
        stroke(fl.map(([x, y]) => `M${x} 490V${y}`).join(""), "#166534", 6) +
        `<g fill="#22c55e">${fl.map(([x, y]) => `<ellipse cx="${x - 14}" cy="${y + 60}" rx="14" ry="6"/>`).join("")}</g>` +
        fl.map(([x, y, c]) => `<use href="#fl" x="${x}" y="${y}" fill="${c}"/>`).join("") +
        `<g fill="#fef08a">${fl.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7"/>`).join("")}</g>`,
      lin("bg", "#bae6fd", "#f0f9ff") +
        FLOWER +
        `<pattern id="pk" width="50" height="320" patternUnits="userSpaceOnUse"><path d="M4 320V16L20 0L36 16V320Z" fill="#f5f5f4"/></pattern>`,
    );
  },

  "gardening-2": () =>
    gallery(
      "Gardening: trimmed hedges and a striped lawn",
      rect(0, 0, 800, 600, "url(#bg)") +
        circle(680, 90, 50, "#fde047") +
        rect(0, 330, 800, 270, "url(#ln)") +
        rr(40, 200, 220, 150, 40, "#15803d") +
        rr(290, 180, 220, 170, 40, "#166534") +
        rr(540, 200, 220, 150, 40, "#15803d") +
        rr(60, 206, 180, 24, 12, "#22c55e", ' opacity=".6"') +
        rr(310, 186, 180, 24, 12, "#22c55e", ' opacity=".6"') +
        rr(560, 206, 180, 24, 12, "#22c55e", ' opacity=".6"') +
        g(
          "translate(400 470)",
          g("rotate(-14)", path("M-6 0L-2-130L8 0Z", "#e5e7eb") + rr(-7, 0, 14, 110, 6, "#dc2626")) +
            g("rotate(14)", path("M-8 0L2-130L6 0Z", "#d1d5db") + rr(-7, 0, 14, 110, 6, "#b91c1c")) +
            circle(0, 0, 8, "#6b7280"),
        ) +
        [
          [200, 540],
          [230, 552],
          [600, 545],
          [620, 530],
        ]
          .map(([x, y]) => ellipse(x, y, 14, 6, "#22c55e"))
          .join(""),
      lin("bg", "#7dd3fc", "#e0f2fe") +
        `<pattern id="ln" width="100" height="600" patternUnits="userSpaceOnUse"><rect width="50" height="600" fill="#65a30d"/><rect x="50" width="50" height="600" fill="#4d7c0f"/></pattern>`,
    ),

  "gardening-3": () =>
    gallery(
      "Gardening: a raised vegetable bed with a watering can",
      rect(0, 0, 800, 600, "url(#bg)") +
        rect(0, 380, 800, 220, "#65a30d") +
        [220, 330, 440, 550].map((x) => ellipse(x, 330, 40, 30, "#22c55e") + ellipse(x, 324, 24, 18, "#4ade80")).join("") +
        [180, 390, 590].map((x) => rect(x, 200, 8, 160, "#a16207") + circle(x + 18, 250, 14, "#ef4444") + circle(x - 10, 290, 14, "#dc2626") + circle(x + 16, 320, 12, "#ef4444")).join("") +
        rect(130, 350, 520, 30, "#3f2a14") +
        rect(120, 370, 540, 120, "#92400e") +
        rect(120, 410, 540, 4, "#78350f") +
        rect(120, 450, 540, 4, "#78350f") +
        stroke("M680 470L640 420", "#0ea5e9", 12, ' stroke-linecap="round"') +
        stroke("M690 470Q720 420 750 470", "#0284c7", 10) +
        rr(680, 460, 90, 80, 12, "#0ea5e9"),
      lin("bg", "#bae6fd", "#ecfccb"),
    ),
};

function galleryTiles(a, b) {
  return rect(0, 0, 800, 600, a) + rect(0, 0, 800, 470, "url(#tl)") + rect(0, 300, 800, 170, b, ' opacity=".5"');
}

// ---------------------------------------------------------------------------------------------
// Home listing images (1200x800)
// ---------------------------------------------------------------------------------------------

/**
 * Must match HOME_LISTINGS in db/seed/data.ts: id, title and the scene for each image, in order.
 * p = palette: sky (top,bottom), wall, floor, main, accent, wood, bldg (building), night.
 */
const P = (sky1, sky2, wall, floor, main, accent, wood, bldg) => ({ sky1, sky2, wall, floor, main, accent, wood, bldg });

const LISTINGS = [
  {
    id: "h-liberty-village-1br",
    title: "Bright 1BR Condo in Liberty Village",
    p: P("#93c5fd", "#e0f2fe", "#f8fafc", "#c08457", "#0f766e", "#f97316", "#92400e", "#475569"),
    scenes: ["condo", "living", "bedroom", "kitchen"],
  },
  {
    id: "h-entertainment-district-shortterm",
    title: "Downtown Short Stay near the Entertainment District",
    p: P("#0f172a", "#4338ca", "#ede9fe", "#57534e", "#7c3aed", "#facc15", "#44403c", "#1e293b"),
    scenes: ["condo-night", "living-tv", "bedroom", "workspace"],
  },
  {
    id: "h-square-one-2br",
    title: "Spacious 2BR Condo by Square One",
    p: P("#7dd3fc", "#f0f9ff", "#f1f5f9", "#a8a29e", "#2563eb", "#f59e0b", "#78716c", "#64748b"),
    scenes: ["condo-twin", "living", "kitchen", "bedroom"],
  },
  {
    id: "h-port-credit-wholehome",
    title: "Family Home near the Port Credit Waterfront",
    p: P("#60a5fa", "#dbeafe", "#fefce8", "#b45309", "#1e40af", "#ef4444", "#78350f", "#e7e5e4"),
    scenes: ["house", "kitchen", "living", "workspace"],
  },
  {
    id: "h-scarborough-bluffs-shortterm",
    title: "Cozy Short Stay near the Scarborough Bluffs",
    p: P("#fdba74", "#fef3c7", "#fff7ed", "#a16207", "#c2410c", "#0d9488", "#7c2d12", "#fde68a"),
    scenes: ["bungalow", "bedroom", "kitchen"],
  },
  {
    id: "h-agincourt-room",
    title: "Furnished Room in Agincourt, Close to Transit",
    p: P("#a5b4fc", "#eef2ff", "#ecfdf5", "#d6d3d1", "#059669", "#e11d48", "#a16207", "#d6d3d1"),
    scenes: ["bedroom", "kitchen", "bungalow"],
  },
  {
    id: "h-springdale-room",
    title: "Private Room in a Springdale Townhouse",
    p: P("#67e8f9", "#ecfeff", "#fdf2f8", "#e7e5e4", "#db2777", "#0ea5e9", "#92400e", "#b45309"),
    scenes: ["bedroom", "townhouse", "bathroom"],
  },
  {
    id: "h-downtown-brampton-2br",
    title: "Renovated 2BR Near Downtown Brampton",
    p: P("#bae6fd", "#f0f9ff", "#f5f5f4", "#78716c", "#ca8a04", "#1d4ed8", "#57534e", "#9a3412"),
    scenes: ["victorian", "living", "kitchen", "bedroom"],
  },
  {
    id: "h-woodbridge-wholehome",
    title: "Detached 3BR Home in Woodbridge",
    p: P("#38bdf8", "#e0f2fe", "#fafaf9", "#d6b98c", "#15803d", "#b91c1c", "#a16207", "#d6d3d1"),
    scenes: ["house", "living", "kitchen", "bathroom"],
  },
  {
    id: "h-vaughan-metropolitan-sublet",
    title: "Furnished Sublet at Vaughan Metropolitan Centre",
    p: P("#c4b5fd", "#f5f3ff", "#f8fafc", "#52525b", "#0891b2", "#f43f5e", "#3f3f46", "#334155"),
    scenes: ["living-tv", "condo", "bedroom"],
  },
  {
    id: "h-annex-studio",
    title: "Charming Studio in the Annex",
    p: P("#fcd34d", "#fffbeb", "#fef9c3", "#92400e", "#b91c1c", "#15803d", "#78350f", "#b45309"),
    scenes: ["studio", "victorian", "bathroom"],
  },
  {
    id: "h-leslieville-1br",
    title: "Pet-Friendly 1BR Flat in Leslieville",
    p: P("#86efac", "#f0fdf4", "#f0f9ff", "#b45309", "#4f46e5", "#f59e0b", "#78350f", "#475569"),
    scenes: ["victorian", "living", "workspace"],
  },
];

const SCENE_LABELS = {
  condo: "building exterior",
  "condo-night": "building exterior at night",
  "condo-twin": "building exterior",
  house: "house exterior",
  bungalow: "house exterior with private entrance",
  townhouse: "townhouse exterior",
  victorian: "house exterior",
  living: "living room",
  "living-tv": "living room",
  bedroom: "bedroom",
  kitchen: "kitchen",
  bathroom: "bathroom",
  workspace: "workspace",
  studio: "studio interior",
};

const tree = (x, base, r, c1, c2) => rect(x - 7, base - r - 40, 14, r + 40, "#78350f") + circle(x, base - r - 50, r, c1) + circle(x - r / 2, base - r - 30, r * 0.7, c2);

/** Sky + ground used by every exterior. */
const outside = (p, groundColor = "#65a30d") => rect(0, 0, 1200, 800, "url(#sky)") + rect(0, 640, 1200, 160, groundColor) + rect(0, 690, 1200, 110, "#9ca3af");

const WIN = (id, frame, glass, w = 40, h = 50, ww = 24, wh = 32) =>
  `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"><rect width="${w}" height="${h}" fill="${frame}"/><rect x="${(w - ww) / 2}" y="${(h - wh) / 2}" width="${ww}" height="${wh}" fill="${glass}"/></pattern>`;

function exterior(kind, p) {
  const night = kind === "condo-night";
  const defs = lin("sky", p.sky1, p.sky2) + (kind.startsWith("condo") ? WIN("w", p.bldg, night ? "#fde68a" : "#bfdbfe") + (night ? WIN("w2", p.bldg, "#334155", 40, 50, 24, 32) : "") : "");
  let b = outside(p, night ? "#14532d" : "#65a30d");
  if (kind.startsWith("condo")) {
    b += skyline(1200, 640, 140, 180, night ? "#1e293b" : "#94a3b8", night ? ".9" : ".5", 11);
    if (night) b += circle(1040, 110, 40, "#fef9c3");
    if (kind === "condo-twin") {
      b += rect(330, 120, 220, 520, "url(#w)") + rect(620, 200, 220, 440, "url(#w)") + rect(316, 104, 248, 20, p.main) + rect(606, 184, 248, 20, p.main);
    } else {
      b += rect(440, 90, 320, 550, "url(#w)") + (night ? rect(480, 250, 120, 150, "url(#w2)") + rect(640, 450, 80, 100, "url(#w2)") : "") + rect(420, 70, 360, 24, p.main);
    }
    b += rect(300, 560, 600, 80, p.main) + rect(560, 580, 80, 60, "#e0f2fe") + tree(230, 690, 50, "#16a34a", "#15803d") + tree(980, 690, 56, "#15803d", "#16a34a");
  } else if (kind === "house") {
    b += rect(300, 330, 600, 310, p.bldg) + path("M270 340L600 140L930 340Z", p.main) + rect(660, 470, 200, 170, "#e5e7eb") + [500, 540, 580, 620].map((y) => rect(660, y, 200, 4, "#d1d5db")).join("") + rr(360, 400, 100, 90, 4, "#bfdbfe", ` stroke="${p.wood}" stroke-width="8"`) + rr(510, 400, 100, 90, 4, "#bfdbfe", ` stroke="${p.wood}" stroke-width="8"`) + rect(390, 520, 80, 120, p.accent) + circle(455, 585, 5, "#fde68a") + rr(560, 200, 80, 70, 4, "#bfdbfe", ` stroke="${p.wood}" stroke-width="8"`) + path("M660 640L620 800H940L860 640Z", "#a8a29e") + tree(160, 690, 70, "#16a34a", "#22c55e") + tree(1060, 690, 60, "#15803d", "#16a34a");
  } else if (kind === "bungalow") {
    b += rect(260, 380, 680, 260, p.bldg) + path("M220 390L600 250L980 390Z", p.main) + rect(300, 440, 140, 100, "#bfdbfe", ` stroke="${p.wood}" stroke-width="8"`) + rect(760, 440, 140, 100, "#bfdbfe", ` stroke="${p.wood}" stroke-width="8"`) + rect(550, 500, 90, 140, p.wood) + rect(260, 600, 100, 40, "#78716c") + rect(280, 560, 60, 80, p.accent) + rect(260, 548, 100, 12, "#57534e") + tree(1080, 690, 60, "#16a34a", "#22c55e") + circle(140, 630, 40, "#22c55e") + circle(190, 640, 30, "#16a34a");
  } else if (kind === "townhouse") {
    const cols = [p.bldg, "#d6d3d1", p.bldg];
    b += cols.map((c, i) => {
      const x = 180 + i * 280;
      return rect(x, 300, 280, 340, c) + path(`M${x - 10} 310L${x + 140} 200L${x + 290} 310Z`, i === 1 ? p.main : "#57534e") + rect(x + 30, 350, 90, 80, "#bfdbfe", ' stroke="#fff" stroke-width="8"') + rect(x + 160, 350, 90, 80, "#bfdbfe", ' stroke="#fff" stroke-width="8"') + rect(x + 40, 490, 80, 150, i === 1 ? p.accent : "#1f2937") + rect(x + 160, 500, 90, 80, "#bfdbfe", ' stroke="#fff" stroke-width="8"');
    }).join("") + tree(90, 690, 50, "#16a34a", "#22c55e") + tree(1110, 690, 50, "#15803d", "#22c55e");
  } else {
    // victorian (semi-detached, bay window, steep gable, porch)
    b += rect(150, 260, 300, 380, "#a8a29e") + path("M140 270L300 120L460 270Z", "#57534e") + rect(180, 320, 90, 110, "#bfdbfe", ' stroke="#fff" stroke-width="8"') + rect(330, 480, 80, 160, "#1f2937") + rect(450, 230, 380, 410, p.bldg) + path("M430 240L640 40L850 240Z", p.main) + path("M560 180h160l-20-60h-120Z", "#fff", ' opacity=".5"') + rect(600, 120, 80, 70, "#bfdbfe", ' stroke="#fff" stroke-width="8"') + path("M480 300H800L770 440H510Z", "#fff", ' opacity=".9"') + rect(510, 316, 70, 110, "#bfdbfe") + rect(605, 316, 70, 110, "#bfdbfe") + rect(700, 316, 70, 110, "#bfdbfe") + rect(470, 480, 360, 16, "#fff") + rect(480, 496, 14, 144, "#fff") + rect(806, 496, 14, 144, "#fff") + rect(560, 510, 90, 130, p.accent) + tree(1000, 690, 70, "#16a34a", "#22c55e");
  }
  return { defs, body: b };
}

/** A window showing the sky (and a skyline for condos). */
const windowView = (x, y, w, h, p, city) =>
  rect(x - 12, y - 12, w + 24, h + 24, "#fff") + rect(x, y, w, h, "url(#sky)") + (city ? `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${skyline(w, h, Math.round(h * 0.3), Math.round(w * 0.7), "#64748b", ".55", 5)}</svg>` : circle(x + w * 0.3, y + h * 0.8, w * 0.25, "#22c55e", ' opacity=".7"')) + rect(x + w / 2 - 4, y, 8, h, "#fff");

const plant = (x, base, c) => path(`M${x - 34} ${base - 70}H${x + 34}L${x + 26} ${base}H${x - 26}Z`, c) + ellipse(x - 22, base - 110, 16, 44, "#16a34a", ` transform="rotate(-25 ${x - 22} ${base - 110})"`) + ellipse(x + 22, base - 110, 16, 44, "#22c55e", ` transform="rotate(25 ${x + 22} ${base - 110})"`) + ellipse(x, base - 130, 16, 50, "#15803d");

function interior(kind, p, city) {
  const defs = lin("sky", p.sky1, p.sky2);
  let b = rect(0, 0, 1200, 800, p.wall) + rect(0, 580, 1200, 220, p.floor) + rect(0, 570, 1200, 12, "#fff");
  if (kind === "living" || kind === "living-tv") {
    b += windowView(90, 120, 280, 340, p, city);
    b += kind === "living-tv" ? rr(560, 150, 340, 190, 8, "#111827") + rect(570, 160, 320, 170, "#1e293b") : rect(600, 150, 120, 160, p.accent) + rect(740, 190, 160, 120, p.main, ' opacity=".6"');
    b += ellipse(700, 690, 380, 60, p.accent, ' opacity=".35"') + rr(480, 380, 480, 130, 30, p.main) + rr(450, 450, 540, 120, 26, p.main) + rr(440, 440, 70, 140, 24, p.main, ' opacity=".85"') + rr(930, 440, 70, 140, 24, p.main, ' opacity=".85"') + rr(520, 400, 110, 80, 20, p.accent) + rr(810, 400, 110, 80, 20, "#fff", ' opacity=".7"') + rr(590, 640, 240, 24, 8, p.wood) + rect(610, 664, 12, 50, p.wood) + rect(800, 664, 12, 50, p.wood) + stroke("M1080 580V300", "#1f2937", 8) + path("M1040 300H1120L1100 240H1060Z", p.accent) + plant(380, 580, p.accent);
  } else if (kind === "bedroom") {
    b += windowView(820, 130, 260, 300, p, city) + rect(300, 140, 320, 200, p.accent, ' opacity=".25"') + rr(250, 320, 440, 180, 16, p.wood) + rr(230, 440, 480, 150, 14, "#fff") + rr(230, 480, 480, 120, 14, p.main) + rr(270, 410, 170, 60, 24, "#f8fafc") + rr(500, 410, 170, 60, 24, "#f8fafc") + rect(110, 470, 100, 110, p.wood) + rect(140, 440, 40, 30, "#fde68a") + path("M130 440H190L178 400H142Z", p.accent) + rect(730, 470, 100, 110, p.wood);
  } else if (kind === "kitchen") {
    b += rect(120, 80, 360, 180, p.main) + rect(720, 80, 360, 180, p.main) + rect(298, 80, 4, 180, "#fff") + rect(898, 80, 4, 180, "#fff") + path("M520 80H680V160L720 240H480L520 160Z", "#9ca3af") + rect(120, 300, 960, 120, "#e5e7eb") + rect(100, 400, 1000, 24, "#f5f5f4") + rect(120, 424, 960, 150, p.main) + rr(500, 440, 200, 120, 6, "#1f2937") + [540, 660].map((x) => circle(x, 405, 14, "#374151")).join("") + [300, 900].map((x) => rect(x, 424, 3, 150, "#fff")).join("") + rr(170, 390, 120, 12, 4, "#94a3b8") + stroke("M230 390V350H260", "#64748b", 8) + stroke("M400 0V120M800 0V120", "#1f2937", 4) + path("M370 120H430L420 150H380Z", p.accent) + path("M770 120H830L820 150H780Z", p.accent) + rr(360, 640, 480, 40, 8, p.wood) + rect(420, 680, 16, 90, "#1f2937") + rect(764, 680, 16, 90, "#1f2937") + plant(1000, 400, p.accent);
  } else if (kind === "bathroom") {
    b = rect(0, 0, 1200, 800, p.wall) + rect(0, 0, 1200, 580, "url(#tl)") + rect(0, 580, 1200, 220, "#cbd5e1");
    b += rr(100, 400, 560, 190, 40, "#fff") + rr(80, 384, 600, 30, 14, "#f1f5f9") + stroke("M600 384V320H560", "#64748b", 10) + rect(740, 420, 340, 170, p.main) + rect(908, 430, 4, 150, "#fff") + rr(720, 396, 380, 28, 8, "#f1f5f9") + ellipse(910, 396, 80, 10, "#cbd5e1") + stroke("M910 386V350H940", "#64748b", 8) + rr(800, 110, 220, 240, 110, "#e0f2fe", ' stroke="#94a3b8" stroke-width="10"') + rect(260, 200, 200, 10, "#94a3b8") + rr(290, 210, 140, 150, 8, p.accent);
    return { defs: defs + `<pattern id="tl" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M60 0H0V60" fill="none" stroke="#cbd5e1" stroke-width="3"/></pattern>`, body: b };
  } else if (kind === "workspace") {
    b += windowView(120, 120, 300, 340, p, city) + rect(760, 80, 300, 490, p.wood) + [200, 320, 440].map((y) => rect(776, y, 268, 10, "#fff", ' opacity=".6"') + books(800, y, [p.main, p.accent, "#64748b", "#e5e7eb"])).join("") + rect(480, 410, 420, 24, p.wood) + rect(500, 434, 16, 140, p.wood) + rect(864, 434, 16, 140, p.wood) + rr(560, 250, 220, 140, 8, "#1f2937") + rect(572, 262, 196, 116, p.main, ' opacity=".7"') + rect(660, 390, 20, 20, "#374151") + rr(560, 440, 140, 120, 20, p.accent) + rect(622, 560, 16, 50, "#1f2937") + ellipse(630, 620, 60, 10, "#1f2937");
  } else if (kind === "studio") {
    b += path("M460 110H740L800 170V440H400V170Z", "#fff") + rect(440, 180, 100, 240, "url(#sky)") + rect(550, 140, 100, 280, "url(#sky)") + rect(660, 180, 100, 240, "url(#sky)") + rect(60, 300, 300, 110, p.main) + rect(40, 390, 340, 20, "#f5f5f4") + rect(60, 410, 300, 164, p.main) + rect(208, 410, 3, 164, "#fff") + rr(90, 380, 90, 10, 4, "#94a3b8") + rect(60, 120, 300, 110, p.main) + rr(820, 420, 330, 100, 12, p.wood) + rr(800, 480, 370, 110, 12, "#fff") + rr(800, 500, 370, 90, 12, p.accent) + rr(840, 450, 120, 44, 18, "#f8fafc") + ellipse(600, 690, 200, 40, p.accent, ' opacity=".3"') + plant(520, 580, p.main);
  }
  return { defs, body: b };
}

// ---------------------------------------------------------------------------------------------
// Avatars (256x256) and partner ads (600x300)
// ---------------------------------------------------------------------------------------------

/** Must match the landlords in db/seed/data.ts. */
const LANDLORDS = [
  ["Priya Sharma", "#0f766e"],
  ["Daniel Okafor", "#7c3aed"],
  ["Wei Chen", "#2563eb"],
  ["Margaret O'Neill", "#be123c"],
  ["Arjun Patel", "#c2410c"],
  ["Grace Mensah", "#047857"],
  ["Harpreet Gill", "#a16207"],
  ["Marcus Reid", "#1d4ed8"],
  ["Sofia Romano", "#b91c1c"],
  ["Kevin Tran", "#4338ca"],
  ["Olivia Martin", "#9d174d"],
  ["Nadia Haddad", "#0e7490"],
];

const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const initials = (name) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .toUpperCase();

function avatar(name, color) {
  return svg(
    256,
    256,
    `Avatar of ${name}`,
    circle(128, 128, 128, color) +
      circle(128, 128, 112, "#fff", ' opacity=".08"') +
      `<text x="128" y="162" text-anchor="middle" font-family="sans-serif" font-size="96" font-weight="600" fill="#fff">${esc(initials(name))}</text>`,
  );
}

/** Must match PARTNER_ADS in app/modules/site/partners.ts. lines = the name as laid out on the ad. */
const ADS = [
  {
    id: "ad-harbourfront-hardware",
    lines: ["Harbourfront", "Hardware Co."],
    name: "Harbourfront Hardware Co.",
    tagline: "Tools & supplies for every project",
    bg: ["#1e3a8a", "#2563eb"],
    icon: () => g("rotate(-35)", rr(-8, -50, 16, 110, 6, "#92400e") + path("M-44-70h78a6 6 0 0 1 6 6v22a6 6 0 0 1-6 6h-78l-10-10v-14z", "#334155")),
  },
  {
    id: "ad-northline-movers",
    lines: ["Northline", "Movers"],
    name: "Northline Movers",
    tagline: "Careful local moves across the GTA",
    bg: ["#065f46", "#10b981"],
    icon: () => rect(-56, -44, 112, 88, "#d6b98c") + rect(-56, -44, 112, 22, "#c4a574") + rect(-10, -44, 20, 40, "#f5f5f4") + path("M-20 20h40", "none", ' stroke="#92400e" stroke-width="4"'),
  },
  {
    id: "ad-bluffside-bakery",
    lines: ["Bluffside", "Bakery"],
    name: "Bluffside Bakery",
    tagline: "Fresh bread & pastries, baked daily",
    bg: ["#9a3412", "#f59e0b"],
    icon: () => ellipse(0, 6, 66, 40, "#d97706") + ellipse(0, 0, 62, 36, "#f59e0b") + stroke("M-30-20l16 36M-2-24l16 38M26-18l12 30", "#fde68a", 6, ' stroke-linecap="round"'),
  },
  {
    id: "ad-ossington-roasters",
    lines: ["Ossington", "Roasters"],
    name: "Ossington Roasters",
    tagline: "Small-batch coffee, roasted in Toronto",
    bg: ["#3f2a14", "#92400e"],
    icon: () => stroke("M30-2a18 18 0 0 1 0 36", "#b45309", 10) + path("M-44-20H34L26 46H-36Z", "#b45309") + rect(-44, -20, 78, 12, "#3f2a14") + stroke("M-20-34q-8-12 0-24M0-34q-8-12 0-24", "#a8a29e", 5, ' stroke-linecap="round"'),
  },
  {
    id: "ad-two-rivers-auto",
    lines: ["Two Rivers", "Auto Care"],
    name: "Two Rivers Auto Care",
    tagline: "Honest repairs & seasonal tire changes",
    bg: ["#111827", "#dc2626"],
    icon: () => circle(0, 0, 58, "#1f2937") + circle(0, 0, 34, "#9ca3af") + circle(0, 0, 12, "#4b5563") + [0, 72, 144, 216, 288].map((a) => circle(Math.round(22 * Math.cos((a * Math.PI) / 180)), Math.round(22 * Math.sin((a * Math.PI) / 180)), 4, "#4b5563")).join(""),
  },
];

function ad(a) {
  return svg(
    600,
    300,
    `${a.name}: ${a.tagline}`,
    rr(0, 0, 600, 300, 24, "url(#bg)") +
      circle(560, 40, 120, "#fff", ' opacity=".08"') +
      circle(130, 150, 86, "#fff", ' opacity=".92"') +
      g("translate(130 150)", a.icon()) +
      `<g font-family="sans-serif" fill="#fff"><text x="250" y="56" font-size="16" letter-spacing="2" opacity=".8">LOCAL PARTNER</text>` +
      a.lines.map((l, i) => `<text x="250" y="${116 + i * 44}" font-size="40" font-weight="700">${esc(l)}</text>`).join("") +
      `<text x="250" y="${116 + a.lines.length * 44 + 8}" font-size="17" opacity=".9">${esc(a.tagline)}</text></g>`,
    lin("bg", a.bg[0], a.bg[1], 1, 1),
  );
}

// ---------------------------------------------------------------------------------------------
// Logo (64x64): a skyline with the CN Tower in a rounded square
// ---------------------------------------------------------------------------------------------

function logo(title) {
  return svg(
    64,
    64,
    title,
    rr(0, 0, 64, 64, 14, "url(#bg)") +
      path("M8 50V36h6v-6h6v20h4V26h6v24h8V32h6v-4h6v22h6v-14h4v14Z", "#fff", ' opacity=".55"') +
      path("M29 50L31 26h2l2 24Z", "#fff") +
      ellipse(32, 26, 5, 3, "#fff") +
      rect(31, 10, 2, 16, "#fff") +
      circle(32, 20, 2, "#ef4444") +
      rect(8, 50, 48, 3, "#fff") +
      rect(14, 55, 36, 2, "#fff", ' opacity=".5"'),
    lin("bg", "#1d4ed8", "#0f766e", 1, 1),
  );
}

// ---------------------------------------------------------------------------------------------
// Write everything
// ---------------------------------------------------------------------------------------------

for (const [slug, make] of Object.entries(HEROES)) out(`/images/services/${slug}.svg`, make());
for (const [name, make] of Object.entries(GALLERIES)) out(`/images/services/${name}.svg`, make());

for (const l of LISTINGS) {
  const city = l.scenes.some((s) => s.startsWith("condo"));
  l.scenes.forEach((scene, i) => {
    const { defs, body } = SCENE_LABELS[scene].includes("exterior") ? exterior(scene, l.p) : interior(scene, l.p, city);
    out(`/images/homes/${l.id}-${i + 1}.svg`, svg(1200, 800, `${l.title}: ${SCENE_LABELS[scene]}`, body, defs));
  });
}

for (const [name, color] of LANDLORDS) out(`/images/avatars/${slugify(name)}.svg`, avatar(name, color));
for (const a of ADS) out(`/images/ads/${a.id}.svg`, ad(a));
out("/images/logo.svg", logo("GTA Connect"));
out("/favicon.svg", logo("GTA Connect"));

// Cross-check against db/seed/data.ts: every referenced image must have been generated.
const dataTs = readFileSync(join(ROOT, "db/seed/data.ts"), "utf8");
const referenced = new Set([...dataTs.matchAll(/"(\/images\/[^"]+)"/g)].map((m) => m[1]));
const missing = [...referenced].filter((p) => !written.has(p));
const unused = [...written.keys()].filter((p) => p.startsWith("/images/") && p !== "/images/logo.svg" && !referenced.has(p));

let total = 0;
let largest = ["", 0];
for (const [p, size] of written) {
  total += size;
  if (size > largest[1]) largest = [p, size];
}
console.log(`Wrote ${written.size} SVG files, ${(total / 1024).toFixed(1)} KiB in total; largest ${largest[0]} (${largest[1]} bytes).`);
if (unused.length) console.warn(`Generated but not referenced in data.ts:\n  ${unused.join("\n  ")}`);
if (missing.length) {
  console.error(`Referenced in data.ts but not generated:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
