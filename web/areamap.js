// The area-map renderer shared by the titles whose maps are regions (the
// two Revolution Road games): regions are drawn as the cells of their
// centres (a Voronoi diagram clipped to the map), roads as lines between
// centres, water borders on the shared edge, boxes off the map as
// rectangles, counters and markers in their regions. The map comes from
// /api/titles/TITLE/map (the title's `map_json`), the pieces from the view's
// `pieces` and `markers` lists.
import { svg, el, cap, factsTable } from "./common.js";
import { MapView } from "./mapview.js";

const SIDE_COLOUR = { british: "#c0392b", patriot: "#1f4e9c", american: "#1f4e9c" };
const BOX_KINDS = new Set(["off-map", "water-box", "track", "box"]);

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

class AreaMap extends MapView {
  constructor(container, data, hooks, title) {
    super();
    this.data = data;
    this.hooks = hooks;
    this.title = title;
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
    this.root = svg("svg", { class: "map areamap", role: "img", "aria-label": `${title} map` });
    this.gCells = svg("g");
    this.gBorders = svg("g", { class: "borders", "pointer-events": "none" });
    this.gTargets = svg("g", { class: "targets", "pointer-events": "none" });
    this.gNames = svg("g", { class: "names", "pointer-events": "none" });
    this.gMarkers = svg("g", { class: "markers" });
    this.gPieces = svg("g", { class: "pieces" });
    this.root.append(this.gCells, this.gBorders, this.gTargets, this.gNames, this.gMarkers, this.gPieces);
    container.replaceChildren(this.root);
    this.shapes = new Map();
    this.pieceEls = new Map();
    this.targets = new Map();
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
      // Icons (muster, hidden arms, terrain...) are in the tooltip and the side panel.
      // Long names in smaller type, so neighbouring names overlap less.
      const size = 0.85 * u * Math.min(1, 14 / Math.max(1, r.name.length));
      this.gNames.append(svg("text", { x: r.x, y: r.y - 1.9 * u, class: `area-name${r.town ? " town" : ""}`, "font-size": size.toFixed(1) }, r.name));
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
    for (const l of this.data.labels || []) {
      this.gNames.append(svg("text", { x: l.x, y: l.y, class: "map-label", "font-size": (0.8 * u).toFixed(1) }, l.text));
    }
  }

  describe(r) {
    const parts = [r.name];
    if (r.kind) parts.push(r.kind);
    if (r.town) parts.push("town");
    if (r.icons && r.icons.length) parts.push(r.icons.join(", "));
    return parts.join(" — ");
  }

  // ---------------------------------------------------------- pan and zoom

  /** The whole map is small enough to show at once. */
  focus() {
    this.fit();
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
    for (const [id, shape] of this.shapes) shape.classList.toggle("clickable", this.targets.has(id));
    this.drawPieces(view);
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
    const u = this.unit;
    this.gPieces.replaceChildren();
    this.gMarkers.replaceChildren();
    this.pieceEls = new Map();
    this.pieces = this.byRegion(view.pieces);
    this.markers = this.byRegion(view.markers);
    for (const [id, list] of this.pieces) {
      const r = this.regions.get(id);
      if (!r) continue;
      const n = list.length;
      const perRow = Math.min(n, n <= 4 ? 4 : 6);
      const size = n <= 8 ? 1.3 * u : 1.0 * u;
      const gap = size * 1.08;
      const rows = Math.ceil(n / perRow);
      list.forEach((p, i) => {
        const row = Math.floor(i / perRow), col = i % perRow;
        const inRow = Math.min(perRow, n - row * perRow);
        const x = r.x + (col - (inRow - 1) / 2) * gap;
        const y = r.y + (row - (rows - 1) / 2) * gap;
        this.gPieces.append(this.drawPiece(p, x, y, size));
      });
    }
    for (const [id, list] of this.markers) {
      const r = this.regions.get(id);
      if (!r) continue;
      list.forEach((m, i) => {
        const x = r.x - 2.4 * u + i * 1.1 * u, y = r.y - 1.3 * u;
        const g = svg("g", { class: `marker ${m.kind}` });
        g.append(svg("circle", { cx: x, cy: y, r: 0.5 * u }));
        g.append(svg("text", { x, y: y + 0.18 * u, "font-size": (0.45 * u).toFixed(2) }, (m.label || m.kind).slice(0, 3)));
        g.append(svg("title", {}, `${m.label || m.kind} (${m.kind})`));
        g.addEventListener("click", (ev) => this.clickSpace(id, ev));
        this.gMarkers.append(g);
      });
    }
  }

  drawPiece(p, x, y, size) {
    const g = svg("g", { class: `counter ${p.side} ${p.kind} ${p.state || ""}`, "data-region": p.region });
    g.append(svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.1, fill: SIDE_COLOUR[p.side] || "#666" }));
    g.append(svg("text", { x, y: y + size * 0.15, class: "counter-label", "font-size": (size * 0.36).toFixed(2) }, (p.label || "?").slice(0, 5)));
    g.append(svg("title", {}, `${cap(p.side)} ${p.kind}: ${p.label || "hidden"}${p.state ? " (" + p.state + ")" : ""}`));
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
    const items = pieces.map((p) => el("li", {}, el("span", { class: `chip ${p.side}` }, cap(p.side)), ` ${p.label || p.kind} (${p.kind}${p.state ? ", " + p.state : ""})`));
    for (const m of markers) items.push(el("li", {}, `Marker: ${m.label || m.kind}`));
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

  /** Regions worth showing first: the whole map fits. */
  interesting() {
    return [];
  }
}
