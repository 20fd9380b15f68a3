// Layout that does not depend on the title, for the map renderers: text
// widths, label placement without overlaps, pieces laid out inside their
// space, and the trail of log entries drawn over a map. Coordinates are the
// map's drawing units; rectangles are {x0, y0, x1, y1}.
import { svg } from "./common.js";

let measure = null;
const widths = new Map();

/** The width of `text` at font size `size` (the page's sans-serif; cached per text). */
export function textWidth(text, size, bold = false) {
  const key = `${bold ? "b" : ""}${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    measure = measure || document.createElement("canvas").getContext("2d");
    measure.font = `${bold ? 600 : 400} 100px ${getComputedStyle(document.documentElement).fontFamily}`;
    w = measure.measureText(String(text)).width / 100;
    widths.set(key, w);
  }
  return w * size;
}

/** An SVG text centred on (x, y) that fits `maxWidth`: glyphs are condensed
 * down to 70% (textLength), then the font shrinks. */
export function fittedText(text, x, y, size, maxWidth, { bold = false, ...attrs } = {}) {
  const natural = textWidth(text, size, bold);
  const font = natural * 0.7 > maxWidth ? (size * maxWidth) / (natural * 0.7) : size;
  const t = svg("text", { ...attrs, x, y, "font-size": font.toFixed(2), "dominant-baseline": "central" }, text);
  if (textWidth(text, font, bold) > maxWidth) {
    t.setAttribute("textLength", maxWidth.toFixed(2));
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return t;
}

export const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Where a label of width w and height h may go around its anchor, best
 * first: above, below, beside, then the corners, `gap` away (a label with
 * no gap tries its own point first, then nudges); then just below, above,
 * right and left of the box `beside`, if given (a space's pieces). */
function candidates(l, w, h) {
  const g = l.gap || 0;
  // A name's box has room above and below its letters (a fifth of its
  // height each) but none beside them: beside its anchor it keeps that much
  // more, or its first letter touches a ring drawn round the anchor.
  const above = -g - h / 2, below = g + h / 2, side = g + h / 5 + w / 2;
  const spots = g
    ? [[0, above], [0, below], [side, 0], [-side, 0], [w / 3, above], [-w / 3, above], [w / 3, below], [-w / 3, below],
      [side, above], [-side, above], [side, below], [-side, below], [0, above - h], [0, below + h]]
    : [[0, 0], [0, -h], [0, h], [w / 2, 0], [-w / 2, 0], [0, -2 * h], [0, 2 * h]];
  const near = spots.map(([dx, dy]) => [l.x + dx, l.y + dy]);
  const b = l.beside;
  if (!b) return near;
  const cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2, m = 0.1 * h;
  return near.concat([[cx, b.y1 + m + h / 2], [cx, b.y0 - m - h / 2], [b.x1 + m + w / 2, cy], [b.x0 - m - w / 2, cy]]);
}

/**
 * Place labels so that none overlaps another or an obstacle. `labels`:
 * [{text, short?, lines?, x, y, size, priority, least?, gap?, bold?, within?(x, y), strict?, own?, beside?}];
 * the lowest priority number is placed first, each at the first free
 * candidate around its anchor (preferring spots `within` says are its own,
 * at every size, to a larger size elsewhere;
 * a `strict` label takes no other: its centre stays in its own space;
 * nor does an `own` one, which may go on two lines there),
 * shrinking to 85% then 70% (a lesser one 55%), but never under `least`,
 * when none is free, and dropped when nothing fits. A label of priority 0
 * (a city the rules name) is never dropped for obstacles alone: where only
 * obstacles stand in its way it goes over them, at its smallest. None goes
 * past the box `bounds`, if given (the map's edge). A label with a `short`
 * text (the first of a square's places) tries it where its whole text finds
 * no room or is wider than the label's `room`. A label with `within` and
 * not `strict` may go on two lines in its own space (`lines`: a label
 * given its lines keeps them). Returns, in the labels' order, {x, y, size,
 * box, text, lines?} (x, y the centre; `lines` when on two) or null.
 */
export function placeLabels(labels, obstacles = [], bounds = null) {
  const placed = [];
  const out = new Array(labels.length).fill(null);
  const order = labels.map((l, i) => i).sort((a, b) => labels[a].priority - labels[b].priority || a - b);
  for (const i of order) {
    out[i] = placeLabel(labels[i], placed, obstacles, bounds);
    if (out[i]) placed.push(out[i].box);
  }
  return out;
}

/** Label `l` at the first of its tries (labelTries) that finds a spot
 * clear of the boxes `placed` (and of `obstacles`, where the try avoids
 * them) inside `bounds`; null if none does. */
function placeLabel(l, placed, obstacles, bounds) {
  for (const { ownOnly, lines, scale, avoidObstacles } of labelTries(l)) {
    const size = l.size * scale;
    const w = Math.max(...lines.map((t) => textWidth(t, size, l.bold))), h = size * (0.05 + LINE * lines.length);
    if (lines.length === 1 && lines[0] === l.text && l.short && l.short !== l.text && w > (l.room || Infinity)) continue;
    const spots = candidates(l, w, h);
    for (const [x, y] of ownOnly ? spots.filter(([sx, sy]) => l.within(sx, sy)) : spots) {
      const box = { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
      if (bounds && !(box.x0 >= bounds.x0 && box.x1 <= bounds.x1 && box.y0 >= bounds.y0 && box.y1 <= bounds.y1)) continue;
      if (placed.some((b) => overlaps(b, box)) || (avoidObstacles && obstacles.some((b) => overlaps(b, box)))) continue;
      return { x, y, size, box, text: lines.join(" "), ...(lines.length > 1 ? { lines } : {}) };
    }
  }
  return null;
}

/** The ways to try label `l`, best first: each pass of its texts
 * (textPasses) at each of its sizes (labelScales): {ownOnly, lines,
 * scale, avoidObstacles}. */
function labelTries(l) {
  return textPasses(l).flatMap(([ownOnly, texts]) => texts.flatMap((lines) => labelScales(l).map(([scale, avoidObstacles]) => ({ ownOnly, lines, scale, avoidObstacles }))));
}

/** Where label `l` looks, with which texts (each as its lines): [ownOnly,
 * texts]. Its own space's spots at every size first: a name beside its
 * space, over a neighbour's, reads as the neighbour's (Bunker Hill's small
 * regions); a strict or `own` label takes no other. A long name whose
 * line finds no room there at any readable size tries two lines there
 * before standing over a neighbour. */
function textPasses(l) {
  // Each text as its lines: the whole name, its first place (`short`).
  const texts = l.lines ? [l.lines] : (l.short && l.short !== l.text ? [l.text, l.short] : [l.text]).map((t) => [t]);
  if (!l.within) return [[false, texts]];
  if (l.strict) return [[true, texts]];
  const wrapped = !l.lines && twoLines(l.text, l.bold);
  const own = [true, wrapped ? [...texts, wrapped] : texts];
  return l.own ? [own] : [own, [false, texts]];
}

/** The sizes label `l` tries, as parts of its size, each with whether it
 * keeps clear of the obstacles: [scale, avoidObstacles]. A lesser name may
 * shrink further (55%) rather than vanish: it reads when zoomed in, and a
 * wargamer must find every space by its name. Below `least` it would not
 * read at all. A city the rules name (priority 0) last tries its smallest
 * size over the obstacles. */
function labelScales(l) {
  const scales = [1, 0.85, 0.7, 0.55].filter((k) => k === 1 || (k >= (l.priority > 0 ? 0.55 : 0.7) && l.size * k >= (l.least || 0)));
  return scales.map((scale) => [scale, true]).concat(l.priority === 0 ? [[scales[scales.length - 1], false]] : []);
}

/** A line's height, in font sizes (a label's box has 0.05 more). */
export const LINE = 1.1;

/** `text` on two lines, broken at the space that leaves the longer line
 * shortest; null for a single word. */
function twoLines(text, bold) {
  const words = text.split(" ");
  let best = null;
  for (let k = 1; k < words.length; k++) {
    const lines = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
    const w = Math.max(...lines.map((t) => textWidth(t, 1, bold)));
    if (!best || w < best.w) best = { lines, w };
  }
  return best && best.lines;
}

/** Whether (x, y) is inside the convex polygon `poly` ([[x, y]...], either winding). */
export function insideConvex(poly, x, y) {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i], [bx, by] = poly[(i + 1) % poly.length];
    const c = Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax));
    if (c && sign && c !== sign) return false;
    sign = sign || c;
  }
  return true;
}

/** The largest rectangle of w x h (scaled down, never below `least` of it)
 * centred on (x, y) whose corners are inside the convex polygon and which
 * overlaps none of the rectangles to `avoid`; null if even the least does not fit. */
export function boxInside(poly, x, y, w, h, least = 0.3, avoid = []) {
  const rect = (k) => ({ x0: x - (k * w) / 2, y0: y - (k * h) / 2, x1: x + (k * w) / 2, y1: y + (k * h) / 2 });
  const fits = (k) => {
    const r = rect(k);
    return [[r.x0, r.y0], [r.x1, r.y0], [r.x1, r.y1], [r.x0, r.y1]].every(([px, py]) => insideConvex(poly, px, py)) && !avoid.some((a) => overlaps(a, r));
  };
  if (fits(1)) return rect(1);
  if (!fits(least)) return null;
  let lo = least, hi = 1;
  for (let i = 0; i < 8; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return rect(lo);
}

/** The polygon's centroid (of its vertices: cells are round enough). */
export function centroid(poly) {
  return { x: poly.reduce((s, p) => s + p[0], 0) / poly.length, y: poly.reduce((s, p) => s + p[1], 0) / poly.length };
}

/**
 * Pieces of height h and the given widths in rows inside `box`, centred,
 * `gap` apart: their centres [{x, y}], or null when they do not fit.
 */
export function flowRows(widths, h, gap, box) {
  const bw = box.x1 - box.x0, bh = box.y1 - box.y0;
  const rows = [];
  let row = null;
  for (const [i, w] of widths.entries()) {
    if (w > bw) return null;
    if (!row || row.w + gap + w > bw) rows.push((row = { items: [], w: -gap }));
    row.items.push(i);
    row.w += gap + w;
  }
  const total = rows.length * (h + gap) - gap;
  if (total > bh) return null;
  const out = new Array(widths.length);
  rows.forEach((r, k) => {
    let x = box.x0 + (bw - r.w) / 2;
    const y = box.y0 + (bh - total) / 2 + k * (h + gap) + h / 2;
    for (const i of r.items) {
      out[i] = { x: x + widths[i] / 2, y };
      x += widths[i] + gap;
    }
  });
  return out;
}

// The arrowhead's length and width, in widths of its arrow's line (the marker's size).
const HEAD = 4;

/**
 * The trail of log entries over a map, in `group` (emptied first): an entry
 * whose path is one place is a ring there (a battle, a loss), a longer path
 * an arrow from the first place through to the last; each says its text as
 * a tooltip. `centre(id)` gives a place's {x, y} (or nothing: skipped),
 * `dot(id)` the dot that marks it ({x, y, r}, or nothing) and `unit` the
 * size of rings and strokes. Later entries are drawn stronger. Returns the
 * boxes of the arrows' heads (which the names keep clear of).
 */
export function drawTrail(group, entries, centre, unit, dot) {
  group.replaceChildren();
  const n = entries.length;
  const width = 0.3 * unit;
  const heads = [];
  entries.forEach((e, i) => {
    const places = (e.path || []).map((id) => ({ id, at: centre(id) })).filter((p) => p.at);
    if (!places.length) return;
    const pts = places.map((p) => p.at);
    const opacity = (0.45 + (0.55 * (i + 1)) / n).toFixed(2);
    let shape;
    if (pts.length === 1) {
      shape = svg("circle", { cx: pts[0].x, cy: pts[0].y, r: 1.6 * unit, class: "trail-ring", "stroke-width": f3(width),
        "stroke-dasharray": `${f3(0.5 * unit)} ${f3(0.25 * unit)}`, opacity });
    } else {
      // The line ends where the head begins (the marker is drawn from there on).
      const [a, b] = pts.slice(-2);
      const { base, head } = arrowHead(a, b, dot(places[places.length - 1].id), unit, width);
      heads.push(boxAround(head));
      const start = lineStart(pts[0], pts[1], dot(places[0].id), unit, width);
      const d = [start, ...pts.slice(1, -1), base].map((p, j) => `${j ? "L" : "M"}${f3(p.x)},${f3(p.y)}`).join(" ");
      shape = svg("path", { d, class: "trail-move", "stroke-width": f3(width), "marker-end": "url(#trail-head)", opacity });
    }
    shape.dataset.entry = i;
    shape.append(svg("title", {}, e.text || ""));
    group.append(shape);
  });
  return heads;
}

/** The head of an arrow from a to b (a line `width` wide): where it begins
 * (`base`) and its corners (`head`, the tip first). Its tip stops short of
 * b, on the edge of the pieces standing there, and further back if need be
 * so that neither the head nor the line covers b's dot (a town's value must
 * stay readable under an arrow that reaches it). */
function arrowHead(a, b, dot, unit, width) {
  const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const u = { x: (b.x - a.x) / d, y: (b.y - a.y) / d };
  const len = HEAD * width;
  const at = (t) => ({ x: a.x + u.x * t, y: a.y + u.y * t });
  const corners = (t) => {
    const base = at(t - len), side = { x: (-u.y * len) / 2, y: (u.x * len) / 2 };
    return [at(t), { x: base.x + side.x, y: base.y + side.y }, { x: base.x - side.x, y: base.y - side.y }];
  };
  const clear = (t) => !dot || (triangleDistance(dot, corners(t)) >= dot.r + 0.1 * unit && segmentDistance(dot, a, at(t - len)) >= dot.r + width);
  let t = d - Math.min(0.5 * unit, 0.4 * d);
  while (t > len && !clear(t)) t -= 0.05 * unit;
  t = Math.max(len, t);
  return { base: at(t - len), head: corners(t) };
}

/** Where an arrow from a toward b begins: at a, or, where the place it
 * leaves has a dot (a town's value), just outside the dot on b's side, so
 * that the line never crosses the value (a's pieces may stand beside it). */
function lineStart(a, b, dot, unit, width) {
  if (!dot) return a;
  const d = Math.hypot(b.x - dot.x, b.y - dot.y);
  const out = dot.r + width;
  if (d <= out + 0.5 * unit) return a;
  return { x: dot.x + ((b.x - dot.x) * out) / d, y: dot.y + ((b.y - dot.y) * out) / d };
}

/** The box round some points ([{x, y}]). */
function boxAround(pts) {
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** The distance from point p to the segment from a to b. */
function segmentDistance(p, a, b) {
  const dx = b.x - a.x, dy = b.y - a.y;
  const k = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - k * dx, p.y - a.y - k * dy);
}

/** The distance from point p to the triangle `tri` ([{x, y}] x 3; 0 inside it). */
function triangleDistance(p, tri) {
  if (insideConvex(tri.map((q) => [q.x, q.y]), p.x, p.y)) return 0;
  return Math.min(...tri.map((q, i) => segmentDistance(p, q, tri[(i + 1) % 3])));
}

const f3 = (v) => Number(v).toFixed(3);

/** The arrowhead the trail's arrows end with (once per svg): HEAD line
 * widths long and wide, from the end of its line on. */
export function trailDefs() {
  return svg("defs", {},
    svg("marker", { id: "trail-head", viewBox: "0 0 10 10", refX: 0, refY: 5, markerWidth: HEAD, markerHeight: HEAD, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 z", class: "trail-head" })));
}
