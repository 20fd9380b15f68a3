// The four ways a map's spaces tile it (engine::drawing::Geometry), for the
// one renderer (board.js). Coordinates here are normalised: one unit is the
// drawing's `unit` (a hex's centre to corner, a square's side, the distance
// between neighbouring areas or points). Each geometry says, for a space,
// its outline, the border it shares with a neighbour, where its pieces
// stand and where its name goes; boxes beside the map are alike in all.
import { svg } from "./common.js";
import { boxInside, centroid, insideConvex, textWidth } from "./layout.js";

const rect = (x, y, w, h) => ({ x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 });
const f3 = (v) => v.toFixed(3);
const points = (poly) => poly.map((p) => `${f3(p[0])},${f3(p[1])}`).join(" ");

function hexPoly(x, y, r) {
  return [...Array(6).keys()].map((i) => [x + r * Math.cos((Math.PI / 3) * i), y + r * Math.sin((Math.PI / 3) * i)]);
}

/** What every geometry shares: boxes beside the map, the border of two
 * touching spaces on the perpendicular bisector of their centres. */
class Base {
  constructor(spaces, box, piece) {
    this.spaces = spaces;
    this.box = box; // a box's {w, h}
    this.piece = piece; // a piece's height at full size
  }

  poly() {
    return null;
  }

  /** The space's outline, grown or shrunk by k about its centre. */
  outline(s, k = 1) {
    if (s.boxed) {
      const r = rect(s.x, s.y, this.box.w * k, this.box.h * k);
      return svg("rect", { x: f3(r.x0), y: f3(r.y0), width: f3(r.x1 - r.x0), height: f3(r.y1 - r.y0), rx: 0.08 * this.box.h });
    }
    return svg("polygon", { points: points(this.poly(s, k)) });
  }

  /** Where a box's pieces stand: below its title. */
  boxStack(s) {
    const { w, h } = this.box;
    return { x0: s.x - 0.45 * w, y0: s.y - 0.2 * h, x1: s.x + 0.45 * w, y1: s.y + 0.45 * h };
  }

  /** A box's title, in bold (style.css .box-name: measured as drawn). */
  boxName(s) {
    return { x: s.x, y: s.y - 0.34 * this.box.h, size: 0.14 * this.box.h, gap: 0, bold: true };
  }

  /** The side two touching cells of size `half` (half an edge) share. */
  sideBetween(a, b, half) {
    const dx = b.x - a.x, dy = b.y - a.y, d = Math.hypot(dx, dy) || 1;
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, ux = (-dy / d) * half, uy = (dx / d) * half;
    return [[mx - ux, my - uy], [mx + ux, my + uy]];
  }

  /** Links drawn from centre to centre (roads, trails) rather than on the border. */
  alongCentres(kinds) {
    return kinds.some((k) => k === "road" || k === "trail");
  }

  /** The dot or point that marks the space ({x, y, r}), which an arrow
   * of the trail stops short of; null where there is none. */
  dot() {
    return null;
  }

  /** The boxes beside the map, as drawn. */
  boxes() {
    return this.spaces.filter((s) => s.boxed).map((s) => rect(s.x, s.y, this.box.w, this.box.h));
  }

  /** Where pieces may go around the centre when nothing else says. */
  obstacles() {
    return this.boxes();
  }
}

/** Flat-topped hexes of size 1: a town's dot above the centre, its name
 * around the dot, the pieces below it. */
class Hex extends Base {
  constructor(spaces) {
    super(spaces, { w: 3.2, h: 2.2 }, 0.64);
    this.pieceScale = 48; // screen pixels a unit for readable pieces
  }

  poly(s, k) {
    return hexPoly(s.x, s.y, 0.985 * k);
  }

  edge(a, b) {
    return this.sideBetween(a, b, 0.5);
  }

  stackBox(s) {
    if (s.boxed) return this.boxStack(s);
    // A town's pieces stand below its dot (whose foot is 0.21 under the centre).
    return s.features.includes("town") ? rect(s.x, s.y + 0.3125, 1.5, 1.025) : rect(s.x, s.y, 1.5, 1.3);
  }

  nameAt(s) {
    if (s.boxed) return this.boxName(s);
    return { x: s.x, y: s.y - 0.42, size: 0.26, gap: 0.22, bold: true };
  }

  obstacles() {
    return super.obstacles().concat(this.spaces.filter((s) => !s.boxed && s.features.includes("town")).map((s) => rect(s.x, s.y - 0.42, 0.44, 0.44)));
  }

  /** A town's dot, above the centre; larger when it carries a value. */
  dot(s) {
    if (s.boxed || !s.features.includes("town")) return null;
    return { x: s.x, y: s.y - 0.42, r: s.value > 0 ? 0.21 : 0.12 };
  }

  /** A town's dot in its colour with its value, and an anchor for a port. */
  decorate(s, g) {
    const dot = this.dot(s);
    if (!dot) return;
    g.append(svg("circle", { cx: dot.x, cy: dot.y, r: dot.r, class: `town-dot ${s.colour || ""}` }));
    if (s.value > 0) g.append(svg("text", { x: s.x, y: f3(dot.y + 0.085), class: "town-value", "font-size": 0.24 }, s.value));
    if (s.features.includes("port")) g.append(svg("text", { x: s.x + 0.36, y: dot.y + 0.1, class: "anchor", "font-size": 0.28 }, "⚓"));
  }

  /** The number of a hex, shown when zoomed in. */
  smallPrint(s) {
    return s.boxed ? null : { x: s.x, y: s.y + 0.74, text: s.id };
  }
}

/** A square grid of side 1: names along the top of their square. */
class Square extends Base {
  constructor(spaces) {
    super(spaces, { w: 2.4, h: 1.4 }, 0.34);
    this.pieceScale = 90;
  }

  poly(s, k) {
    const h = 0.5 * k * 0.985;
    return [[s.x - h, s.y - h], [s.x + h, s.y - h], [s.x + h, s.y + h], [s.x - h, s.y + h]];
  }

  edge(a, b) {
    return this.sideBetween(a, b, 0.5);
  }

  stackBox(s) {
    if (s.boxed) return this.boxStack(s);
    return { x0: s.x - 0.44, y0: s.y - (s.label === undefined ? 0.44 : 0.22), x1: s.x + 0.44, y1: s.y + 0.44 };
  }

  /** A name's middle stays in its square: one that spilt into the next
   * square (a long name pushed aside by its square's fort) read as that
   * square's, where a square is a whole space of the rules. A long name is
   * printed smaller, to fit between the town's mark and the fort's (board.js
   * grows the names from their `nominal` size and keeps each readable);
   * where even that is wider than the square or finds no room, a square of
   * several places is named by its first. */
  nameAt(s) {
    if (s.boxed) return this.boxName(s);
    const poly = this.poly(s, 1);
    const bold = s.features.includes("town");
    const size = Math.min(0.15, 0.6 / textWidth(s.name, 1, bold));
    return { x: s.x, y: s.y - 0.34, size, nominal: 0.15, gap: 0, bold, within: (x, y) => insideConvex(poly, x, y), strict: true, short: s.name.split(" / ")[0], room: 1 };
  }

  /** A town's mark, in its square's upper left corner. */
  dot(s) {
    return s.boxed || !s.features.includes("town") ? null : { x: s.x - 0.37, y: s.y - 0.39, r: 0.06 };
  }

  decorate(s, g) {
    if (s.boxed) return;
    if (s.features.includes("fort")) g.append(svg("rect", { x: s.x + 0.3, y: s.y - 0.46, width: 0.14, height: 0.14, class: "fort-mark" }));
    const dot = this.dot(s);
    if (dot) g.append(svg("circle", { cx: dot.x, cy: dot.y, r: dot.r, class: "town-mark" }));
  }

  smallPrint(s) {
    return s.boxed || s.label !== undefined ? null : { x: s.x, y: s.y + 0.47, text: s.id };
  }
}

/** Point-to-point: each space a point, its pieces beside it, every link a
 * line between centres. */
class Node extends Base {
  constructor(spaces) {
    super(spaces, { w: 2.4, h: 1.4 }, 0.3);
    this.pieceScale = 90;
    // A point is too small a target for a finger: a lit one takes taps from around it (board.js).
    this.points = true;
  }

  outline(s, k = 1) {
    if (s.boxed) return super.outline(s, k);
    return svg("circle", { cx: s.x, cy: s.y, r: f3(0.16 * k) });
  }

  edge() {
    return null;
  }

  /** The space's point itself. */
  dot(s) {
    return s.boxed ? null : { x: s.x, y: s.y, r: 0.16 };
  }

  alongCentres() {
    return true;
  }

  /** Below the point, as wide as the points are about apart: a pile of
   * counters there reads at a first view (board.js PIECE_PX). */
  stackBox(s) {
    if (s.boxed) return this.boxStack(s);
    return { x0: s.x - 0.5, y0: s.y + 0.18, x1: s.x + 0.5, y1: s.y + 0.56 };
  }

  nameAt(s) {
    if (s.boxed) return this.boxName(s);
    return { x: s.x, y: s.y, size: 0.17, gap: 0.18, bold: s.features.includes("town") };
  }

  obstacles() {
    return this.fixedObstacles().concat(this.spaces.filter((s) => !s.boxed).map((s) => this.stackBox(s)));
  }

  /** What a name never covers, whatever stands where (the points and the
   * boxes): a name the pieces on the map hide may move to an empty space's
   * place for pieces (board.js clearNames). */
  fixedObstacles() {
    return super.obstacles().concat(this.spaces.filter((s) => !s.boxed).map((s) => rect(s.x, s.y, 0.34, 0.34)));
  }

  decorate(s, g) {
    if (s.boxed) return;
    if (s.features.includes("fort")) g.append(svg("rect", { x: s.x - 0.09, y: s.y - 0.09, width: 0.18, height: 0.18, class: "fort-mark" }));
    if (s.features.includes("port")) g.append(svg("text", { x: s.x + 0.22, y: s.y - 0.1, class: "anchor", "font-size": 0.18 }, "⚓"));
  }

  smallPrint() {
    return null;
  }
}

/** Clip a convex polygon to the half-plane nearer `a` than `b`. */
function clipNearer(poly, a, b) {
  const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
  const nx = b.x - a.x, ny = b.y - a.y;
  const side = (p) => (p[0] - mx) * nx + (p[1] - my) * ny; // <= 0: nearer a
  const out = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i], q = poly[(i + 1) % poly.length];
    const sp = side(p), sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}

/** The edge two cells share (both ends on their bisector), if any. */
function sharedEdge(cell, a, b, eps) {
  const on = (p) => Math.abs(Math.hypot(p[0] - a.x, p[1] - a.y) - Math.hypot(p[0] - b.x, p[1] - b.y)) < eps;
  const pts = cell.filter(on);
  let best = null, bestD = -1;
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]);
      if (d > bestD) [best, bestD] = [[pts[i], pts[j]], d];
    }
  }
  return bestD > eps ? best : null;
}

/** Regions as the cells of their centres (a Voronoi diagram), each kept
 * within a circle a little past its farthest neighbour's half-way line so
 * that regions at the edge do not sprawl; names inside their cells, the
 * pieces in the largest box left clear of every name. */
class Area extends Base {
  constructor(spaces, links) {
    super(spaces, { w: 1.5, h: 0.8 }, 0.325);
    this.pieceScale = 80;
    const land = spaces.filter((s) => !s.boxed);
    const reach = new Map(land.map((s) => [s.id, 0]));
    const byId = new Map(spaces.map((s) => [s.id, s]));
    for (const l of links) {
      const a = byId.get(l.a), b = byId.get(l.b);
      if (!a || !b || !reach.has(a.id) || !reach.has(b.id)) continue;
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      reach.set(a.id, Math.max(reach.get(a.id), d));
      reach.set(b.id, Math.max(reach.get(b.id), d));
    }
    this.cells = new Map();
    for (const s of land) {
      const r = 0.7 * (reach.get(s.id) || 1) + 0.25;
      let poly = [...Array(24).keys()].map((i) => [s.x + r * Math.cos((Math.PI * i) / 12), s.y + r * Math.sin((Math.PI * i) / 12)]);
      for (const o of land) if (o !== s) poly = clipNearer(poly, s, o);
      this.cells.set(s.id, poly);
    }
    this.stacks = new Map();
  }

  poly(s, k) {
    const c = this.cells.get(s.id);
    return k === 1 ? c : c.map(([x, y]) => [s.x + (x - s.x) * k, s.y + (y - s.y) * k]);
  }

  edge(a, b) {
    const ca = this.cells.get(a.id);
    return ca && this.cells.has(b.id) ? sharedEdge(ca, a, b, 0.0125) : null;
  }

  /** Touching cells with no link between them: a closed border. */
  closed(linked) {
    const land = this.spaces.filter((s) => !s.boxed), out = [];
    for (let i = 0; i < land.length; i++) {
      for (let j = i + 1; j < land.length; j++) {
        if (linked.has(`${land[i].id}|${land[j].id}`) || linked.has(`${land[j].id}|${land[i].id}`)) continue;
        const e = this.edge(land[i], land[j]);
        if (e) out.push(e);
      }
    }
    return out;
  }

  nameAt(s) {
    if (s.boxed) return { x: s.x, y: s.y, size: 0.15, gap: 0.4, bold: true };
    const cell = this.cells.get(s.id), town = s.features.includes("town");
    return { x: s.x, y: s.y, size: town ? 0.185 : 0.165, gap: 0.175, bold: town, within: (x, y) => insideConvex(cell, x, y) };
  }

  boxStack(s) {
    return rect(s.x, s.y, 1.4, 0.7);
  }

  obstacles() {
    return super.obstacles().concat(this.spaces.filter((s) => !s.boxed).map((s) => ({ x0: s.x - 0.3, y0: s.y - 0.125, x1: s.x + 0.3, y1: s.y + 0.175 })));
  }

  /** Where each region's pieces go, once its names are placed (`names`:
   * their boxes): the largest of a few boxes (wide, square, tall; around
   * the centre or the cell's middle) inside the cell and clear of them. */
  placeStacks(names) {
    const avoid = names.concat(super.obstacles());
    for (const s of this.spaces) {
      if (s.boxed) continue;
      const cell = this.cells.get(s.id), mid = centroid(cell);
      let best = null, area = -1;
      for (const c of [s, mid, { x: s.x, y: s.y + 0.25 }, { x: mid.x, y: mid.y + 0.25 }]) {
        for (const [w, h] of [[1.4, 0.85], [1.1, 1.1], [0.85, 1.25]]) {
          const b = boxInside(cell, c.x, c.y, w, h, 0.2, avoid);
          const a = b && (b.x1 - b.x0) * (b.y1 - b.y0);
          if (b && a > area) [best, area] = [b, a];
        }
      }
      this.stacks.set(s.id, best || rect(s.x, s.y, 0.5, 0.35));
    }
  }

  stackBox(s) {
    return s.boxed ? this.boxStack(s) : this.stacks.get(s.id);
  }

  decorate() {}

  smallPrint() {
    return null;
  }
}

/** The geometry of a drawing's kind over its (normalised) spaces and links. */
export function geometry(kind, spaces, links) {
  switch (kind) {
    case "hex":
      return new Hex(spaces);
    case "square":
      return new Square(spaces);
    case "node":
      return new Node(spaces);
    case "area":
      return new Area(spaces, links);
    default:
      throw new Error(`no geometry "${kind}"`);
  }
}
