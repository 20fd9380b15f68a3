// The area-map renderer shared by the titles whose maps are regions (the
// two Revolution Road games): regions are drawn as the cells of their
// centres (a Voronoi diagram clipped to the map), roads as lines between
// centres, water borders on the shared edge, boxes off the map as
// rectangles, counters and markers inside their regions (a region holding
// more than fit shows a compact stack per side with a count that opens the
// list of its pieces), names placed where they overlap nothing, and a key
// of the markers. The map comes from /api/titles/TITLE/map (the title's
// `map_json`, with `key`: the markers' symbols, names and rules), the
// pieces from the view's `pieces` and `markers` lists.
import { svg, el, cap, factsTable } from "./common.js";
import { MapView } from "./mapview.js";
import { boxInside, centroid, fittedText, flowRows, insideConvex, placeLabels, textWidth } from "./layout.js";

const SIDE_COLOUR = { british: "#c0392b", patriot: "#1f4e9c", american: "#1f4e9c" };
const BOX_KINDS = new Set(["off-map", "water-box", "track", "box"]);
// A counter whose label is a bare number (its strength) says its kind above it.
const KIND_SHORT = { regular: "Reg", marine: "Mar", militia: "Mil", minuteman: "MM", cannon: "Gun", leader: "Ldr", hidden: "?" };
// Screen pixels a unit (a counter is 1.3 units) needs to be readable: the first view on a phone pans.
const READABLE_UNIT_PX = 20;

export async function create(container, hooks, title) {
  const map = await fetch(`/api/titles/${title}/map`).then((r) => r.json());
  return new AreaMap(container, map, hooks, title);
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
  if (pts.length < 2) return null;
  // The two points farthest apart (a cell edge can be split by clipping).
  let best = null, bestD = -1;
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]);
      if (d > bestD) [best, bestD] = [[pts[i], pts[j]], d];
    }
  }
  return bestD > eps ? best : null;
}

/** A piece in words: its name (or kind and strength), kind and state. */
function describePiece(p) {
  const number = /^\d+$/.test(p.label || "");
  const name = p.name || (number ? `${cap(p.kind)}, strength ${p.label}` : p.label || "hidden");
  const kind = number || p.kind === "hidden" ? "" : p.kind.replace(/-/g, " ");
  return `${name}${kind && kind !== name.toLowerCase() ? ` (${kind})` : ""}${p.state ? `, ${p.state}` : ""}`;
}

class AreaMap extends MapView {
  constructor(container, data, hooks, title) {
    super();
    this.data = data;
    this.hooks = hooks;
    this.title = title;
    this.key = new Map((data.key || []).map((k) => [k.kind, k]));
    this.regions = new Map(data.regions.map((r) => [r.id, r]));
    const land = data.regions.filter((r) => !BOX_KINDS.has(r.kind));
    // Counter size from the typical distance between neighbouring centres.
    const nearest = land.map((r) => Math.min(...land.filter((o) => o !== r).map((o) => Math.hypot(o.x - r.x, o.y - r.y))));
    nearest.sort((a, b) => a - b);
    this.unit = (nearest[nearest.length >> 1] || 50) / 4;
    const u = this.unit;
    const xs = data.regions.map((r) => r.x), ys = data.regions.map((r) => r.y);
    const x0 = Math.min(0, ...xs) - 2 * u, y0 = Math.min(0, ...ys) - 2 * u;
    const x1 = Math.max(data.width || 0, ...xs) + 2 * u, y1 = Math.max(data.height || 0, ...ys) + 2 * u;
    this.full = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    this.vb = { ...this.full };
    this.minWidth = this.unit * 12;
    this.cells = new Map();
    // Each cell is also kept within a circle reaching a little past its
    // farthest neighbour's half-way line, so regions at the edge of the map
    // do not sprawl to the frame.
    const reach = new Map(land.map((r) => [r.id, 0]));
    for (const b of data.borders) {
      const a = this.regions.get(b.a), c = this.regions.get(b.b);
      if (!a || !c || !reach.has(a.id) || !reach.has(c.id)) continue;
      const d = Math.hypot(a.x - c.x, a.y - c.y);
      reach.set(a.id, Math.max(reach.get(a.id), d));
      reach.set(c.id, Math.max(reach.get(c.id), d));
    }
    for (const r of land) {
      const rad = 0.7 * (reach.get(r.id) || 4 * u) + u;
      let poly = [];
      for (let i = 0; i < 24; i++) {
        const t = (Math.PI * 2 * i) / 24;
        poly.push([r.x + rad * Math.cos(t), r.y + rad * Math.sin(t)]);
      }
      for (const o of land) if (o !== r) poly = clipNearer(poly, r, o);
      this.cells.set(r.id, poly);
    }
    // The land, where the first view looks (the boxes around it are panned to).
    const pts = [...this.cells.values()].flat();
    const lx = pts.map((p) => p[0]), ly = pts.map((p) => p[1]);
    this.land = { x: Math.min(...lx), y: Math.min(...ly), w: Math.max(...lx) - Math.min(...lx), h: Math.max(...ly) - Math.min(...ly) };
    this.root = svg("svg", { class: "map areamap", role: "img", "aria-label": `${title} map` });
    this.gCells = svg("g");
    this.gBorders = svg("g", { class: "borders", "pointer-events": "none" });
    this.gTargets = svg("g", { class: "targets", "pointer-events": "none" });
    this.gNames = svg("g", { class: "names", "pointer-events": "none" });
    this.gMarkers = svg("g", { class: "markers" });
    this.gPieces = svg("g", { class: "pieces" });
    this.root.append(this.gCells, this.gBorders, this.gTargets, this.gNames, this.gMarkers, this.gPieces);
    this.stackList = el("div", { class: "stack-list", role: "dialog", hidden: true });
    container.replaceChildren(this.root, this.stackList);
    if (this.key.size) container.append(this.legend());
    document.addEventListener("keydown", (ev) => ev.key === "Escape" && this.closeStack());
    document.addEventListener("pointerdown", (ev) => {
      if (!this.stackList.hidden && !this.stackList.contains(ev.target) && !ev.target.closest(".stack-badge")) this.closeStack();
    });
    this.shapes = new Map();
    this.pieceEls = new Map();
    this.targets = new Map();
    this.stackBoxes = this.placeStacks(this.drawNames());
    this.drawStatic();
    this.setupPanZoom();
    this.applyViewBox();
  }

  drawStatic() {
    const u = this.unit;
    for (const r of this.data.regions) {
      let shape;
      if (BOX_KINDS.has(r.kind)) {
        shape = svg("rect", { x: r.x - 3 * u, y: r.y - 1.6 * u, width: 6 * u, height: 3.2 * u, rx: 0.3 * u, class: `area box ${r.kind}` });
      } else {
        const pts = this.cells.get(r.id).map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ");
        shape = svg("polygon", { points: pts, class: `area ${r.kind || "open"}${r.town ? " town" : ""}` });
      }
      shape.dataset.region = r.id;
      shape.append(svg("title", {}, this.describe(r)));
      shape.addEventListener("click", (ev) => this.clickSpace(r.id, ev));
      this.gCells.append(shape);
      this.shapes.set(r.id, shape);
    }
    // Borders: adjacency in the data, drawn over the cells.
    const adjacent = new Set();
    for (const b of this.data.borders) {
      const a = this.regions.get(b.a), c = this.regions.get(b.b);
      if (!a || !c) continue;
      adjacent.add(`${b.a}|${b.b}`).add(`${b.b}|${b.a}`);
      const edge = this.cells.has(a.id) && this.cells.has(c.id) ? sharedEdge(this.cells.get(a.id), a, c, u * 0.05) : null;
      if (b.water && b.water !== "none" && edge) {
        this.gBorders.append(svg("line", { x1: edge[0][0], y1: edge[0][1], x2: edge[1][0], y2: edge[1][1], class: `border ${b.water}` }));
      }
      if (b.road) this.gBorders.append(svg("line", { x1: a.x, y1: a.y, x2: c.x, y2: c.y, class: "road" }));
      if (!edge) {
        // Not touching on the drawing (boxes, far neighbours): a thin link.
        this.gBorders.append(svg("line", { x1: a.x, y1: a.y, x2: c.x, y2: c.y, class: "link" }));
      }
    }
    // Cells that touch on the drawing but are not adjacent in the game.
    const land = [...this.cells.keys()];
    for (let i = 0; i < land.length; i++) {
      for (let j = i + 1; j < land.length; j++) {
        if (adjacent.has(`${land[i]}|${land[j]}`)) continue;
        const a = this.regions.get(land[i]), c = this.regions.get(land[j]);
        const edge = sharedEdge(this.cells.get(a.id), a, c, u * 0.05);
        if (edge) this.gBorders.append(svg("line", { x1: edge[0][0], y1: edge[0][1], x2: edge[1][0], y2: edge[1][1], class: "border closed" }));
      }
    }
  }

  /** Where each region's pieces and markers go: in a box, the box's
   * rectangle; on land the largest of a few boxes (wide, square, tall;
   * around the centre or the cell's middle) inside the cell and clear of
   * every name. */
  placeStacks(names) {
    const u = this.unit;
    const boxes = new Map();
    const avoid = names.concat(this.data.regions.filter((r) => BOX_KINDS.has(r.kind))
      .map((r) => ({ x0: r.x - 3 * u, y0: r.y - 1.6 * u, x1: r.x + 3 * u, y1: r.y + 1.6 * u })));
    for (const r of this.data.regions) {
      if (BOX_KINDS.has(r.kind)) {
        boxes.set(r.id, { x0: r.x - 2.8 * u, y0: r.y - 1.4 * u, x1: r.x + 2.8 * u, y1: r.y + 1.4 * u });
        continue;
      }
      const cell = this.cells.get(r.id), mid = centroid(cell);
      let best = null, area = -1;
      for (const c of [r, mid, { x: r.x, y: r.y + u }, { x: mid.x, y: mid.y + u }]) {
        for (const [w, h] of [[5.6, 3.4], [4.4, 4.4], [3.4, 5]]) {
          const b = boxInside(cell, c.x, c.y, w * u, h * u, 0.2, avoid);
          const a = b && (b.x1 - b.x0) * (b.y1 - b.y0);
          if (b && a > area) [best, area] = [b, a];
        }
      }
      boxes.set(r.id, best || { x0: r.x - u, y0: r.y - 0.7 * u, x1: r.x + u, y1: r.y + 0.7 * u });
    }
    return boxes;
  }

  /** Region names, box titles and the map's own labels, placed once so that
   * none overlaps another, a box or the centre of a region (its pieces go
   * in the room left); the least important give way. Returns the names' boxes. */
  drawNames() {
    const u = this.unit;
    const labels = [], cls = [];
    const obstacles = [];
    for (const r of this.data.regions) {
      if (BOX_KINDS.has(r.kind)) {
        obstacles.push({ x0: r.x - 3 * u, y0: r.y - 1.6 * u, x1: r.x + 3 * u, y1: r.y + 1.6 * u });
        labels.push({ text: r.name, x: r.x, y: r.y, gap: 1.6 * u, size: 0.6 * u, priority: 2 });
        cls.push("area-name box-name");
      } else {
        obstacles.push({ x0: r.x - 1.2 * u, y0: r.y - 0.5 * u, x1: r.x + 1.2 * u, y1: r.y + 0.7 * u });
        const cell = this.cells.get(r.id);
        labels.push({
          text: r.name, x: r.x, y: r.y, gap: 0.7 * u, size: (r.town ? 0.74 : 0.66) * u, bold: r.town,
          priority: r.town ? 0 : 1, within: (x, y) => insideConvex(cell, x, y),
        });
        cls.push(`area-name${r.town ? " town" : ""}`);
      }
    }
    for (const l of this.data.labels || []) {
      labels.push({ text: l.text, x: l.x, y: l.y, size: 0.7 * u, priority: 3 });
      cls.push("map-label");
    }
    const placed = placeLabels(labels, obstacles);
    placed.forEach((p, i) => {
      if (!p) return;
      this.gNames.append(svg("text", { x: p.x.toFixed(1), y: p.y.toFixed(1), class: cls[i], "font-size": p.size.toFixed(1), "dominant-baseline": "central" }, labels[i].text));
    });
    return placed.filter(Boolean).map((p) => p.box);
  }

  /** The key of the markers (a collapsible box over the map's corner). */
  legend() {
    const rows = [...this.key.values()].map((k) => {
      const chip = el("span", { class: "key-chip" }, k.symbol);
      chip.style.background = k.colour; // (not a style attribute: the page's CSP forbids those)
      return el("li", {}, chip, " ", el("b", {}, k.name), " ", el("span", { class: "rule" }, k.rule), el("div", { class: "hint" }, k.text));
    });
    rows.push(el("li", {}, el("span", { class: "key-chip stack" }, "12"), " ", el("b", {}, "Stack"),
      el("div", { class: "hint" }, "More pieces than fit in the region: click the number to list them.")));
    return el("details", { class: "map-key" }, el("summary", {}, "Key"), el("ul", { class: "plain" }, rows));
  }

  describe(r) {
    const parts = [r.name];
    if (r.kind) parts.push(r.kind);
    if (r.town) parts.push("town");
    if (r.icons && r.icons.length) parts.push(r.icons.join(", "));
    return parts.join(" — ");
  }

  // ---------------------------------------------------------- pan and zoom

  /** The whole map if it reads at this size, else the land (not the boxes
   * around it), else a readable part of the land around the places worth
   * seeing first. */
  focus(ids) {
    const minPx = READABLE_UNIT_PX / this.unit;
    const r = this.root.getBoundingClientRect();
    const whole = Math.min(r.width / this.full.w, r.height / this.full.h) >= minPx;
    const pts = (ids || []).map((id) => this.regions.get(id)).filter(Boolean);
    const median = (k) => pts.map((p) => p[k]).sort((a, b) => a - b)[pts.length >> 1];
    this.frame(whole ? this.full : this.land, minPx, pts.length ? { x: median("x"), y: median("y") } : null);
  }

  /** Where a region's pieces stand, for the trail of log entries. */
  centre(id) {
    const b = this.stackBoxes.get(id);
    return b && { x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 };
  }

  // ---------------------------------------------------------- state

  update(state, actions) {
    const view = state.view || {};
    this.state = state;
    this.setTargets(actions);
    this.gTargets.replaceChildren();
    const u = this.unit;
    for (const [id] of this.targets) {
      const r = this.regions.get(id);
      if (!r) continue;
      this.gTargets.append(svg("circle", { cx: r.x, cy: r.y, r: 2.2 * u, class: "target-ring", "stroke-width": (0.25 * u).toFixed(2) }));
    }
    for (const [id, shape] of this.shapes) this.markTarget(shape, id, this.targets.has(id));
    this.drawPieces(view);
    if (!this.stackList.hidden) this.openStack(this.stackList.dataset.region);
  }

  /** Pieces and markers per region, in the view's order. */
  byRegion(list) {
    const at = new Map();
    for (const p of list || []) {
      if (!at.has(p.region)) at.set(p.region, []);
      at.get(p.region).push(p);
    }
    return at;
  }

  drawPieces(view) {
    this.gPieces.replaceChildren();
    this.gMarkers.replaceChildren();
    this.pieceEls = new Map();
    this.pieces = this.byRegion(view.pieces);
    this.markers = this.byRegion(view.markers);
    for (const [id, box] of this.stackBoxes) {
      const pieces = this.pieces.get(id) || [], markers = this.markers.get(id) || [];
      if (!pieces.length && !markers.length) continue;
      const top = markers.length ? this.drawMarkers(id, markers, box) : box.y0;
      if (pieces.length) this.drawStack(id, pieces, { ...box, y0: top });
    }
  }

  /** A row of marker chips along the top of the box; returns where the pieces begin. */
  drawMarkers(id, markers, box) {
    const u = this.unit;
    const text = (m) => `${(this.key.get(m.kind) || {}).symbol || m.label || m.kind}${m.value === undefined ? "" : m.value}`;
    let h = Math.min(0.8 * u, (box.y1 - box.y0) * 0.3);
    let widths = markers.map((m) => Math.max(h, textWidth(text(m), 0.6 * h, true) + 0.5 * h));
    const total = widths.reduce((a, b) => a + b, 0) + 0.15 * h * (markers.length - 1);
    const shrink = Math.min(1, (box.x1 - box.x0) / total);
    h *= Math.max(shrink, 0.6);
    widths = widths.map((w) => w * Math.max(shrink, 0.6));
    const at = flowRows(widths, h, 0.15 * h, { ...box, y1: box.y0 + h }) ||
      widths.map((w, i) => ({ x: box.x0 + widths.slice(0, i).reduce((a, b) => a + b + 0.15 * h, 0) + w / 2, y: box.y0 + h / 2 }));
    markers.forEach((m, i) => {
      const k = this.key.get(m.kind) || {};
      const { x, y } = at[i], w = widths[i];
      const g = svg("g", { class: `marker ${m.kind}`, "data-region": id });
      g.append(svg("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: h / 2, fill: k.colour || "#fbf3dc",
        stroke: SIDE_COLOUR[m.side] || "#3b2f1c" }));
      g.append(fittedText(text(m), x, y, 0.6 * h, w - 0.2 * h, { bold: true }));
      g.append(svg("title", {}, `${k.name || m.label}${m.label && m.label !== k.name ? ` (${m.label})` : ""}${m.side ? `, ${m.side}` : ""}${k.rule ? ` — ${k.rule}: ${k.text}` : ""}`));
      g.addEventListener("click", (ev) => this.clickSpace(id, ev));
      this.gMarkers.append(g);
    });
    return box.y0 + h + 0.15 * h;
  }

  /** A counter's width at height s: wide enough for its name. */
  counterWidth(p, s) {
    const label = p.label || "?";
    if (/^\d+$/.test(label) || label.length <= 2) return s;
    return Math.min(2.4 * s, Math.max(s, textWidth(label, 0.34 * s, true) + 0.2 * s));
  }

  /** The region's pieces in rows inside the box, smaller if need be; when
   * even the smallest do not fit, one compact stack per side. */
  drawStack(id, pieces, box) {
    const u = this.unit;
    const room = box.y1 - box.y0;
    for (const s of [1.3 * u, 1.1 * u, 0.9 * u, 0.75 * u]) {
      if (s > room) continue;
      const widths = pieces.map((p) => this.counterWidth(p, s));
      const at = flowRows(widths, s, 0.08 * s, box);
      if (!at) continue;
      pieces.forEach((p, i) => this.gPieces.append(this.drawPiece(p, at[i].x, at[i].y, s, widths[i])));
      return;
    }
    const sides = [...new Set(pieces.map((p) => p.side))];
    const tops = sides.map((side) => {
      const mine = pieces.filter((p) => p.side === side);
      return { side, count: mine.length, top: mine.find((p) => p.kind === "leader") || mine[0] };
    });
    // As large as the box allows (a pile's edges and count take 0.4 of a counter more).
    const across = (k) => tops.reduce((a, t) => a + this.counterWidth(t.top, k) + 0.4 * k, 0) + 0.1 * k * (tops.length - 1);
    let s = Math.min(1.3 * u, room * 0.75);
    s = Math.max(0.6 * u, s * Math.min(1, (box.x1 - box.x0) / across(s)));
    const widths = tops.map((t) => this.counterWidth(t.top, s) + 0.3 * s);
    const total = widths.reduce((a, b) => a + b, 0) + 0.2 * s * (widths.length - 1);
    let x = (box.x0 + box.x1) / 2 - total / 2;
    const y = (box.y0 + box.y1) / 2;
    tops.forEach((t, i) => {
      const w = widths[i] - 0.3 * s;
      const g = svg("g", { class: `stack ${t.side}`, "data-region": id });
      // Two counters' edges under the top one: a pile.
      for (const k of [2, 1]) {
        g.append(svg("rect", { x: x + k * 0.12 * s, y: y - s / 2 + k * 0.12 * s, width: w, height: s, rx: s * 0.1, fill: SIDE_COLOUR[t.side] || "#666", class: "under" }));
      }
      g.append(this.drawPiece(t.top, x + w / 2, y, s, w, true));
      g.addEventListener("click", (ev) => this.clickSpace(id, ev));
      const badge = svg("g", { class: "stack-badge", "data-region": id, "data-count": t.count, role: "button" });
      badge.append(svg("circle", { cx: x + w + 0.1 * s, cy: y - s / 2, r: 0.42 * s }));
      badge.append(fittedText(t.count, x + w + 0.1 * s, y - s / 2, 0.5 * s, 0.7 * s, { bold: true }));
      badge.append(svg("title", {}, `${pieces.length} pieces in ${this.regions.get(id).name}: list them`));
      badge.addEventListener("click", (ev) => {
        ev.stopPropagation();
        if (!this.suppressClick) this.openStack(id, ev);
      });
      g.append(badge);
      this.gPieces.append(g);
      x += widths[i] + 0.2 * s;
    });
  }

  /** A counter of height s and width w; `inPile`: the top of a compact stack (a click is on its space). */
  drawPiece(p, x, y, s, w, inPile = false) {
    const g = svg("g", { class: `counter ${p.side} ${p.kind} ${p.state || ""}`, "data-region": p.region });
    g.append(svg("rect", { x: x - w / 2, y: y - s / 2, width: w, height: s, rx: s * 0.1, fill: SIDE_COLOUR[p.side] || "#666" }));
    const label = p.label || "?";
    if (p.kind === "leader") g.append(svg("rect", { x: x - w / 2, y: y - s / 2, width: w, height: 0.14 * s, class: "leader-band" }));
    if (/^\d+$/.test(label)) {
      g.append(fittedText(KIND_SHORT[p.kind] || cap(p.kind).slice(0, 3), x, y - 0.24 * s, 0.27 * s, w * 0.9, { class: "counter-kind" }));
      g.append(fittedText(label, x, y + 0.16 * s, 0.48 * s, w * 0.9, { class: "counter-label", bold: true }));
    } else {
      g.append(fittedText(label, x, y + 0.04 * s, 0.34 * s, w - 0.12 * s, { class: "counter-label", bold: true }));
    }
    g.append(svg("title", {}, `${cap(p.side)} ${describePiece(p)}`));
    if (inPile) return g;
    const acts = p.id && this.targets.get(p.id);
    if (acts) {
      g.classList.add("target");
      g.addEventListener("click", (ev) => {
        ev.stopPropagation();
        if (!this.suppressClick) this.hooks.choose(acts, ev);
      });
    } else {
      g.addEventListener("click", (ev) => this.clickSpace(p.region, ev));
    }
    if (p.id) {
      g.dataset.piece = p.id;
      this.pieceEls.set(p.id, g);
    }
    return g;
  }

  /** The list of a region's pieces, by the stack's count (`ev` places it;
   * without one it stays where it is, its content new). A piece an action
   * points at is a button. */
  openStack(id, ev) {
    const list = this.stackList;
    const pieces = (this.pieces && this.pieces.get(id)) || [];
    if (!pieces.length) {
      this.closeStack();
      return;
    }
    const rows = pieces.map((p) => {
      const acts = p.id && this.targets.get(p.id);
      const text = [el("span", { class: `chip ${p.side}` }, cap(p.side)), ` ${describePiece(p)}`];
      if (!acts) return el("li", {}, text);
      return el("li", {}, el("button", { type: "button", class: "target", onclick: (e) => this.hooks.choose(acts, e) }, text));
    });
    list.dataset.region = id;
    list.replaceChildren(
      el("div", { class: "stack-head" }, el("b", {}, this.regions.get(id).name), ` — ${pieces.length} pieces `,
        el("button", { type: "button", class: "small", "aria-label": "Close", onclick: () => this.closeStack() }, "×")),
      el("ul", { class: "plain" }, rows));
    list.hidden = false;
    if (ev) {
      list.style.left = `${Math.max(4, Math.min(ev.clientX + 8, window.innerWidth - list.offsetWidth - 4))}px`;
      list.style.top = `${Math.max(4, Math.min(ev.clientY + 8, window.innerHeight - list.offsetHeight - 4))}px`;
    }
  }

  closeStack() {
    this.stackList.hidden = true;
  }

  highlight(target, on) {
    const p = this.pieceEls.get(target);
    if (p) p.classList.toggle("hover", on);
    const s = this.shapes.get(target);
    if (s) s.classList.toggle("hover", on);
  }

  /** A region's details for the side panel. */
  spaceInfo(id) {
    const r = this.regions.get(id);
    if (!r) return null;
    const pieces = (this.pieces && this.pieces.get(id)) || [];
    const markers = (this.markers && this.markers.get(id)) || [];
    const items = pieces.map((p) => el("li", {}, el("span", { class: `chip ${p.side}` }, cap(p.side)), ` ${describePiece(p)}`));
    for (const m of markers) {
      const k = this.key.get(m.kind);
      items.push(el("li", {}, `Marker: ${k ? k.name : m.label || m.kind}${k && m.label !== k.name ? ` (${m.label})` : ""}`, k ? el("span", { class: "rule" }, ` ${k.rule}`) : null));
    }
    const near = this.data.borders.filter((b) => b.a === id || b.b === id).map((b) => {
      const o = this.regions.get(b.a === id ? b.b : b.a);
      return `${o ? o.name : "?"}${b.road ? " (road)" : ""}${b.water && b.water !== "none" ? ` (${b.water})` : ""}`;
    });
    return el("div", {},
      el("h3", {}, r.name),
      el("div", { class: "hint" }, this.describe(r)),
      near.length ? el("div", { class: "hint" }, `Adjacent: ${near.join(", ")}`) : null,
      items.length ? el("ul", { class: "plain" }, items) : el("div", { class: "hint" }, "Empty."));
  }

  /** Pieces in places the map does not draw. */
  offMap(state) {
    const v = state.view || {};
    const off = (v.pieces || []).filter((p) => !this.regions.has(p.region));
    const by = this.byRegion(off);
    return [...by].map(([where, list]) => el("div", { class: "offmap-row" },
      el("b", {}, `${where}: `),
      list.map((p) => el("span", { class: `chip ${p.side}` }, `${p.label || p.kind}${p.state ? " (" + p.state + ")" : ""}`))));
  }

  /** The view's simple facts (turn, victory points, action tracks...). */
  info(state) {
    const v = state.view || {};
    if (v.facts) return factsTable(v.facts);
    const rows = [];
    const show = (val) => (typeof val === "object" ? Object.entries(val).map(([k, x]) => `${cap(k)} ${typeof x === "object" ? JSON.stringify(x) : x}`).join(", ") : String(val));
    for (const [k, val] of Object.entries(v)) {
      if (k === "pieces" || k === "markers" || val === null || val === undefined) continue;
      if (Array.isArray(val) && val.some((x) => typeof x === "object")) continue;
      if (typeof val === "object" && !Array.isArray(val) && Object.values(val).some((x) => x && typeof x === "object" && !Array.isArray(x))) continue;
      rows.push(el("tr", {}, el("th", {}, cap(k.replace(/_/g, " "))), el("td", {}, Array.isArray(val) ? val.join(", ") : show(val))));
    }
    return el("table", { class: "facts" }, rows);
  }

  /** Where the first view looks on a small screen: what the seat may act
   * on, else its own pieces. */
  interesting(state) {
    const pieces = (state.view && state.view.pieces) || [];
    const targets = [...this.targets.keys()].map((t) => (this.regions.has(t) ? t : (pieces.find((p) => p.id === t) || {}).region));
    const on = targets.filter((t) => this.regions.has(t) && !BOX_KINDS.has(this.regions.get(t).kind));
    if (on.length) return on;
    return pieces.filter((p) => p.side === state.seat && this.cells.has(p.region)).map((p) => p.region);
  }
}
