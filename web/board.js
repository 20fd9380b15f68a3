// The one map renderer: any title's map (engine::Drawing, from
// /api/titles/TITLE/map) by its geometry (geometry.js: hexes, areas,
// points and lines, squares), with the pieces and markers of a seat's
// typed board (the view's `board`) on it. Spaces, links, rivers and the
// real coastline under them are drawn once; names are placed so that none
// overlaps another, at a size that reads at the zoom shown (the lesser ones
// give way when zoomed out), move clear of the pieces standing on them and
// of the trail's arrowheads, and slide into the view at its edges; pieces
// stand inside their space as blocks or counters (blocks keep a size that
// reads on the screen when zoomed out; a space holding more than fit shows
// a compact pile per side whose count opens the list); marker kinds are
// drawn as the map's key says (a chip among the pieces, a ring round the
// space) and listed in the key.
import { svg, el, cap, factsTable } from "./common.js";
import { MapView } from "./mapview.js";
import { geometry } from "./geometry.js";
import { fittedText, flowRows, insideConvex, LINE, overlaps, placeLabels, textWidth } from "./layout.js";

/** The sides' colours (and the French nation's, on its own blocks), read
 * once from the style sheet's --british, --american and --french: one place
 * to change them, checked for colour-blind players by e2e/colours.test.js. */
let colours = null;
function palette() {
  if (!colours) {
    const css = getComputedStyle(document.documentElement);
    const v = (name) => css.getPropertyValue(name).trim();
    const american = v("--american");
    colours = { side: { british: v("--british"), patriot: american, american, french: american }, nation: { french: v("--french") } };
  }
  return colours;
}
const sideColour = (side) => palette().side[side];
// How small a full stack may be drawn before it becomes piles, as parts of full size.
const SHRINK = [1, 0.85, 0.72, 0.6, 0.5];
// A piece reads on the screen from about `least` pixels high and reads
// well at `read`: a block's pips, name and rating; a counter's name (at
// 0.3 of its height: 8.4px at `least`, 11px at `read`) and value. Zoomed
// out, pieces grow towards `read` as far as their space's box allows, and
// a space whose pieces would be drawn under `least` shows piles instead (a
// first view, zoomed to the geometry's pieceScale, draws them at about 30).
const PIECE_PX = { block: { read: 28, least: 20 }, counter: { read: 36, least: 28 } };
// The least font size, in screen pixels, that a name reads at: zoomed out,
// the names grow (all alike, so that the larger stay larger) until the
// smallest is drawn this large, and the lesser ones give way where they no
// longer fit (zooming in brings them back).
const NAME_PX = 10;
// A name that must stay in its space (geometry `strict`: a square of the
// grid) does so once a space is this many pixels wide; zoomed out further,
// where names span several squares anyway, it may stand anywhere near.
const STRICT_PX = 40;
// A pile's parts beside its top piece, in parts of its height: the count
// (a disc of radius `count`) at its upper right, two pieces' edges showing
// under it, each `edge` further right and down, and the gap to the next
// pile. The edges lie mostly to the right, under the count: a pile is
// hardly taller than a piece.
const PILE = { count: 0.3, edge: { x: 0.1, y: 0.04 }, gap: 0.2 };
// A pile's count, from its top piece's upper right corner (dx right, dy
// down, r its radius), the pieces' edges under it and how far the pile
// reaches past its top piece's right side, in parts of its height: the
// count beside the corner, or, where a pile so wide would leave its space
// (a town's hex at a desktop's Fit), over it, clear of the pips and
// standing up into the room beside a town's dot, with one edge under it.
const PILES = {
  beside: { count: { dx: PILE.count, dy: PILE.count, r: PILE.count }, edges: 2, beyond: 2 * PILE.count },
  corner: { count: { dx: 0.05, dy: -0.05, r: 0.25 }, edges: 1, beyond: PILE.edge.x },
};

export async function create(container, hooks, title) {
  const map = await fetch(`/api/titles/${encodeURIComponent(title)}/map`).then((r) => {
    if (!r.ok) throw new Error(`no map for ${title}`);
    return r.json();
  });
  return draw(container, map, hooks);
}

/** The board for a drawing already at hand (a test map). */
export function draw(container, drawing, hooks) {
  return new Board(container, drawing, hooks);
}

/** The drawing in units of its `unit` (one space is about 1 across). */
function normalise(d) {
  const u = d.unit;
  const n = (v) => v / u;
  return {
    ...d,
    spaces: d.spaces.map((s) => ({ ...s, x: n(s.x), y: n(s.y), features: s.features || [] })),
    lines: (d.lines || []).map((l) => ({ ...l, points: l.points.map(([x, y]) => [n(x), n(y)]) })),
    labels: (d.labels || []).map((l) => ({ ...l, x: n(l.x), y: n(l.y) })),
    bounds: { x0: n(d.bounds.x0), y0: n(d.bounds.y0), x1: n(d.bounds.x1), y1: n(d.bounds.y1) },
    links: d.links || [],
    key: d.key || [],
  };
}

/** Each piece of a board once per piece (a back standing for three is three backs). */
function expand(pieces) {
  return (pieces || []).flatMap((p) => (p.count > 1 ? Array.from({ length: p.count }, () => ({ ...p, count: 1 })) : [p]));
}

/** The backs a face-down piece may show, as the view tells them by its
 * `kind` (The French & Indian War: the colours of a block's back tell a
 * regular from a provincial, a leader and an Indian, ruling fiw #57 and
 * #63): how each is drawn, and its words in the key and the tooltip. */
const BACKS = {
  regular: { word: "regular", text: "The full colour of its side: a regular unit." },
  provincial: { word: "provincial", text: "A lighter shade of its side's colour: a provincial (colonial) unit." },
  leader: { word: "leader", text: "A gold band and a star: a leader." },
  indian: { word: "Indian", text: "Brown, framed in its side's colour: an Indian unit." },
};
// An Indian back's brown; a back of another nation than its side's (the Spanish) has a band of this gold.
const INDIAN = "#8a5a2b";
const FOREIGN = "#f1c40f";
// An off-map row of more chips than this folds on a phone (offMap).
const FOLD_AT = 8;

/** A face-down piece's back ({kind, nation}: nation when not its side's), or null when the view does not tell it. */
function backOf(p) {
  if (p.face !== "back" || p.name || !p.kind) return null;
  const kind = p.nation === "indian" ? "indian" : p.kind;
  if (!BACKS[kind]) return null;
  const nation = p.nation && !["indian", "leader", p.side].includes(p.nation) ? p.nation : null;
  return { kind, nation };
}

/** The key's word for a kind of link or line the drawing names
 * (engine::drawing::Link: "road", "forest"); an unknown kind is said as
 * it is spelt. */
const KIND_WORDS = {
  road: "Road", "toll-road": "Toll road", trail: "Trail", river: "River", lake: "Lake", sea: "Sea lane",
  crossing: "Across a river (no bridge)", stream: "Stream", forest: "Forest", marsh: "Marsh",
  navigable: "Navigable river", bay: "Bay", water: "Water", "colony-border": "Colony border",
};
// Where a link drawn on a shared side lies, in each geometry's words.
const SIDE_WORDS = { hex: "Along a hexside.", square: "Along a square's side.", area: "Along the border of two areas." };
const kindWord = (kind) => KIND_WORDS[kind] || cap(kind.replace(/-/g, " "));

/** A counter on its reduced side: the view says so, or its strength now is under its full. */
function isReduced(p) {
  return !!p.strength && ((p.states || []).includes("reduced") || p.strength.now < p.strength.max);
}

/** `hex` mixed with white by `k` (0: itself, 1: white). */
function tint(hex, k) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  const c = [16, 8, 0].map((sh) => Math.round(((n >> sh) & 255) * (1 - k) + 255 * k));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** A piece in words: "British Regular (foot), strength 3 of 4, C2, moved". */
export function describePiece(p) {
  if (p.face === "back") {
    const many = p.count > 1 ? ` × ${p.count}` : "";
    const back = backOf(p);
    // What its back shows (The French & Indian War: "French leader", ruling fiw #57).
    const what = back ? `${BACKS[back.kind].word}${back.nation ? `, ${cap(back.nation)}` : ""}` : p.name;
    // Its states are seen face down too ("in reserve").
    return [`${cap(p.side)} ${what}${many} (hidden)`, ...(p.states || [])].join(", ");
  }
  const parts = [`${cap(p.side)} ${p.name}`];
  if (p.kind && p.kind !== p.name.toLowerCase()) parts[0] += ` (${p.kind.replace(/-/g, " ")}${p.nation ? `, ${p.nation}` : ""})`;
  if (p.strength) parts.push(`strength ${p.strength.now} of ${p.strength.max}`);
  if (p.rating) parts.push(p.rating);
  return parts.concat(p.states || []).join(", ");
}

class Board extends MapView {
  constructor(container, data, hooks) {
    super();
    this.source = data;
    this.data = normalise(data);
    this.hooks = hooks;
    const d = this.data;
    this.spaces = new Map(d.spaces.map((s) => [s.id, s]));
    this.geo = geometry(d.geometry, d.spaces, d.links);
    this.key = new Map(d.key.map((k) => [k.kind, k]));
    this.style = d.pieces;
    this.unit = this.geo.piece * 0.75;
    // The map's bounds, and the boxes beside it whole with their border: a
    // box centred on their edge reaches past them (Liberty's West Indies).
    const b = around([d.bounds, ...this.geo.boxes().map((r) => grow(r, 0.1))]);
    this.full = { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 };
    this.vb = { ...this.full };
    this.minWidth = 6 * this.geo.piece; // about six pieces across at the most zoomed in
    this.detailScale = 80;
    this.land = this.area(d.spaces.filter((s) => !s.boxed)) || this.full;
    // What Fit and the first view frame, and its land (update narrows them to what is in play).
    this.home = this.full;
    this.homeLand = this.land;
    this.root = svg("svg", { class: `map ${d.geometry}map${d.geography ? " geo" : ""}`, role: "img", "aria-label": `${d.title} map` });
    // The pieces are drawn over every name: a name never hides a piece (clearNames).
    const layers = ["geo-under", "spaces", "geo-over", "links", "lines", "rings", "targets", "small-print", "decor", "names", "hits", "markers", "pieces"];
    this.g = Object.fromEntries(layers.map((k) => [k, svg("g", { class: k })]));
    for (const k of ["geo-under", "geo-over", "targets", "small-print", "decor", "names", "rings"]) this.g[k].setAttribute("pointer-events", "none");
    this.root.append(...layers.map((k) => this.g[k]));
    this.trailUnder = this.g.names; // the trail of log entries goes under the names and pieces (mapview.js)
    this.stackList = el("div", { class: "stack-list", role: "dialog", hidden: true });
    this.offOpen = new Map(); // off-map rows a player opened or closed (offMap)
    container.replaceChildren(this.root, this.stackList);
    document.addEventListener("keydown", (ev) => ev.key === "Escape" && this.closeStack());
    document.addEventListener("pointerdown", (ev) => {
      if (!this.stackList.hidden && !this.stackList.contains(ev.target) && !ev.target.closest(".stack-badge, .hits")) this.closeStack();
    });
    this.shapes = new Map();
    this.pieceEls = new Map();
    this.targets = new Map();
    this.pieces = new Map();
    this.markers = new Map();
    this.drawStatic();
    // (After the map: the key shows the kinds of line it drew.)
    container.append(this.legend());
    this.setupPanZoom();
    this.applyViewBox();
  }

  // ---------------------------------------------------------- the map

  drawStatic() {
    const d = this.data, geo = this.geo;
    if (d.geography) {
      const k = 1 / d.unit;
      const under = svg("g", { transform: `scale(${k})` }), over = svg("g", { transform: `scale(${k})` });
      for (const p of d.geography.land) under.append(svg("path", { d: p, class: "geo-land" }));
      for (const p of d.geography.lakes) under.append(svg("path", { d: p, class: "geo-lake" }));
      for (const p of d.geography.coast) over.append(svg("path", { d: p, class: "geo-coast" }));
      this.g["geo-under"].append(under);
      this.g["geo-over"].append(over);
    }
    for (const s of d.spaces) {
      const shape = geo.outline(s);
      shape.setAttribute("class", `space ${s.terrain}${s.boxed ? " box" : ""}${s.features.map((f) => ` ${f}`).join("")}`);
      shape.dataset.space = s.id;
      shape.append(svg("title", {}, s.detail));
      shape.addEventListener("click", (ev) => this.clickSpace(s.id, ev));
      this.g.spaces.append(shape);
      this.shapes.set(s.id, shape);
      geo.decorate(s, this.g.decor);
      const small = geo.smallPrint(s);
      if (small) this.g["small-print"].append(svg("text", { x: f(small.x), y: f(small.y), class: "space-id", "font-size": 0.16 }, small.text));
    }
    const linked = new Set();
    // Each kind of link as drawn ("border" along a shared side, "link"
    // between centres), for the key.
    this.linkKinds = new Map();
    for (const l of d.links) {
      const a = this.spaces.get(l.a), b = this.spaces.get(l.b);
      if (!a || !b) continue;
      linked.add(`${l.a}|${l.b}`);
      const kinds = l.kinds || [];
      const edge = geo.edge(a, b);
      const onEdge = kinds.filter((k) => k !== "road" && k !== "trail");
      if (edge && onEdge.length) {
        for (const k of onEdge) this.linkKinds.set(k, "border");
        this.g.links.append(svg("line", { x1: f(edge[0][0]), y1: f(edge[0][1]), x2: f(edge[1][0]), y2: f(edge[1][1]), class: `border ${onEdge.join(" ")}` }));
      }
      if (geo.alongCentres(kinds) || (!edge && d.geometry === "area")) {
        // A road between centres; in an area map, neighbours whose cells do
        // not touch on the drawing (a box, a far region) get a thin link.
        const cls = d.geometry === "node" || geo.alongCentres(kinds) ? `link ${kinds.join(" ") || "plain"}` : "link far";
        if (cls !== "link far") for (const k of kinds) if (!this.linkKinds.has(k)) this.linkKinds.set(k, "link");
        this.g.links.append(svg("line", { x1: f(a.x), y1: f(a.y), x2: f(b.x), y2: f(b.y), class: cls }, svg("title", {}, `${a.name} – ${b.name}${kinds.length ? ` (${kinds.join(", ")})` : ""}`)));
      }
    }
    if (geo.closed) {
      for (const e of geo.closed(linked)) this.g.links.append(svg("line", { x1: f(e[0][0]), y1: f(e[0][1]), x2: f(e[1][0]), y2: f(e[1][1]), class: "border closed" }));
    }
    for (const l of d.lines) {
      this.g.lines.append(svg("polyline", { points: l.points.map((p) => `${f(p[0])},${f(p[1])}`).join(" "), class: `line ${l.kind}` }, svg("title", {}, l.name)));
    }
    // Links and lines take the pointer (for their names): a click on one
    // is on the space under it.
    for (const layer of [this.g.links, this.g.lines]) {
      layer.addEventListener("click", (ev) => {
        const p = this.toMap(ev);
        this.clickSpace(this.spaceAt(p.x, p.y), ev);
      });
    }
    this.names = this.nameLabels();
    // The pieces' places are chosen once, clear of the names as printed.
    const printed = this.placeNames(Infinity);
    if (geo.placeStacks) geo.placeStacks(printed);
  }

  /** The spaces' names the map prints and its own labels, each with its element. */
  nameLabels() {
    const labels = [];
    for (const s of this.data.spaces) {
      if (s.label === undefined || s.label === null) continue;
      labels.push({ text: s.name, space: s.id, priority: s.label, cls: `space-name${s.boxed ? " box-name" : ""}${s.features.includes("town") ? " town" : ""}`, ...this.geo.nameAt(s) });
    }
    for (const l of this.data.labels) labels.push({ text: l.text, x: l.x, y: l.y, size: this.geo.piece * 0.55, priority: 10 + l.priority, cls: "map-label" });
    return labels.map((l) => ({ ...l, el: svg("text", { class: l.cls, "dominant-baseline": "central", ...(l.space ? { "data-space": l.space } : {}) }, l.text) }));
  }

  /** Place the names for a view of `px` screen pixels a map unit
   * (Infinity: at their printed size) so that none overlaps another or
   * what the geometry keeps clear; the least important give way. Each
   * name keeps its place on the bare map (`at`, null when it has no room),
   * for clearNames to start from at each update. Returns the placed names' boxes. */
  placeNames(px) {
    const least = NAME_PX / px;
    this.nameSize = { px, least, grow: Math.max(1, least / Math.min(...this.names.map((n) => n.nominal || n.size))) };
    const placed = placeLabels(this.names.map((n) => this.sized(n)), this.geo.obstacles(), this.mapBox());
    this.names.forEach((n, i) => (n.at = placed[i]));
    return placed.filter(Boolean).map((p) => p.box);
  }

  /** Name `n` as a label at the size the view draws it (placeNames), never
   * under the least that reads (a name printed smaller than its kind, to
   * fit its square, grows back to that). */
  sized(n) {
    const { px, least, grow } = this.nameSize;
    return { ...n, size: Math.max(n.size * grow, least), least, strict: n.strict && px >= STRICT_PX };
  }

  /** Name `n` as a label that moves off what covers it: beside its space's
   * pieces too, and over nothing the geometry keeps clear (only on the bare
   * map may a city the rules name go over that). */
  moving(n) {
    return { ...this.sized(n), priority: Math.max(1, n.priority), beside: n.space && this.piecesBox(n.space) };
  }

  /** Draw name `n` at `p` ({x, y, size, text, lines?}, as placeLabels
   * gives): on two lines, each a tspan, the second starting with the space
   * between them (the text reads as the whole name) and set back by half of
   * it to stand centred. */
  drawName(n, p) {
    if (p.lines) {
      const space = textWidth(" ", p.size, n.bold);
      n.el.replaceChildren(...p.lines.map((t, i) => svg("tspan", { x: f(p.x - (i ? space / 2 : 0)), y: f(p.y + (i - (p.lines.length - 1) / 2) * LINE * p.size) }, i ? ` ${t}` : t)));
    } else if (p.text && (n.el.firstElementChild || n.el.textContent !== p.text)) n.el.textContent = p.text;
    n.el.setAttribute("x", f(p.x));
    n.el.setAttribute("y", f(p.y));
    n.el.setAttribute("font-size", f(p.size));
    return n.el;
  }

  /** A wargamer reads the name of every space and every piece on it: the
   * names, most important first, keep their places on the bare map where
   * nothing drawn over the map (pieces, markers, the trail's arrowheads) or
   * a name placed before them covers them; the others move to a free spot
   * near their place or beside their space's pieces (clear of them, of the
   * names placed and of what the geometry keeps clear), smaller if need
   * be, and a lesser space name the bare map had no room for gets another
   * try. A name that finds no spot is left out until zooming in makes
   * room: a name never hides a piece or an arrowhead, and one half under
   * them misreads. Each name shown keeps its `place` ({x, y, size, box}). */
  clearNames() {
    const drawn = this.drawnOver();
    const fixed = this.keptClear().concat(drawn);
    const placed = [];
    // Covered, not merely touched: something is over the letters.
    const free = (b) => !drawn.some((o) => overlaps(o, letters(b))) && !placed.some((o) => overlaps(o, b));
    for (const n of [...this.names].sort((a, b) => a.priority - b.priority)) {
      if (n.at && free(n.at.box)) n.place = n.at;
      else if (n.at || n.space) [n.place] = placeLabels([this.moving(n)], fixed.concat(placed), this.mapBox());
      else n.place = null;
      if (n.place) {
        placed.push(n.place.box);
        this.g.names.append(n.el);
      } else n.el.remove();
    }
    this.keepNamesInView();
  }

  /** What the geometry keeps clear whatever stands where (a town's dot, the boxes). */
  keptClear() {
    return (this.geo.fixedObstacles || this.geo.obstacles).call(this.geo);
  }

  /** The map's drawing, which the names stay within (one past its edge would be cut at Fit). */
  mapBox() {
    const v = this.full;
    return { x0: v.x, y0: v.y, x1: v.x + v.w, y1: v.y + v.h };
  }

  /** What is drawn over the map that no name may cover: the pieces and
   * markers (with their spaces) and the trail's arrowheads. */
  drawnOver() {
    return this.occupied.concat(this.heads || []);
  }

  /** Every name in sight reads whole: a name cut by the edge of the view
   * (cut to "iladelphia") whose space is in sight slides in until it is
   * whole, or, if that spot is taken, moves or shrinks a little from there,
   * or else takes another free spot around its place (as clearNames would);
   * a name cut that way that finds no free spot, or whose space is out of
   * sight, is hidden. Redone at each pan, from the names' places on the map. */
  keepNamesInView() {
    const r = this.root.getBoundingClientRect();
    if (!r.width || !r.height) return;
    for (const [n, p] of this.namesInView(this.inSight())) {
      this.drawName(n, p || n.place);
      if (p) n.el.removeAttribute("visibility");
      else n.el.setAttribute("visibility", "hidden");
    }
  }

  /** Where each shown name stands in the part of the map in sight `view`
   * (inSight): a Map of name to its spot, or null where it is hidden
   * (keepNamesInView). Nothing is drawn: uncut weighs views by it. */
  namesInView(view) {
    const inner = grow(view, -view.scale); // a pixel in from the edge
    const solid = this.keptClear().concat(this.drawnOver());
    // The more important names first: they take the free spots.
    const shown = this.names.filter((n) => n.place).sort((a, b) => a.priority - b.priority);
    const boxes = new Map(shown.map((n) => [n, n.place.box]));
    const spots = new Map();
    for (const n of shown) {
      let p = n.place;
      if (overlaps(p.box, grow(view, view.scale)) && !inside(p.box, view)) {
        const taken = solid.concat(shown.filter((o) => o !== n).map((o) => boxes.get(o)));
        const dx = slide(p.box.x0, p.box.x1, inner.x0, inner.x1), dy = slide(p.box.y0, p.box.y1, inner.y0, inner.y1);
        // An area map's name stays in its own region (on two lines if need
        // be), or is hidden: slid in beside a crowded place, Bunker Hill
        // (centre) stood in its neighbour's region, against the
        // neighbour's name, and read as the neighbour's.
        const own = !!n.within && !n.strict, label = { ...this.moving(n), own };
        const slid = { ...label, text: p.text || label.text, lines: p.lines, x: p.x + dx, y: p.y + dy, gap: 0, within: own ? label.within : null, strict: false, beside: null };
        p = this.anchorSeen(n, view) ? placeLabels([slid], taken, inner)[0] || placeLabels([label], taken, inner)[0] : null;
      }
      if (p) boxes.set(n, p.box);
      spots.set(n, p);
    }
    return spots;
  }

  /** Whether the place name `n` belongs to is in `view` ({x0, y0, x1, y1}). */
  anchorSeen(n, view) {
    const at = this.spaces.get(n.space) || n;
    return inside({ x0: at.x, y0: at.y, x1: at.x, y1: at.y }, view);
  }

  /** The box round what stands in a space (pieces, piles, markers), or null. */
  piecesBox(id) {
    const own = this.occupied.filter((o) => o.space === id);
    return own.length ? around(own) : null;
  }

  /** The key of the markers, the map's symbols and lines and (as the
   * board shows them, keyForBoard) the pieces: a collapsible box over the
   * map's corner. Each row is there because the drawing or the board has
   * that thing; none is kept for a title. */
  legend() {
    const rows = [...this.key.values()].map((k) => {
      const chip = el("span", { class: `key-chip ${k.shape}` }, k.symbol);
      if (k.colour) chip.style.background = k.colour; // (not a style attribute: the page's CSP forbids those)
      return el("li", {}, chip, " ", el("b", {}, k.name), " ", el("span", { class: "rule" }, k.rule), el("div", { class: "hint" }, k.text));
    });
    rows.push(el("li", {}, el("span", { class: "key-chip stack" }, "12"), " ", el("b", {}, "Stack"),
      el("div", { class: "hint" }, "More pieces than fit in the space: click the number to list them.")));
    rows.push(el("li", {}, el("span", { class: "key-chip trail" }, "→"), " ", el("b", {}, "Lately"),
      el("div", { class: "hint" }, "What happened since your last move (on a first visit, the last few log entries): moves as arrows, other places the log names as dashed purple rings.")));
    rows.push(...this.mapSymbolsKey(), ...this.linesKey());
    this.keyList = el("ul", { class: "plain" }, rows);
    this.keyShown = new Set();
    const box = el("details", { class: "map-key" }, el("summary", {}, "Key"), this.keyList, el("div", { class: "hint" }, this.data.source));
    // A sample of the map's own drawing is framed once it is on the screen (measured then).
    box.addEventListener("toggle", () => box.open && this.frameSamples());
    return box;
  }

  /** A row of the key: a chip, a name and what it means. */
  keyRow(chip, name, text, cls = "") {
    return el("li", { class: cls }, chip, " ", el("b", {}, name), el("div", { class: "hint" }, text));
  }

  /** A chip of the key drawn as the map draws it: `draw(g)` draws into a
   * small picture, framed round what it drew when the key opens. */
  sample(draw) {
    const g = svg("g", {});
    draw(g);
    return svg("svg", { class: `key-sample key-${this.data.geometry}`, width: 30, height: 22, "aria-hidden": "true" }, g);
  }

  /** Frame each sample round what it drew. Twice: a text a fraction of a
   * pixel high measures larger until the picture is scaled up (Chromium). */
  frameSamples() {
    for (let pass = 0; pass < 2; pass++) {
      for (const pic of this.keyList.querySelectorAll("svg.key-sample")) {
        const b = pic.firstChild.getBBox();
        if (!b.width && !b.height) continue;
        const m = 0.08 * Math.max(b.width, b.height, 0.2);
        pic.setAttribute("viewBox", [b.x - m, b.y - m, b.width + 2 * m, b.height + 2 * m].map(f).join(" "));
      }
    }
  }

  /** The key to the map's own symbols, from the spaces the drawing has:
   * towns by their printed colour (with the value printed in them), ports,
   * forts and settlements, each as the geometry draws it, and a space's
   * number where the map prints one. */
  mapSymbolsKey() {
    const rows = [];
    const spaces = this.data.spaces.filter((s) => !s.boxed);
    const has = (ft) => spaces.filter((s) => s.features.includes(ft));
    const decorated = (s) => this.sample((g) => this.geo.decorate(s, g));
    const drawsSomething = (s) => {
      const g = svg("g", {});
      this.geo.decorate(s, g);
      return g.childNodes.length > 0;
    };
    // Towns: one of each printed colour, of the highest value it has.
    const towns = has("town").filter((s) => !s.features.includes("port") && drawsSomething(s));
    const colours = [...new Set(towns.map((s) => s.colour || ""))];
    if (towns.length) {
      const best = (c) => towns.filter((s) => (s.colour || "") === c).reduce((a, o) => ((o.value || 0) > (a.value || 0) ? o : a));
      const named = colours.filter(Boolean);
      const valued = towns.some((s) => s.value > 0);
      rows.push(this.keyRow(el("span", {}, colours.map((c) => decorated(best(c)))), "Town",
        `A town${named.length ? `, printed ${named.slice(0, -1).join(", ")}${named.length > 1 ? " or " : ""}${named[named.length - 1]}` : ""}${valued ? "; the number in it is its value (none: 0), as its space's details say" : ""}.`));
    }
    const port = has("port").find(drawsSomething);
    if (port) rows.push(this.keyRow(decorated(port), "Port", "The anchor: a port, where ships may enter and leave."));
    const fort = has("fort").find(drawsSomething);
    if (fort) rows.push(this.keyRow(decorated(fort), "Fort", "A white square on a space: it has a fort."));
    if (this.data.geometry === "node" && has("settlement").length) {
      rows.push(this.keyRow(el("span", { class: "key-chip settlement-sample" }, ""), "Indian settlement", "A dashed outline: an Indian settlement."));
    }
    const numbered = spaces.map((s) => this.geo.smallPrint(s)).find(Boolean);
    if (numbered) {
      rows.push(this.keyRow(el("span", { class: "key-chip number-sample" }, numbered.text), `${cap(this.data.geometry)} number`,
        "The space's number, printed under it when zoomed in (the log and the choices name a space without a name by it)."));
    }
    return rows;
  }

  /** The key to the kinds of link and line the map draws: along the side
   * two spaces share (a forest or river side), from centre to centre (a
   * road), or over the spaces (a river through its hexes, with its names). */
  linesKey() {
    // (key-GEOMETRY: the map's styles by geometry, style.css, without naming it a map.)
    const line = (cls, points) => svg("svg", { class: `key-line key-${this.data.geometry}`, viewBox: "0 -0.1 1 0.2", width: 40, height: 10, "aria-hidden": "true" },
      svg("polyline", { points, class: cls }));
    const rows = [];
    for (const [kind, how] of this.linkKinds) {
      // (A line from place to place needs no words; one on a side says so.)
      const text = how === "border" ? SIDE_WORDS[this.data.geometry] || "Along the side two spaces share." : "";
      rows.push(el("li", { class: "key-line-row" }, line(`${how} ${kind}`, "0.05,0 0.95,0"), " ", el("b", {}, kindWord(kind)), " ", el("span", { class: "hint" }, text)));
    }
    const byKind = new Map();
    for (const l of this.data.lines) byKind.set(l.kind, [...(byKind.get(l.kind) || []), l.name]);
    for (const [kind, names] of byKind) {
      const some = names.slice(0, 3).join(", ") + (names.length > 3 ? ", …" : "");
      rows.push(el("li", { class: "key-line-row" }, line(`line ${kind}`, "0.05,0.05 0.35,-0.05 0.65,0.05 0.95,-0.05"), " ", el("b", {}, kindWord(kind)), " ", el("span", { class: "hint" }, some)));
    }
    return rows;
  }

  /** Rows of the key for what the board shows, once such a piece is on
   * it: the backs of face-down pieces (backOf), a block's strength and
   * combat rating, The French & Indian War's light and heavy units, a
   * counter's value, a leader's band and ratings, and a counter's marks
   * (reduced, inside the fort, entrenched: counterMarks). */
  keyForBoard(pieces) {
    const add = (id, row) => {
      if (this.keyShown.has(id)) return;
      this.keyShown.add(id);
      this.keyList.append(row);
    };
    for (const p of pieces) {
      const b = backOf(p);
      if (b) {
        const chip = el("span", { class: `key-chip back-sample back-${b.kind}` }, b.kind === "leader" ? "\u2605" : "");
        const colour = sideColour(p.side) || "#666";
        chip.style.background = b.kind === "provincial" ? tint(colour, 0.5) : b.kind === "indian" ? INDIAN : colour;
        if (b.kind === "indian") chip.style.borderColor = colour;
        add(`back-${p.side}-${b.kind}`, this.keyRow(chip, `${cap(p.side)} ${BACKS[b.kind].word} (hidden)`, BACKS[b.kind].text, "key-back"));
        if (b.nation) {
          const band = el("span", { class: "key-chip back-sample foreign-sample" }, "");
          band.style.background = colour;
          add(`back-${p.side}-${b.nation}`, this.keyRow(band, `${cap(b.nation)} (hidden)`, `A gold band at the foot: a ${cap(b.nation)} piece of the ${cap(p.side)} side.`, "key-back"));
        }
      }
      if (p.face === "back") continue;
      for (const [id, row] of this.style === "block" ? this.blockKey(p) : this.counterKey(p)) add(id, row);
    }
  }

  /** Key rows a block face up calls for: [id, row]. */
  blockKey(p) {
    const rows = [];
    const chip = (text) => {
      const c = el("span", { class: "key-chip block-sample" }, text);
      c.style.background = sideColour(p.side) || "#666";
      return c;
    };
    if (p.strength) {
      const { now, max } = p.strength;
      rows.push(["strength", this.keyRow(chip("\u25CF".repeat(now) + "\u25CB".repeat(max - now)), "Strength",
        `A dot per step along the top edge, filled for the steps it has now (${now} of ${max} here); it loses a step per hit.`)]);
    }
    if (p.rating && /^\d+[+-]\d+$/.test(p.rating)) {
      rows.push(["light-heavy", this.keyRow(el("span", { class: "key-chip chip" }, "4+6"), "Light and heavy units",
        "Combat, then movement: a \u201c+\u201d between them is a light unit (4+6), a \u201c-\u201d a heavy one (5-4) (2.32).")]);
    } else if (p.rating) {
      rows.push(["rating", this.keyRow(chip(p.rating), "Combat rating", "Under the name: the block's combat rating.")]);
    }
    return rows;
  }

  /** Key rows a counter face up calls for: [id, row] (board.js drawPiece, counterMarks). */
  counterKey(p) {
    const rows = [];
    const chip = (cls, text = "") => el("span", { class: `key-chip counter-sample ${cls}` }, text);
    const st = new Set(p.states || []);
    if (p.strength) {
      rows.push(["unit", this.keyRow(chip("", String(p.strength.max)), "Unit", "Its name and, under it, its strength now (its full rating is in its space's list).")]);
    }
    if (p.kind === "leader") {
      const rating = p.rating && !p.strength ? p.rating.split(" ")[0] : "";
      rows.push(["leader", this.keyRow(chip("leader-sample", rating), "Leader",
        rating ? "A gold band; under the name his ratings as the counter prints them (a star per rank)." : "A gold band along the top.")]);
    }
    if (isReduced(p)) {
      rows.push(["reduced", this.keyRow(chip("reduced-sample", `${p.strength.now}/${p.strength.max}`), "Reduced",
        "The lower half white, its strength now over its full strength: the unit is on its reduced side.")]);
    }
    if (st.has("inside the fort")) {
      rows.push(["fort", this.keyRow(chip("fort-sample", "\u25A0"), "Inside the fort", "The fort's white square at the lower left: the unit stands inside its space's fort.")]);
    }
    if (st.has("entrenched")) rows.push(["trench", this.keyRow(el("span", { class: "key-chip trench-sample" }, "T"), "Entrenched", "A T at the lower right: the unit is entrenched.")]);
    return rows;
  }

  /** The space at map point (x, y), if any (nearest centre within a unit). */
  spaceAt(x, y) {
    let best = null, bestD = 1;
    for (const s of this.data.spaces) {
      const dist = Math.hypot(s.x - x, s.y - y);
      if (!s.boxed && dist < bestD) [best, bestD] = [s.id, dist];
    }
    return best;
  }

  /** Where a space's pieces stand, for the trail of log entries. */
  centre(id) {
    const s = this.spaces.get(id);
    const b = s && this.geo.stackBox(s);
    return b && { x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 };
  }

  /** The dot or point that marks a space, for the trail's arrows to stop short of. */
  dot(id) {
    const s = this.spaces.get(id);
    return s && this.geo.dot(s);
  }

  // ---------------------------------------------------------- pan and zoom

  /** The view changed: when that changes the scale the board is laid out
   * for (`px`), the names are placed anew and the pieces drawn at the
   * sizes that read at it (sizes); otherwise only the names at the view's
   * edges move. */
  applyViewBox() {
    super.applyViewBox();
    const px = this.layoutScale();
    if (px === this.px) {
      this.keepNamesInView();
      return;
    }
    this.px = px;
    this.placeNames(px);
    this.drawBoard();
  }

  /** Screen pixels per map unit for the layout, in steps of a fifth or so
   * (a turn of the wheel does not lay the board out anew each time);
   * Infinity, as if zoomed right in, for a map not on the screen. */
  layoutScale(v = this.vb) {
    const r = this.root.getBoundingClientRect();
    if (!r.width || !r.height) return Infinity;
    const px = Math.min(r.width / v.w, r.height / v.h);
    return 2 ** (Math.floor(4 * Math.log2(px)) / 4);
  }

  /** The trail, with the names moved off its arrowheads. */
  showTrail(entries) {
    super.showTrail(entries);
    this.clearNames();
  }

  /** What Fit shows (`home`) if its pieces read at this size, else its
   * land (not the boxes around it), else a readable part of that land
   * around the places worth seeing first. */
  focus(ids) {
    const minPx = this.geo.pieceScale;
    const r = this.root.getBoundingClientRect();
    const whole = Math.min(r.width / this.home.w, r.height / this.home.h) >= minPx;
    // The land and every space's pieces (a pile in a box beside the land).
    const stacks = this.stackBoxes();
    const box = whole ? this.home : this.homeLand;
    const b = around([{ x0: box.x, y0: box.y, x1: box.x + box.w, y1: box.y + box.h }, ...stacks]);
    const held = (s) => !s.boxed || stacks.some((o) => o.space === s.id);
    const pts = (ids || []).map((id) => this.spaces.get(id)).filter((s) => s && held(s));
    this.frame(whole ? box : { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 }, minPx, middle(pts));
    this.uncut(pts);
  }

  /** The box round each space's pieces, piles and markers as drawn ({x0, y0, x1, y1, space}). */
  stackBoxes() {
    return [...new Set(this.occupied.map((o) => o.space))].map((id) => ({ ...this.piecesBox(id), space: id }));
  }

  /** A first view cuts no space's pieces at its edge (a pile in Landing
   * Zone 2 half in sight): it moves, as little as it can, so that as few
   * stacks as possible are cut, then as few names lost, and as many seen
   * whole, keeping those of the places `pts` it was framed for that are
   * in sight there; where
   * moving leaves a stack cut or a name lost, it zooms out a little if that
   * leaves neither and draws the pieces no smaller (the board's layout
   * stays as it is: layoutScale). */
  uncut(pts) {
    const best = (v) => this.shiftUncut(v, pts);
    let found = best(this.vb);
    for (const k of [1.05, 1.1, 1.15]) {
      const v = this.vb, w = v.w * k, h = v.h * k, wide = { x: v.x + v.w / 2 - w / 2, y: v.y + v.h / 2 - h / 2, w, h };
      if (!found.cut || this.layoutScale(wide) !== this.px) break;
      const wider = best(wide);
      if (!wider.cut) found = wider;
    }
    if (found.vb === this.vb) return;
    this.vb = found.vb;
    this.applyViewBox();
    // Laid out anew at the new scale: the stacks may have moved a little.
    const again = best(this.vb);
    if (again.vb !== this.vb && again.cut < found.cut) {
      this.vb = again.vb;
      this.applyViewBox();
    }
  }

  /** The view near `vb` that cuts the fewest stacks, then leaves the
   * fewest places in sight unnamed, by a few rounds of moves (each cut
   * stack brought in whole, or pushed out, along one axis or both): {vb,
   * cut}, `cut` counting both. A move that brings Danbury's pile in whole
   * may hide Elizabethtown's name at the other edge (slid in, it finds no
   * room): the name lost leaves the view cut, and uncut zooms out. */
  shiftUncut(vb, pts) {
    const scale = this.inSight(vb).scale;
    const stacks = this.stackBoxes().map((b) => grow(b, 2 * scale));
    const cut = (v) => stacks.filter((b) => overlaps(b, v) && !inside(b, v));
    const start = this.inSight(vb);
    // The places of `pts` the view shows stay in sight (a first view of
    // pieces all over the map shows some of them: requiring them all, no
    // view was good enough to move to, and Fort Stanwix's pile stayed cut).
    const seen = (p, v) => inside({ x0: p.x, y0: p.y, x1: p.x, y1: p.y }, v);
    const keep = pts.filter((p) => seen(p, start));
    // [stacks cut, names lost, -(stacks whole and places named)], the
    // fewer the better; null if a place of `keep` is out of sight.
    const score = (v) => {
      if (!keep.every((p) => seen(p, v))) return null;
      const names = [...this.namesInView({ ...v, scale })].filter(([n]) => this.anchorSeen(n, v));
      const named = names.filter(([, p]) => p).length;
      return [cut(v).length, names.length - named, -stacks.filter((b) => inside(b, v)).length - named];
    };
    const better = (a, b) => {
      if (!a) return false;
      const k = b ? a.findIndex((x, i) => x !== b[i]) : 0;
      return !b || (k >= 0 && a[k] < b[k]);
    };
    let view = start, s = score(view);
    for (let round = 0; round < 3 && !(s && !s[0] && !s[1]); round++) {
      let next = null;
      for (const b of cut(view)) {
        const ix = -slide(b.x0, b.x1, view.x0, view.x1), iy = -slide(b.y0, b.y1, view.y0, view.y1);
        const ox = b.x0 < view.x0 ? b.x1 - view.x0 : b.x1 > view.x1 ? b.x0 - view.x1 : 0;
        const oy = b.y0 < view.y0 ? b.y1 - view.y0 : b.y1 > view.y1 ? b.y0 - view.y1 : 0;
        for (const [dx, dy] of [[ix, iy], [ix, 0], [0, iy], [ox, 0], [0, oy], [ox, iy], [ix, oy]]) {
          const v = { x0: view.x0 + dx, y0: view.y0 + dy, x1: view.x1 + dx, y1: view.y1 + dy }, t = score(v);
          if (better(t, next ? next.s : s)) next = { v, s: t };
        }
      }
      if (!next) break;
      [view, s] = [next.v, next.s];
    }
    const moved = view === start ? vb : { ...vb, x: vb.x + view.x0 - start.x0, y: vb.y + view.y0 - start.y0 };
    return { vb: moved, cut: s ? s[0] + s[1] : Infinity };
  }

  /** The box round some spaces ({x, y, w, h}): a point or cell with a unit
   * around it, a box whole with its border; null for none. */
  area(spaces) {
    if (!spaces.length) return null;
    const { w, h } = this.geo.box;
    const b = around(spaces.map((s) => (s.boxed ? grow({ x0: s.x - w / 2, y0: s.y - h / 2, x1: s.x + w / 2, y1: s.y + h / 2 }, 0.1) : square(s.x, s.y, 1))));
    return { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 };
  }

  /** Area `a` grown to hold whole every box it cuts (Give Me Liberty!'s
   * Halifax box, out of play in Canada, stood half in Fit's frame); null
   * stays null. */
  wholeBoxes(a) {
    if (!a) return a;
    let b = { x0: a.x, y0: a.y, x1: a.x + a.w, y1: a.y + a.h };
    for (const s of this.spaces.values()) {
      if (!s.boxed) continue;
      const r = this.area([s]), rb = { x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h };
      if (overlaps(rb, b)) b = around([b, rb]);
    }
    return { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 };
  }

  /** A new decision whose places (the choices' spaces, or their pieces'
   * spaces; with no place to pick, the battle or the places the prompt
   * names: decisionPlaces) are not all in sight: pan, at the same zoom, as little as
   * brings them all in if they fit (a retreat's squares beside the battle
   * while the view was left elsewhere); if they do not and none is in
   * sight, to the middle one. */
  revealTargets(state) {
    const on = this.targetSpaces(state);
    const pts = (on.length ? on : this.decisionPlaces(state)).map((id) => this.spaces.get(id));
    if (!pts.length) return;
    const v = this.vb;
    const view = { x0: v.x, y0: v.y, x1: v.x + v.w, y1: v.y + v.h };
    const a = this.area(pts);
    const all = { x0: a.x, y0: a.y, x1: a.x + a.w, y1: a.y + a.h };
    if (inside(all, view)) return;
    if (a.w <= v.w && a.h <= v.h) {
      this.vb = { ...v, x: v.x - slide(all.x0, all.x1, view.x0, view.x1), y: v.y - slide(all.y0, all.y1, view.y0, view.y1) };
    } else if (!pts.some((p) => inside({ x0: p.x, y0: p.y, x1: p.x, y1: p.y }, view))) {
      const m = middle(pts);
      this.vb = { ...v, x: m.x - v.w / 2, y: m.y - v.h / 2 };
    } else return;
    this.applyViewBox();
  }

  // ---------------------------------------------------------- the board

  update(state, actions) {
    const board = (state.view && state.view.board) || { pieces: [], markers: [] };
    this.state = state;
    this.setTargets(actions);
    this.g.targets.replaceChildren();
    for (const [id] of this.targets) {
      const s = this.spaces.get(id);
      if (!s) continue;
      const ring = this.geo.outline(s, s.boxed ? 1 : 0.9);
      ring.setAttribute("class", "target-ring");
      ring.dataset.target = id;
      this.g.targets.append(ring);
      if (this.geo.points && !s.boxed) this.g.targets.append(this.tapRing(s));
    }
    for (const [id, shape] of this.shapes) this.markTarget(shape, id, this.targets.has(id));
    this.keyForBoard(board.pieces || []);
    this.pieces = this.bySpace(expand(board.pieces));
    this.markers = this.bySpace(board.markers);
    // Fit shows the spaces the scenario plays on (Give Me Liberty!: one of
    // its two maps) and every place that holds something (a fleet at sea, a
    // unit in a box), else the whole map.
    const inPlay = board.in_play || [];
    const shown = [...new Set([...inPlay, ...this.pieces.keys(), ...this.markers.keys()])].map((id) => this.spaces.get(id)).filter(Boolean);
    this.home = (inPlay.length && this.wholeBoxes(this.area(shown))) || this.full;
    this.homeLand = inPlay.length ? this.area(shown.filter((s) => !s.boxed)) || this.home : this.land;
    this.drawBoard();
    if (!this.stackList.hidden) this.openStack(this.stackList.dataset.space);
  }

  /** A lit point's wider tap target (style.css .tap-ring: 44px across on
   * a touch screen, none for a mouse): a tap goes to the nearest lit point. */
  tapRing(s) {
    const ring = svg("circle", { cx: f(s.x), cy: f(s.y), r: f(0.16), class: "tap-ring" });
    ring.addEventListener("click", (ev) => {
      const p = this.toMap(ev);
      const lit = [...this.targets.keys()].map((t) => this.spaces.get(t)).filter((o) => o && !o.boxed);
      const near = lit.reduce((a, o) => (Math.hypot(o.x - p.x, o.y - p.y) < Math.hypot(a.x - p.x, a.y - p.y) ? o : a), s);
      this.clickSpace(near.id, ev);
    });
    return ring;
  }

  bySpace(list) {
    const at = new Map();
    for (const p of list || []) {
      if (!at.has(p.space)) at.set(p.space, []);
      at.get(p.space).push(p);
    }
    return at;
  }

  drawBoard() {
    this.g.pieces.replaceChildren();
    this.g.hits.replaceChildren();
    this.g.markers.replaceChildren();
    this.g.rings.replaceChildren();
    this.pieceEls = new Map();
    this.occupied = []; // the boxes of what is drawn on the map and their spaces, for clearNames
    // A space holding both sides comes last: its battle may reach past its
    // box (drawBattle), clear of what the spaces around it show.
    const sides = (s) => new Set((this.pieces.get(s.id) || []).map((p) => p.side)).size;
    for (const s of [...this.data.spaces].sort((a, b) => (sides(a) > 1) - (sides(b) > 1))) {
      const pieces = this.pieces.get(s.id) || [];
      const markers = this.markers.get(s.id) || [];
      if (!pieces.length && !markers.length) continue;
      const box = this.geo.stackBox(s);
      const chips = markers.filter((m) => (this.key.get(m.kind) || {}).shape !== "ring");
      for (const m of markers.filter((x) => (this.key.get(x.kind) || {}).shape === "ring")) {
        const ring = this.geo.outline(s, s.boxed ? 1.04 : 0.9);
        ring.setAttribute("class", `marker-ring ${m.kind} ${m.side || ""}`);
        ring.append(svg("title", {}, `${m.name} (${m.rule})`));
        this.g.rings.append(ring);
      }
      const top = chips.length ? this.drawChips(s.id, chips, box) : box.y0;
      if (pieces.length) this.drawStack(s.id, pieces, { ...box, y0: top });
    }
    this.clearNames();
  }

  /** A row of marker chips along the top of the box; returns where the pieces begin. */
  drawChips(id, markers, box) {
    const symbol = (m) => `${(this.key.get(m.kind) || {}).symbol || m.kind.slice(0, 3)}${m.value === undefined ? "" : m.value}`;
    let h = Math.min(0.6 * this.geo.piece, (box.y1 - box.y0) * 0.3);
    let widths = markers.map((m) => Math.max(h, textWidth(symbol(m), 0.6 * h, true) + 0.5 * h));
    const total = widths.reduce((a, b) => a + b, 0) + 0.15 * h * (markers.length - 1);
    const shrink = Math.max(Math.min(1, (box.x1 - box.x0) / total), 0.6);
    h *= shrink;
    widths = widths.map((w) => w * shrink);
    const at = flowRows(widths, h, 0.15 * h, { ...box, y1: box.y0 + h }) ||
      widths.map((w, i) => ({ x: box.x0 + widths.slice(0, i).reduce((a, b) => a + b + 0.15 * h, 0) + w / 2, y: box.y0 + h / 2 }));
    markers.forEach((m, i) => {
      const k = this.key.get(m.kind) || {};
      const { x, y } = at[i], w = widths[i];
      const g = svg("g", { class: `marker ${m.kind}`, "data-space": id });
      this.occupied.push({ x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2, space: id });
      g.append(svg("rect", { x: f(x - w / 2), y: f(y - h / 2), width: f(w), height: f(h), rx: f(h / 2), fill: k.colour || sideColour(m.side) || "#fbf3dc",
        stroke: sideColour(m.side) || "#3b2f1c", "stroke-width": f(0.06 * h) }));
      g.append(fittedText(symbol(m), x, y, 0.6 * h, w - 0.2 * h, { bold: true }));
      g.append(svg("title", {}, `${m.name}${m.side ? `, ${cap(m.side)}` : ""}${k.rule ? ` — ${k.rule}: ${k.text}` : ""}`));
      g.addEventListener("click", (ev) => this.clickSpace(id, ev));
      this.g.markers.append(g);
    });
    return box.y0 + h + 0.15 * h;
  }

  /** A piece's width at height s: a block is square, a counter wide enough
   * for its name (condensed to `squeeze` of its width, as fittedText may). */
  pieceWidth(p, s, squeeze = 1) {
    if (this.style === "block") return s;
    return Math.min(2.4 * s, Math.max(s, squeeze * textWidth(p.name.split(",")[0], 0.3 * s, true) + 0.2 * s));
  }

  /** The sizes a space's pieces may take one by one in a box whose shorter
   * side is `room`, largest first: from the size that reads at this zoom
   * (full size when zoomed in, as large as the box allows when zoomed out)
   * down to no less than the least that reads. */
  sizes(room) {
    const piece = this.geo.piece, px = PIECE_PX[this.style];
    // (A room under a pile's least size takes a pile, reaching past it: drawPiles.)
    const top = Math.max(Math.min(room, Math.max(piece, px.read / this.px)), this.style === "counter" ? this.leastPile() : 0);
    const least = Math.min(top, px.least / this.px);
    return SHRINK.map((k) => k * top).filter((s) => s >= least - 1e-9);
  }

  /** The space's pieces in rows inside the box, smaller if need be; when
   * even the smallest do not fit, one compact pile per side. */
  drawStack(id, pieces, box) {
    const sizes = this.sizes(Math.min(box.y1 - box.y0, box.x1 - box.x0));
    for (const s of sizes) {
      const widths = pieces.map((p) => this.pieceWidth(p, s));
      const at = flowRows(widths, s, 0.1 * s, box);
      if (!at || !at.every((c, i) => this.inSpace(id, c.x, c.y, widths[i], s))) continue;
      pieces.forEach((p, i) => this.g.pieces.append(this.drawPiece(p, at[i].x, at[i].y, s, widths[i])));
      return;
    }
    this.drawPiles(id, pieces, box, sizes[0] || this.geo.piece);
  }

  /** Whether a piece of w by s centred on (x, y) lies inside its space's
   * outline: a space's box reaches past a hex's slanted sides at its
   * corners, where a row of five blocks stood in the next hex. A box
   * beside the map, or a point, holds whatever its box holds. */
  inSpace(id, x, y, w, s) {
    const space = this.spaces.get(id);
    const poly = space && !space.boxed && this.geo.poly(space, 1);
    if (!poly) return true;
    return [[x - w / 2, y - s / 2], [x + w / 2, y - s / 2], [x + w / 2, y + s / 2], [x - w / 2, y + s / 2]].every(([px, py]) => insideConvex(poly, px, py));
  }

  /** One pile per side (a side's lone piece as itself), its top piece (a
   * leader if any) as large as the box allows up to `most`, with its edges
   * and its count inside the box; a battle of blocks whose piles would not
   * read so is drawn larger, reaching past the box (drawBattle). Blocks
   * whose piles would still leave their space take their counts over
   * their corners (PILES), as large as stands inside it. */
  drawPiles(id, pieces, box, most) {
    const tops = [...new Set(pieces.map((p) => p.side))].map((side) => {
      const mine = pieces.filter((p) => p.side === side);
      return { side, count: mine.length, top: mine.find((p) => p.kind === "leader") || mine[0] };
    });
    let s = Math.min(most, (box.y1 - box.y0) / (1 + 2 * PILE.edge.y));
    // A counter's name is condensed rather than the pile drawn smaller.
    const room = box.x1 - box.x0, squeeze = [1, 0.85, 0.7].find((q) => this.pileWidth(tops, s, q) <= room) || 0.7;
    s = Math.max(this.leastPile(), s * Math.min(1, room / this.pileWidth(tops, s, squeeze)));
    // Smaller, down to the least that reads, until the piles stand inside
    // their space's outline (a box as large as a pile's room reaches past
    // a hex's slanted sides: a five-block pile spilt into the next hex).
    const mid = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
    const floor = Math.max(this.leastPile(), Math.min(s, PIECE_PX[this.style].least / this.px));
    const stands = (k, layout) => this.pileStands(id, tops, mid, k, squeeze, layout);
    while (s * 0.9 >= floor && !stands(s, "beside")) s *= 0.9;
    if (this.style === "block" && tops.length === 2 && s < PIECE_PX.block.least / this.px && this.drawBattle(id, tops, box, pieces.length)) return;
    // Blocks whose piles still leave their space take their counts over
    // their corners: from as large as the box holds them, smaller until
    // they stand inside it, down to a pile's least (leastPile).
    let layout = "beside";
    if (this.style === "block" && !stands(s, layout)) {
      let k = Math.max(this.leastPile(), Math.min(most, room / this.pileWidth(tops, 1, squeeze, "corner"), (box.y1 - box.y0) / (1 + PILE.edge.y)));
      while (k * 0.95 >= this.leastPile() && !stands(k, "corner")) k *= 0.95;
      if (stands(k, "corner")) [s, layout] = [k, "corner"];
    }
    const at = this.pileSpot(id, box, this.pileWidth(tops, s, squeeze, layout), s * (1 + 2 * PILE.edge.y));
    for (const p of this.pileParts(tops, at, s, squeeze, layout)) {
      this.g.pieces.append(p.count ? this.drawPile(id, p, s, pieces.length) : this.drawPiece(p.t.top, p.x + p.w / 2, p.y, s, p.w));
    }
  }

  /** The width of the piles of `tops` side by side, their top pieces s
   * high (a counter's name condensed to `squeeze`), each pile's count
   * laid out as `layout` says (PILES). */
  pileWidth(tops, s, squeeze, layout = "beside") {
    const { beyond } = PILES[layout];
    return tops.reduce((a, t) => a + this.pieceWidth(t.top, s, squeeze) + ((t.count > 1 ? beyond : 0) + PILE.gap) * s, -PILE.gap * s);
  }

  /** Each side's pile of `tops` side by side around `at` (the middle of
   * their pieces, top pieces s high): {t, x, y, w, count} (x the top
   * piece's left edge, y its middle; count: its count's {x, y, r}, or null
   * for a lone piece). */
  pileParts(tops, at, s, squeeze, layout) {
    const { count: c, edges } = PILES[layout], y = at.y - (edges * PILE.edge.y * s) / 2;
    let x = at.x - this.pileWidth(tops, s, squeeze, layout) / 2;
    return tops.map((t) => {
      const w = this.pieceWidth(t.top, s, squeeze), left = x;
      x += this.pileWidth([t], s, squeeze, layout) + PILE.gap * s;
      return { t, x: left, y, w, edges, count: t.count > 1 ? { x: left + w + c.dx * s, y: y - s / 2 + c.dy * s, r: c.r * s } : null };
    });
  }

  /** Whether the piles stand, around `mid`, inside their space with their
   * counts (a count over a corner reaches above the pieces) and over
   * nothing the geometry keeps clear (a town's dot). */
  pileStands(id, tops, mid, s, squeeze, layout) {
    const parts = this.pileParts(tops, mid, s, squeeze, layout);
    const boxes = parts.flatMap((p) => [{ x0: p.x, y0: p.y - s / 2, x1: p.x + p.w + (p.count ? p.edges * PILE.edge.x * s : 0), y1: p.y + s / 2 + (p.count ? p.edges * PILE.edge.y * s : 0) },
      ...(p.count ? [square(p.count.x, p.count.y, p.count.r)] : [])]);
    const clear = layout === "beside" ? [] : this.keptClear();
    return boxes.every((b) => this.inSpace(id, (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, b.x1 - b.x0, b.y1 - b.y0) && !clear.some((o) => overlaps(o, b)));
  }

  /** Where piles `wide` by `high` stand in a space's box: its middle; when
   * they reach past the box (leastPile), the nearest spot with each pile's
   * middle still in the space that covers no other space's pieces or
   * markers drawn so far (else the nearest in the space, else the middle). */
  pileSpot(id, box, wide, high) {
    const mid = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
    if (wide <= box.x1 - box.x0 + 1e-9 && high <= box.y1 - box.y0 + 1e-9) return mid;
    const others = this.occupied.filter((o) => o.space !== id);
    // Each side's pile in the space: its middle and its two ends' piles.
    const inSpace = (x, y) => this.spaces.get(id).boxed || this.spaceAt(x, y) === id;
    const own = (p) => [0, -1, 1].every((k) => inSpace(p.x + k * Math.max(0, wide / 2 - high / 2), p.y));
    const steps = [0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75];
    const spots = steps.flatMap((dy) => steps.map((dx) => ({ x: mid.x + dx * wide, y: mid.y + dy * high * 2 })))
      .sort((a, b) => Math.hypot(a.x - mid.x, a.y - mid.y) - Math.hypot(b.x - mid.x, b.y - mid.y));
    const clear = (p) => !others.some((o) => overlaps(o, { x0: p.x - wide / 2, y0: p.y - high / 2, x1: p.x + wide / 2, y1: p.y + high / 2 }));
    return spots.find((p) => own(p) && clear(p)) || spots.find(own) || mid;
  }

  /** The least height of a pile's top piece: a counter never under the
   * least that reads (PIECE_PX) nor its full size, whatever its space's
   * room (a small region of From Boston to Concord drew its stack 10px
   * high, beside full-size counters): the pile then reaches past its
   * box, clear of its neighbours' pieces (pileSpot). A block's pile may be smaller: a battle
   * is drawn larger (drawBattle). */
  leastPile() {
    const piece = this.geo.piece;
    return this.style === "counter" ? Math.min(piece, PIECE_PX.counter.least / this.px) : 0.45 * piece;
  }

  /** A pile (pileParts' part `p`: `p.t.count` pieces of a side, its top
   * piece s high with its left edge at p.x and its middle at p.y): the top
   * piece, the edges of `p.edges` pieces under it and the count that lists
   * them, at its upper right corner (PILES). */
  drawPile(id, p, s, all) {
    const { t, x, y, w, edges, count } = p;
    const g = this.pileGroup(id, t);
    this.occupied.push({ x0: x, y0: Math.min(y - s / 2, count.y - count.r), x1: Math.max(x + w + edges * PILE.edge.x * s, count.x + count.r),
      y1: y + s / 2 + edges * PILE.edge.y * s, space: id });
    for (let k = edges; k > 0; k--) {
      g.append(svg("rect", { x: f(x + k * PILE.edge.x * s), y: f(y - s / 2 + k * PILE.edge.y * s), width: f(w), height: f(s), rx: f(s * 0.1),
        fill: sideColour(t.side) || "#666", class: "under" }));
    }
    g.append(this.drawPiece(t.top, x + w / 2, y, s, w, true));
    // Beside the top piece's upper corner the count hides none of its face;
    // over it (PILES.corner), none of its pips.
    g.append(this.countBadge(id, t, count.x, count.y, s, all, count.r));
    return g;
  }

  /** A battle: both sides in a space whose box has no room for their piles
   * at a size that reads (at a desktop's Fit). Each side's top piece at the
   * least size that reads, the two side by side at the top of the box
   * (just under a town's dot), each pile's count beyond its outer upper
   * corner, clear of the pips. The pair may reach past the box, and moves
   * if need be (its middle staying in its space), but covers no other
   * space's pieces (nor the box of a space whose pieces are still to be
   * drawn) and nothing the geometry keeps clear (a town's dot, the boxes);
   * it keeps clear of the names where it can, and where it cannot the
   * names move off it (clearNames): a battle is what the players most need
   * to read. False when no spot is clear. */
  drawBattle(id, tops, box, all) {
    const s = PIECE_PX.block.least / this.px;
    const spot = this.battleSpot(id, tops, box, s);
    if (!spot) return false;
    for (const { t, x, y, count } of spot) {
      if (!count) {
        this.g.pieces.append(this.drawPiece(t.top, x, y, s, s));
        continue;
      }
      const g = this.pileGroup(id, t);
      this.occupied.push(square(x, y, s / 2, id), square(count.x, count.y, PILE.count * s, id));
      g.append(this.drawPiece(t.top, x, y, s, s, true), this.countBadge(id, t, count.x, count.y, s, all));
      this.g.pieces.append(g);
    }
    return true;
  }

  /** Where a battle's two piles (blocks of size s) go: [{t, x, y, count}]
   * (x, y: a top piece's centre; count: its count's centre, or null for a
   * lone piece), at the first clear spot near the top of the box, clear of
   * the names if one is; null if none is clear. Touching a piece or a dot
   * by a 25th of a block (under a pixel, the view being up to a fifth
   * larger than the layout's scale) is not covering it: a crowded hex
   * has no more room than that; names keep that much room round their
   * letters (a text is drawn a little wider than it is measured). */
  battleSpot(id, tops, box, s) {
    const drawn = new Set(this.occupied.map((o) => o.space));
    const waiting = [...this.pieces.keys()].filter((k) => k !== id && !drawn.has(k) && this.spaces.has(k)).map((k) => this.geo.stackBox(this.spaces.get(k)));
    const solid = this.keptClear().concat(this.occupied.filter((o) => o.space !== id), waiting);
    const names = this.names.filter((n) => n.at).map((n) => grow(letters(n.at.box), 0.05 * s));
    const r = PILE.count * s, gap = 0.06 * s;
    // The pair's middle: in a crowded corridor the room may be a little
    // way off the top of the box, still in the space.
    const own = (x, y) => this.spaces.get(id).boxed || this.spaceAt(x, y) === id;
    const middles = [0, 0.15, 0.3, 0.45, 0.6].flatMap((dy) => [0, -0.2, 0.2, -0.4, 0.4, -0.6, 0.6]
      .map((dx) => ({ cx: (box.x0 + box.x1) / 2 + dx * s, y: box.y0 + (dy + 0.5) * s }))).filter(({ cx, y }) => own(cx, y));
    // The first side to the left, its count on its left; the second mirrored.
    const spots = middles.map(({ cx, y }) => tops.map((t, i) => {
      const out = i ? 1 : -1, x = cx + out * (gap + s) / 2;
      return { t, x, y, count: t.count > 1 ? { x: x + out * 0.55 * s, y: y - 0.7 * s } : null };
    }));
    const covers = (spot) => spot.flatMap(({ x, y, count }) => [square(x, y, s / 2), ...(count ? [square(count.x, count.y, r)] : [])]);
    const clearOf = (spot, names) => covers(spot).every((b) => !names.some((a) => overlaps(a, b)) && !solid.some((a) => overlaps(a, grow(b, -0.04 * s))));
    return spots.find((spot) => clearOf(spot, names)) || spots.find((spot) => clearOf(spot, [])) || null;
  }

  /** A pile's group: a click on it is on its space, or, when a choice
   * points at a piece under its top and none at the space, opens its list,
   * where those pieces are buttons. Such a pile is lit as a piece a choice
   * points at is (Give Me Liberty!'s Form step: the units to join or leave
   * a force lie under its leader's counter in a pile, and the prompt says
   * to pick one on the map). */
  pileGroup(id, t) {
    const holds = (this.pieces.get(id) || []).some((p) => p.side === t.side && p.id && this.targets.has(p.id));
    const g = svg("g", { class: `stack ${t.side}${holds ? " holds-target" : ""}`, "data-space": id });
    g.addEventListener("click", (ev) => (holds && !this.targets.has(id) ? this.openStack(id, ev) : this.clickSpace(id, ev)));
    return g;
  }

  /** A pile's count (a disc centred on (cx, cy), its top piece s high),
   * which opens the list of the space's `all` pieces. */
  countBadge(id, t, cx, cy, s, all, r = PILE.count * s) {
    const name = this.spaces.get(id).name;
    const badge = svg("g", { class: "stack-badge", "data-space": id, "data-count": t.count, role: "button", tabindex: 0,
      "aria-label": `${t.count} ${cap(t.side)} pieces in ${name}: list them` });
    // An invisible ring round the count for a finger (style.css: only on a
    // touch screen), about 32px where the count is 18px; it looks no bigger.
    // It lies under every piece and marker: a tap on a neighbour's block at
    // a phone's Fit is on that block, not on this count.
    const hit = svg("circle", { cx: f(cx), cy: f(cy), r: f(0.75 * s), class: "hit", "data-space": id, "data-side": t.side });
    this.pressable(hit, (ev) => this.openStack(id, ev));
    this.g.hits.append(hit);
    badge.append(svg("circle", { cx: f(cx), cy: f(cy), r: f(r), "stroke-width": f(0.04 * s) }));
    badge.append(fittedText(t.count, cx, cy, 1.5 * r, 1.75 * r, { bold: true }));
    badge.append(svg("title", {}, `${all} pieces in ${name}: list them`));
    this.pressable(badge, (ev) => this.openStack(id, ev));
    return badge;
  }

  /** A piece of height s and width w centred on (x, y); `inPile`: the top
   * of a compact pile (a click on it is on its space). A piece an action
   * points at is a button. */
  drawPiece(p, x, y, s, w, inPile = false) {
    const back = p.face === "back";
    const colour = (!back && palette().nation[p.nation]) || sideColour(p.side) || "#666";
    const states = (p.states || []).map((t) => t.replace(/\s+/g, "-")).join(" ");
    const shows = back ? backOf(p) : null;
    const g = svg("g", { class: `piece ${this.style} ${p.side} ${p.kind || ""} ${back ? "back" : ""} ${shows ? `back-${shows.kind}` : ""} ${states}`, "data-space": p.space });
    if (!inPile) this.occupied.push({ x0: x - w / 2, y0: y - s / 2, x1: x + w / 2, y1: y + s / 2, space: p.space });
    const fill = shows && shows.kind === "provincial" ? tint(colour, 0.5) : colour;
    g.append(svg("rect", { x: f(x - w / 2), y: f(y - s / 2), width: f(w), height: f(s), rx: f(s * 0.11), fill, "stroke-width": f(0.035 * s) }));
    if (shows) g.append(...this.backMarks(shows, x, y, s, w));
    if (back) {
      // A counter face down says what its back shows ("Militia, value not yet drawn": Militia ?).
      if (this.style === "counter") {
        g.append(fittedText(p.name.split(",")[0], x, y - 0.18 * s, 0.3 * s, w - 0.12 * s, { class: "piece-name", bold: true }));
        g.append(fittedText("?", x, y + 0.22 * s, 0.42 * s, w * 0.9, { class: "piece-value", bold: true }));
      }
    } else if (this.style === "block") {
      if (p.strength) {
        // One pip per step of the block's maximum along the top edge, the current ones filled.
        const { now, max } = p.strength, step = Math.min(0.2, 0.84 / max) * s;
        for (let i = 0; i < max; i++) {
          g.append(svg("circle", { cx: f(x + (i - (max - 1) / 2) * step), cy: f(y - s * 0.34), r: f(s * 0.065), class: i < now ? "pip" : "pip lost" }));
        }
      }
      g.append(fittedText(p.name, x, y + s * 0.02, s * 0.25, s * 0.92, { class: "piece-name", bold: true }));
      if (p.rating) g.append(fittedText(p.rating, x, y + s * 0.3, s * 0.24, s * 0.8, { class: "piece-rating", bold: true }));
    } else {
      if (p.kind === "leader") g.append(svg("rect", { x: f(x - w / 2), y: f(y - s / 2), width: f(w), height: f(0.14 * s), class: "leader-band" }));
      // A unit's strength now; a leader's ratings (Give Me Liberty!'s "2-6-3 ★★★").
      const rating = !p.strength && p.kind === "leader" && p.rating ? p.rating : null;
      // A reduced unit reads as such at a glance, phone or desktop: its
      // lower half white and its strength over its full one in ink ("4/5"),
      // where a full unit shows its strength in white on its colour.
      const reduced = isReduced(p);
      const value = !p.strength ? rating : reduced ? `${p.strength.now}/${p.strength.max}` : String(p.strength.now);
      const marks = this.counterMarks(p, x, y, s, w);
      g.append(fittedText(p.name, x, y + (value ? -0.18 : 0.04) * s, 0.3 * s, w - 0.12 * s, { class: "piece-name", bold: true }));
      if (reduced) g.append(svg("rect", { x: f(x - w / 2 + 0.05 * s), y: f(y + 0.01 * s), width: f(w - 0.1 * s), height: f(0.44 * s), rx: f(0.08 * s), class: "reduced-band" }));
      const room = marks.length ? Math.min(0.9 * w, w - 0.7 * s) : 0.9 * w;
      if (rating) g.append(fittedText(rating, x, y + 0.2 * s, 0.3 * s, (marks.length ? 0.6 : 0.9) * w, { class: "piece-rating", bold: true }));
      else if (value) g.append(fittedText(value, x, y + 0.23 * s, 0.4 * s, room, { class: `piece-value${reduced ? " reduced-value" : ""}`, bold: true }));
      g.append(...marks);
    }
    g.append(svg("title", {}, describePiece(p)));
    if (inPile) return g;
    const acts = p.id && this.targets.get(p.id);
    if (acts) {
      g.classList.add("target");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${describePiece(p)}: ${acts.map((a) => a.label).join("; ")}`);
      this.pressable(g, (ev) => this.hooks.choose(acts, ev));
    } else {
      g.addEventListener("click", (ev) => this.clickSpace(p.space, ev));
    }
    if (p.id) {
      g.dataset.piece = p.id;
      this.pieceEls.set(p.id, g);
    }
    return g;
  }

  /** A counter's states as marks the key explains (a reduced unit's
   * white half is drawn with its value, drawPiece): inside the fort (the
   * map's fort square, at its lower left) and entrenched (the trench
   * marker's T, at its lower right). */
  counterMarks(p, x, y, s, w) {
    const st = new Set(p.states || []), marks = [];
    const x0 = x - w / 2, k = 0.24 * s, cy = y + 0.2 * s;
    if (st.has("inside the fort")) marks.push(svg("rect", { x: f(x0 + 0.08 * s), y: f(cy - k / 2), width: f(k), height: f(k), class: "in-fort" }));
    if (st.has("entrenched")) {
      const ex = x + w / 2 - 0.08 * s - k / 2;
      marks.push(svg("rect", { x: f(ex - k / 2), y: f(cy - k / 2), width: f(k), height: f(k), rx: f(0.05 * s), class: "entrenched-mark" }),
        fittedText("T", ex, cy, 0.22 * s, k, { class: "entrenched-t", bold: true }));
    }
    return marks;
  }

  /** What tells a back from another of its side (backOf): an Indian's
   * brown inside its side's frame, a leader's gold band and star, a
   * foreign nation's gold band at the foot (a provincial's lighter shade
   * is its fill). No text: a back reads at its least size. */
  backMarks(b, x, y, s, w) {
    const marks = [];
    const x0 = x - w / 2, y0 = y - s / 2;
    if (b.kind === "indian") {
      const k = 0.16 * s;
      marks.push(svg("rect", { x: f(x0 + k), y: f(y0 + k), width: f(w - 2 * k), height: f(s - 2 * k), rx: f(s * 0.06), fill: INDIAN, class: "back-mark" }));
    }
    if (b.kind === "leader") {
      marks.push(svg("rect", { x: f(x0), y: f(y0), width: f(w), height: f(0.2 * s), class: "leader-band back-mark" }));
      marks.push(svg("path", { d: star(x, y + 0.08 * s, 0.3 * s), class: "back-star" }));
    }
    if (b.nation) marks.push(svg("rect", { x: f(x0), y: f(y0 + 0.8 * s), width: f(w), height: f(0.2 * s), fill: FOREIGN, class: "back-mark" }));
    return marks;
  }

  /** The list of a space's pieces, by the pile's count (`ev` places it;
   * without one it stays where it is, its content new). */
  openStack(id, ev) {
    const list = this.stackList;
    const pieces = (this.pieces && this.pieces.get(id)) || [];
    if (!pieces.length) {
      this.closeStack();
      return;
    }
    const rows = pieces.map((p) => {
      const acts = p.id && this.targets.get(p.id);
      const text = [el("span", { class: `chip ${p.side}` }, cap(p.side)), ` ${describePiece(p).slice(p.side.length + 1)}`];
      if (!acts) return el("li", {}, text);
      return el("li", {}, el("button", { type: "button", class: "target", "data-piece": p.id, onclick: (e) => this.hooks.choose(acts, e) }, text));
    });
    // What the space itself offers, so a click on its count is never a dead end.
    const here = this.targets.get(id);
    if (here) {
      const label = here.length === 1 ? here[0].label : `${here.length} choices in ${this.spaces.get(id).name}`;
      rows.unshift(el("li", { class: "here" }, el("button", { type: "button", class: "target", onclick: (e) => this.hooks.choose(here, e) }, label)));
    }
    list.dataset.space = id;
    list.replaceChildren(
      el("div", { class: "stack-head" }, el("b", {}, this.spaces.get(id).name), ` — ${pieces.length} pieces `,
        el("button", { type: "button", class: "small", "aria-label": "Close", onclick: () => this.closeStack() }, "×")),
      el("ul", { class: "plain" }, rows));
    list.hidden = false;
    if (ev) {
      list.style.left = `${Math.max(4, Math.min(ev.clientX + 8, window.innerWidth - list.offsetWidth - 4))}px`;
      list.style.top = `${Math.max(4, Math.min(ev.clientY + 8, window.innerHeight - list.offsetHeight - 4))}px`;
    }
    const first = list.querySelector("button.target");
    if (first && ev && ev.clientX !== undefined) first.focus({ preventScroll: true });
  }

  closeStack() {
    this.stackList.hidden = true;
  }

  /** Highlight the map element an action points at (hovering its button). */
  highlight(target, on) {
    const p = this.pieceEls.get(target);
    if (p) p.classList.toggle("hover", on);
    const s = this.shapes.get(target);
    if (s) s.classList.toggle("hover", on);
  }

  /** Unlight whatever choices lit: their buttons are about to go (a new
   * decision's list lights its own). */
  unlightAll() {
    for (const e of this.root.querySelectorAll(".hover")) e.classList.remove("hover");
  }

  /** A space's details for the side panel. */
  spaceInfo(id) {
    const s = this.spaces.get(id);
    if (!s) return null;
    const pieces = (this.state && this.state.view && this.state.view.board && this.state.view.board.pieces || []).filter((p) => p.space === id);
    const markers = (this.markers && this.markers.get(id)) || [];
    const items = pieces.map((p) => el("li", {}, el("span", { class: `chip ${p.side}` }, cap(p.side)), ` ${describePiece(p).slice(p.side.length + 1)}`));
    for (const m of markers) {
      items.push(el("li", {}, `Marker: ${m.name}${m.side ? ` (${cap(m.side)})` : ""}`, m.rule ? el("span", { class: "rule" }, ` ${m.rule}`) : null));
    }
    const near = this.data.geometry === "hex" || this.data.geometry === "square" ? [] : this.data.links.filter((l) => l.a === id || l.b === id).map((l) => {
      const o = this.spaces.get(l.a === id ? l.b : l.a);
      return `${o ? o.name : "?"}${l.kinds && l.kinds.length ? ` (${l.kinds.join(", ")})` : ""}`;
    });
    return el("div", {},
      el("h3", {}, s.name),
      el("div", { class: "hint" }, s.detail),
      near.length ? el("div", { class: "hint" }, `Adjacent: ${near.join(", ")}`) : null,
      items.length ? el("ul", { class: "plain" }, items) : el("div", { class: "hint" }, "Nothing here."));
  }

  /** Pieces in places the map does not draw (pools, captivity), by place and side. */
  offMap(state) {
    const board = (state.view && state.view.board) || { pieces: [] };
    const rows = new Map();
    for (const p of board.pieces) {
      if (this.spaces.has(p.space)) continue;
      const k = `${p.space}|${p.side}`;
      if (!rows.has(k)) rows.set(k, { name: p.space_name, side: p.side, list: [] });
      rows.get(k).list.push(p);
    }
    return [...rows.values()].map((r) => {
      const chips = r.list.map((p) => {
        if (p.face === "back") return el("span", { class: "hint" }, ` ${p.count} hidden`);
        const acts = p.id && this.targets.get(p.id);
        const value = p.strength ? ` ${p.strength.now}` : p.rating ? ` ${p.rating}` : "";
        const chip = el(acts ? "button" : "span", { type: acts ? "button" : null, class: `chip ${r.side}${acts ? " target" : ""}`, title: describePiece(p) }, `${p.name}${value}`);
        if (acts) chip.addEventListener("click", (ev) => this.hooks.choose(acts, ev));
        return chip;
      });
      const head = `${cap(r.name)} — ${cap(r.side)}`;
      // A long row folds on a phone (Liberty's pool is three screens of
      // chips there), unless it holds something to act on; what a player
      // opens or closes stays so through the next moves.
      const key = `${r.name}|${r.side}`;
      const folds = window.matchMedia("(max-width: 760px)").matches && chips.length > FOLD_AT;
      if (!folds) return el("div", { class: "offmap-row" }, el("b", {}, `${head}: `), chips);
      const count = r.list.reduce((n, p) => n + (p.face === "back" ? p.count || 1 : 1), 0);
      const box = el("details", { class: "offmap-row" }, el("summary", {}, el("b", {}, head), ` (${count})`), chips);
      box.open = this.offOpen.has(key) ? this.offOpen.get(key) : r.list.some((p) => p.id && this.targets.get(p.id));
      box.addEventListener("toggle", () => this.offOpen.set(key, box.open));
      return box;
    });
  }

  /** The facts panel, in the rulebook's words. */
  info(state) {
    return factsTable((state.view && state.view.facts) || []);
  }

  /** Where the first view looks on a small screen: what the seat may act
   * on; else the battle being fought or the places the prompt names (a
   * decision to fight on or retreat has no place to pick, and the seat's
   * pieces elsewhere framed a far corner of the map); else its own
   * pieces, else any. */
  interesting(state) {
    const pieces = (state.view && state.view.board && state.view.board.pieces) || [];
    const on = this.targetSpaces(state);
    if (on.length) return on;
    const named = this.decisionPlaces(state);
    if (named.length) return named;
    const mine = pieces.filter((p) => p.side === state.seat && this.spaces.has(p.space)).map((p) => p.space);
    return mine.length ? mine : pieces.map((p) => p.space).filter((t) => this.spaces.has(t));
  }

  /** The spaces the choices point at (a piece's space for a piece). */
  targetSpaces(state) {
    const pieces = (state.view && state.view.board && state.view.board.pieces) || [];
    const spaceOf = (t) => (this.spaces.has(t) ? t : (pieces.find((p) => p.id === t) || {}).space);
    return [...this.targets.keys()].map(spaceOf).filter((t) => this.spaces.has(t));
  }

  /** Where a decision with no place to pick is about: the battle (a marker
   * of a battle, or the places a fact about the battle or combat names:
   * "Battle: Ticonderoga, round 1"), else the places the prompt names. */
  decisionPlaces(state) {
    const view = state.view || {};
    const battle = /\b(battle|combat)\b/i;
    const marked = ((view.board && view.board.markers) || []).filter((m) => battle.test(`${m.kind} ${m.name}`)).map((m) => m.space).filter((id) => this.spaces.has(id));
    if (marked.length) return marked;
    const facts = (view.facts || []).filter((x) => battle.test(x.label)).map((x) => x.value);
    const fought = this.namedIn(facts.join("\n"));
    return fought.length ? fought : this.namedIn((state.prompt && state.prompt.text) || "");
  }

  /** The spaces whose names a text names, whole words only; a longer name
   * first ("Boston Neck" is not Boston too). */
  namedIn(text) {
    if (!text) return [];
    const found = [];
    let rest = text;
    const byLength = [...this.spaces.values()].filter((s) => s.name).sort((a, b) => b.name.length - a.name.length);
    for (const s of byLength) {
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${s.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u");
      if (!re.test(rest)) continue;
      found.push(s.id);
      rest = rest.replace(re, " ");
    }
    return found;
  }
}

function f(v) {
  return Number(v).toFixed(3);
}

/** A five-pointed star of outer radius r centred on (x, y), as a path. */
function star(x, y, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5, q = i % 2 ? 0.42 * r : r;
    pts.push(`${f(x + q * Math.cos(a))},${f(y + q * Math.sin(a))}`);
  }
  return `M${pts.join("L")}Z`;
}

/** Where a name's letters are: its box less a fifth of its height above and below. */
function letters(b) {
  const m = (b.y1 - b.y0) / 5;
  return { x0: b.x0 + m / 3, y0: b.y0 + m, x1: b.x1 - m / 3, y1: b.y1 - m };
}

/** The place to look at among some places: the one nearest their median
 * x and median y (null for none). Those medians alone can name a point
 * that is none of them: between New York and Halifax, the open sea. */
function middle(pts) {
  if (!pts.length) return null;
  const median = (k) => pts.map((p) => p[k]).sort((a, b) => a - b)[pts.length >> 1];
  const [mx, my] = [median("x"), median("y")];
  const d = (p) => (p.x - mx) ** 2 + (p.y - my) ** 2;
  return pts.reduce((a, p) => (d(p) < d(a) ? p : a));
}

/** The box round some boxes. */
function around(boxes) {
  return boxes.reduce((a, o) => ({ x0: Math.min(a.x0, o.x0), y0: Math.min(a.y0, o.y0), x1: Math.max(a.x1, o.x1), y1: Math.max(a.y1, o.y1) }));
}

/** Whether box `a` lies inside box `b`. */
function inside(a, b) {
  return a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;
}

/** How far a span from a0 to a1 must move to lie between v0 and v1 (0 if it does, or cannot). */
function slide(a0, a1, v0, v1) {
  if (a1 - a0 > v1 - v0) return 0;
  return a0 < v0 ? v0 - a0 : a1 > v1 ? v1 - a1 : 0;
}

/** The box `b` grown by `d` on every side (shrunk, for a negative d). */
function grow(b, d) {
  return { x0: b.x0 - d, y0: b.y0 - d, x1: b.x1 + d, y1: b.y1 + d };
}

/** The square of half-side `half` centred on (x, y), as a box of space `space`. */
function square(x, y, half, space) {
  return { x0: x - half, y0: y - half, x1: x + half, y1: y + half, space };
}
