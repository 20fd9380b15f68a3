// Liberty's map renderer: flat-topped hexes from /api/titles/liberty/map,
// towns, ports, forest/marsh hexsides, rivers, and blocks standing upright
// (own and revealed blocks show their name, strength as pips along the top
// edge and combat rating, as the printed blocks do; hidden ones only
// colour). Town names are placed once so that none overlaps another; hex
// numbers show only when zoomed in.
import { svg, el, cap, factsTable } from "./common.js";
import { MapView } from "./mapview.js";
import { fittedText, placeLabels } from "./layout.js";

const SIDE_COLOUR = { british: "#c0392b", american: "#1f4e9c" };
const NATION_COLOUR = { french: "#4f86d9" };
const BOX_LABEL = { atlantic: "Atlantic", "wi-british": "British West Indies", "wi-french": "French West Indies" };

export async function create(container, hooks) {
  const [map, coast] = await Promise.all([
    fetch("/api/titles/liberty/map").then((r) => r.json()),
    // Real geography under the hexes (tools/coastline/gen.js); optional.
    fetch("/static/liberty-coast.json").then((r) => (r.ok ? r.json() : null)).catch(() => null),
  ]);
  return new LibertyMap(container, map, hooks, coast);
}

function hexPoints(x, y, r = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

function blockColour(b) {
  return NATION_COLOUR[b.nation] || SIDE_COLOUR[b.side] || "#666";
}

function locName(map, id) {
  const s = map.get(id);
  if (!s) return { pool: "Pool", "french-pool": "French pool", prisoner: "Prisoners" }[id] || id;
  if (BOX_LABEL[s.id]) return BOX_LABEL[s.id];
  return s.town ? s.town.name : `hex ${s.id}`;
}

class LibertyMap extends MapView {
  constructor(container, data, hooks, coast) {
    super();
    this.data = data;
    this.coast = coast;
    this.hooks = hooks;
    this.spaces = new Map(data.spaces.map((s) => [s.id, s]));
    const b = data.bounds;
    this.full = { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 };
    this.vb = { ...this.full };
    this.minWidth = 4;
    // Hex numbers from this many screen pixels a hex unit (about twice the first view's).
    this.detailScale = 80;
    this.unit = 0.5;
    this.root = svg("svg", { class: coast ? "map geo" : "map", role: "img", "aria-label": "Liberty map" });
    this.gLand = svg("g", { class: "geo", "pointer-events": "none" });
    this.gHex = svg("g");
    this.gCoast = svg("g", { class: "geo", "pointer-events": "none" });
    this.gSides = svg("g", { class: "sides" });
    this.gRivers = svg("g", { class: "rivers" });
    this.gControl = svg("g", { class: "control" });
    this.gTowns = svg("g", { class: "towns" });
    this.gIds = svg("g", { class: "hex-ids", "pointer-events": "none" });
    this.gBlocks = svg("g", { class: "blocks" });
    this.gTargets = svg("g", { class: "targets" });
    this.root.append(this.gLand, this.gHex, this.gCoast, this.gSides, this.gRivers, this.gControl, this.gTargets, this.gIds, this.gTowns, this.gBlocks);
    container.replaceChildren(this.root);
    this.hexEls = new Map();
    this.blockEls = new Map();
    this.targets = new Map();
    this.drawStatic();
    this.setupPanZoom();
    this.applyViewBox();
  }

  /** Coastlines and lakes from Natural Earth, in the grid's own projection. */
  drawGeography() {
    const c = this.coast;
    if (!c) return;
    for (const d of c.land || []) this.gLand.append(svg("path", { d, class: "geo-land" }));
    for (const d of c.lakes || []) this.gLand.append(svg("path", { d, class: "geo-lake" }));
    for (const d of c.coast || []) this.gCoast.append(svg("path", { d, class: "geo-coast" }));
  }

  drawStatic() {
    this.drawGeography();
    for (const s of this.data.spaces) {
      let shape;
      if (s.terrain === "box") {
        shape = svg("rect", { x: s.x - 1.6, y: s.y - 1.1, width: 3.2, height: 2.2, rx: 0.2, class: "hex box" });
      } else {
        shape = svg("polygon", {
          points: hexPoints(s.x, s.y, 0.985),
          class: `hex ${s.terrain}${s.wilderness ? " wild" : ""}`,
        });
        this.gIds.append(svg("text", { x: s.x, y: s.y + 0.74, class: "hex-id" }, s.id));
      }
      shape.dataset.hex = s.id;
      shape.append(svg("title", {}, this.describeSpace(s)));
      shape.addEventListener("click", (ev) => this.clickSpace(s.id, ev));
      this.gHex.append(shape);
      this.hexEls.set(s.id, shape);
      if (s.town && s.terrain !== "box") this.drawTown(s);
    }
    this.drawNames();
    for (const d of this.data.sides) {
      let cls;
      if (d.terrain === "forest") cls = "forest";
      else if (d.terrain === "marsh") cls = "marsh";
      else if (!d.ground) cls = "bay";
      else if (d.naval) cls = "navigable";
      else continue;
      this.gSides.append(svg("line", { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2, class: `hexside ${cls}` }));
    }
    for (const r of this.data.rivers) {
      const pts = r.points.map((p) => p.join(",")).join(" ");
      this.gRivers.append(svg("polyline", { points: pts, class: "river" }, svg("title", {}, r.name)));
    }
    // Rivers run through hex centres and take the pointer (for their names):
    // a click on one is a click on the hex under it.
    this.gRivers.addEventListener("click", (ev) => {
      const p = this.toMap(ev);
      this.clickSpace(this.spaceAt(p.x, p.y), ev);
    });
  }

  drawTown(s) {
    const t = s.town;
    const cy = s.y - 0.42;
    const g = svg("g", { class: "town", "pointer-events": "none" });
    g.append(svg("circle", { cx: s.x, cy, r: t.value > 0 ? 0.21 : 0.12, class: `town-dot ${t.colour}` }));
    if (t.value > 0) g.append(svg("text", { x: s.x, y: cy + 0.085, class: "town-value" }, t.value));
    if (t.port) g.append(svg("text", { x: s.x + 0.36, y: cy + 0.1, class: "anchor" }, "⚓"));
    this.gTowns.append(g);
  }

  /** Town names above their dots (else around them) and the boxes' titles,
   * placed once: the most valuable towns first, none over another name or
   * a town's dot; a name with no room left is dropped (the hex's tooltip
   * and the side panel say it). */
  drawNames() {
    const labels = [], cls = [];
    const obstacles = [];
    for (const s of this.data.spaces) {
      if (s.terrain === "box") {
        labels.push({ text: BOX_LABEL[s.id] || s.id, x: s.x, y: s.y - 0.75, size: 0.3, priority: 0, bold: true });
        cls.push("box-label");
      } else if (s.town) {
        const cy = s.y - 0.42;
        obstacles.push({ x0: s.x - 0.22, y0: cy - 0.22, x1: s.x + 0.22, y1: cy + 0.22 });
        labels.push({ text: s.town.name, x: s.x, y: cy, gap: 0.22, size: 0.26, priority: 10 - s.town.value, bold: true });
        cls.push("town-name");
      }
    }
    placeLabels(labels, obstacles).forEach((p, i) => {
      if (!p) return;
      this.gTowns.append(svg("text", { x: p.x.toFixed(3), y: p.y.toFixed(3), class: cls[i], "font-size": p.size.toFixed(3), "dominant-baseline": "central" }, labels[i].text));
    });
  }

  /** Where a space's blocks stand, for the trail of log entries. */
  centre(id) {
    const s = this.spaces.get(id);
    return s && { x: s.x, y: s.town || s.terrain === "box" ? s.y + 0.25 : s.y };
  }

  describeSpace(s) {
    if (s.terrain === "box") return BOX_LABEL[s.id] || s.id;
    let d = `hex ${s.id}, ${s.terrain}`;
    if (s.wilderness) d += ", wilderness";
    if (s.town) {
      d = `${s.town.name} (${s.town.colour}, value ${s.town.value}${s.town.port ? ", port" : ""}) — ${d}`;
    }
    return d;
  }

  // ---------------------------------------------------------- pan and zoom

  /** Show these spaces (ids), at a readable scale. */
  focus(ids) {
    const pts = ids.map((id) => this.spaces.get(id)).filter((s) => s && s.terrain !== "box");
    if (pts.length === 0) return;
    const x0 = Math.min(...pts.map((p) => p.x)) - 2, x1 = Math.max(...pts.map((p) => p.x)) + 2;
    const y0 = Math.min(...pts.map((p) => p.y)) - 2, y1 = Math.max(...pts.map((p) => p.y)) + 2;
    // Readable blocks need about 48 px a hex unit: at most ~20 units across.
    const r = this.root.getBoundingClientRect();
    const most = Math.max(12, (r.width || 1000) / 48);
    const w = Math.min(Math.max(x1 - x0, 14), most), h = Math.min(Math.max(y1 - y0, 10), most * ((r.height || 800) / (r.width || 1000)));
    // Centre on where most of the pieces are.
    const xs = pts.map((p) => p.x).sort((a, b) => a - b), ys = pts.map((p) => p.y).sort((a, b) => a - b);
    const cx = xs[xs.length >> 1], cy = ys[ys.length >> 1];
    this.vb = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.applyViewBox();
  }

  // ---------------------------------------------------------- state

  update(state, actions) {
    const view = state.view || {};
    this.state = state;
    // Targets: hex or block id -> actions.
    this.setTargets(actions);
    this.drawControl(view);
    this.drawBlocks(view, state.seat);
    this.gTargets.replaceChildren();
    for (const [id] of this.targets) {
      const s = this.spaces.get(id);
      if (!s) continue;
      const shape = s.terrain === "box"
        ? svg("rect", { x: s.x - 1.6, y: s.y - 1.1, width: 3.2, height: 2.2, rx: 0.2, class: "target-ring" })
        : svg("polygon", { points: hexPoints(s.x, s.y, 0.9), class: "target-ring" });
      shape.dataset.target = id;
      this.gTargets.append(shape);
    }
    if (view.battle && view.battle.hex) {
      const s = this.spaces.get(view.battle.hex);
      if (s) this.gTargets.append(svg("polygon", { points: hexPoints(s.x, s.y, 0.8), class: "battle-ring" }));
    }
    for (const [id, el] of this.hexEls) this.markTarget(el, id, this.targets.has(id));
  }

  drawControl(view) {
    this.gControl.replaceChildren();
    for (const [hex, side] of Object.entries(view.control || {})) {
      const s = this.spaces.get(hex);
      if (!s || s.terrain === "box") continue;
      this.gControl.append(svg("polygon", { points: hexPoints(s.x, s.y, 0.9), class: `control-ring ${side}` }));
    }
  }

  /** Pieces per location: [{side, block?}] with own/revealed blocks first. */
  piecesAt(view) {
    const at = new Map();
    const add = (loc, p) => {
      if (!at.has(loc)) at.set(loc, []);
      at.get(loc).push(p);
    };
    for (const b of view.blocks || []) add(b.loc, { side: b.side, block: b, loc: b.loc });
    for (const h of view.hidden || []) for (let i = 0; i < h.count; i++) add(h.loc, { side: h.side, block: null, loc: h.loc });
    for (const list of at.values()) {
      list.sort((a, b) => (a.side === b.side ? (a.block ? 0 : 1) - (b.block ? 0 : 1) : a.side < b.side ? -1 : 1));
    }
    return at;
  }

  drawBlocks(view, seat) {
    this.gBlocks.replaceChildren();
    this.blockEls = new Map();
    const at = this.piecesAt(view);
    this.pieces = at;
    for (const [loc, list] of at) {
      const s = this.spaces.get(loc);
      if (!s) continue;
      const box = s.terrain === "box";
      const n = list.length;
      const perRow = box ? 6 : n <= 3 ? Math.max(n, 1) : n <= 6 ? 3 : n <= 8 ? 4 : 5;
      const size = box ? 0.45 : n <= 2 ? 0.64 : n <= 3 ? 0.54 : n <= 6 ? 0.48 : n <= 8 ? 0.4 : 0.32;
      const gap = size * 1.1;
      const rows = Math.ceil(n / perRow);
      const cy = box ? s.y + 0.2 : s.town ? s.y + 0.3 : s.y;
      list.forEach((p, i) => {
        const row = Math.floor(i / perRow), col = i % perRow;
        const inRow = Math.min(perRow, n - row * perRow);
        const x = s.x + (col - (inRow - 1) / 2) * gap;
        const y = cy + (row - (rows - 1) / 2) * gap;
        this.gBlocks.append(this.drawBlock(p, x, y, size, seat));
      });
    }
  }

  drawBlock(p, x, y, size, seat) {
    const b = p.block;
    const colour = b ? blockColour(b) : SIDE_COLOUR[p.side];
    const g = svg("g", { class: `block ${p.side}${b ? "" : " hidden-block"}${b && b.side !== seat ? " revealed" : ""}`, "data-loc": p.loc });
    g.append(svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.12, fill: colour }));
    if (b) {
      // Strength: one pip per step of the block's maximum along the top edge, the current ones filled.
      const step = Math.min(0.2, 0.84 / b.max) * size;
      for (let i = 0; i < b.max; i++) {
        const cx = x + (i - (b.max - 1) / 2) * step;
        g.append(svg("circle", { cx, cy: y - size * 0.34, r: size * 0.065, class: i < b.strength ? "pip" : "pip lost" }));
      }
      g.append(fittedText(b.name, x, y + size * 0.02, size * 0.25, size * 0.92, { class: "block-name", bold: true }));
      g.append(fittedText(b.combat, x, y + size * 0.3, size * 0.24, size * 0.8, { class: "block-combat", bold: true }));
      g.append(svg("title", {}, `${b.name} (${cap(b.side)} ${b.kind}${b.nation !== b.side ? ", " + b.nation : ""}): strength ${b.strength} of ${b.max}, ${b.combat}, move ${b.move}${b.revealed ? ", revealed" : ""}`));
      const acts = this.targets.get(b.id);
      if (acts) {
        g.classList.add("target");
        g.addEventListener("click", (ev) => {
          ev.stopPropagation();
          if (!this.suppressClick) this.hooks.choose(acts, ev);
        });
      } else {
        g.addEventListener("click", (ev) => this.clickSpace(b.loc, ev));
      }
      g.dataset.block = b.id;
      this.blockEls.set(b.id, g);
    } else {
      g.append(svg("title", {}, `${cap(p.side)} block (hidden)`));
      g.addEventListener("click", (ev) => this.clickSpace(p.loc, ev));
    }
    return g;
  }

  /** The map hex at drawing coordinates (x, y), if any. */
  spaceAt(x, y) {
    let best = null, bestD = 1;
    for (const s of this.data.spaces) {
      if (s.terrain === "box") continue;
      const d = Math.hypot(s.x - x, s.y - y);
      if (d < bestD) {
        best = s.id;
        bestD = d;
      }
    }
    return best;
  }

  /** Highlight the map element an action points at (hovering its button). */
  highlight(target, on) {
    const b = this.blockEls.get(target);
    if (b) b.classList.toggle("hover", on);
    const h = this.hexEls.get(target);
    if (h) h.classList.toggle("hover", on);
  }

  /** A hex's details for the side panel. */
  spaceInfo(id) {
    const s = this.spaces.get(id);
    if (!s) return null;
    const view = (this.state && this.state.view) || {};
    const pieces = (this.pieces && this.pieces.get(id)) || [];
    const items = [];
    const hiddenCount = {};
    for (const p of pieces) {
      if (p.block) {
        const b = p.block;
        items.push(el("li", {}, el("span", { class: `chip ${b.side}` }, cap(b.side)), ` ${b.name} ${b.strength}/${b.max} ${b.combat} move ${b.move}${b.revealed ? " (revealed)" : ""}`));
      } else hiddenCount[p.side] = (hiddenCount[p.side] || 0) + 1;
    }
    for (const [side, n] of Object.entries(hiddenCount)) {
      items.push(el("li", {}, el("span", { class: `chip ${side}` }, cap(side)), ` ${n} hidden block${n > 1 ? "s" : ""}`));
    }
    const control = (view.control || {})[id];
    return el("div", {},
      el("h3", {}, locName(this.spaces, id)),
      el("div", { class: "hint" }, this.describeSpace(s) + (control ? ` — controlled by ${cap(control)}` : "")),
      items.length ? el("ul", { class: "plain" }, items) : el("div", { class: "hint" }, "No blocks."));
  }

  /** Blocks off the map (pools, prisoners), for the panel below the map. */
  offMap(state) {
    const at = this.piecesAt(state.view || {});
    const parts = [];
    for (const loc of ["pool", "french-pool", "prisoner"]) {
      const list = at.get(loc);
      if (!list) continue;
      const bySide = {};
      for (const p of list) (bySide[p.side] = bySide[p.side] || []).push(p);
      for (const [side, ps] of Object.entries(bySide)) {
        const named = ps.filter((p) => p.block).map((p) => {
          const acts = this.targets.get(p.block.id);
          const chip = el("span", { class: `chip ${side}${acts ? " target" : ""}`, title: `${p.block.combat}, move ${p.block.move}, max ${p.block.max}` }, loc === "prisoner" ? `${p.block.name} ${p.block.strength}` : `${p.block.name} ${p.block.combat}`);
          if (acts) chip.addEventListener("click", (ev) => this.hooks.choose(acts, ev));
          return chip;
        });
        const hidden = ps.length - named.length;
        parts.push(el("div", { class: "offmap-row" },
          el("b", {}, `${locName(this.spaces, loc)} — ${cap(side)}: `),
          named,
          hidden ? el("span", { class: "hint" }, ` ${hidden} hidden`) : null));
      }
    }
    return parts;
  }

  /** The title's facts for the side panel, in the rulebook's words. */
  info(state) {
    return factsTable((state.view && state.view.facts) || []);
  }

  /** The spaces worth showing first: where the seat's blocks are. */
  interesting(state) {
    const v = state.view || {};
    const mine = (v.blocks || []).filter((b) => !state.seat || b.side === state.seat).map((b) => b.loc);
    return mine.length ? mine : (v.blocks || []).map((b) => b.loc).concat((v.hidden || []).map((h) => h.loc));
  }
}
