// What every map renderer shares: an SVG whose viewBox pans with a mouse
// drag or one finger, and zooms with the wheel, two fingers or the buttons
// (pointer events). A renderer sets `this.root` (the svg), `this.full` and
// `this.vb` ({x, y, w, h} in map units), `this.minWidth` (the narrowest
// view, in map units), optionally `this.home` (what Fit shows when that is
// less than the whole map; zooming out still reaches `full`) and
// `this.detailScale` (screen pixels per map unit from which the svg has
// the class "detail", for small print such as hex numbers), then calls
// `setupPanZoom()` (which also follows the svg's size on the screen:
// resized) and `applyViewBox()`; `hooks`
// ({choose, select}) receives clicks on targets and spaces. A drag sets
// `suppressClick` so the click that ends it does not act. For the trail of
// log entries the renderer gives `centre(id)`, `dot(id)` (what marks a
// place, which an arrow stops short of), `unit` and (optionally)
// `trailUnder`, the layer the trail is drawn under; `heads` are then the
// boxes of its arrows' heads.
import { drawTrail, trailDefs } from "./layout.js";
import { svg } from "./common.js";

export class MapView {
  applyViewBox() {
    const v = this.vb;
    this.root.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    const r = this.root.getBoundingClientRect();
    this.screen = { w: r.width, h: r.height }; // the size this view was shown at (resized)
    // Map units per screen pixel, for what must keep a size on the screen
    // (a tap target: style.css .hits .hit).
    if (r.width) this.root.style.setProperty("--px", Math.max(v.w / r.width, v.h / (r.height || 1)).toFixed(5));
    if (this.detailScale) {
      const px = Math.min((r.width || 1) / v.w, (r.height || 1) / v.h);
      this.root.classList.toggle("detail", px >= this.detailScale);
    }
  }

  /** The narrowest and widest views allowed. */
  clampWidth(w) {
    return Math.min(this.full.w * 1.2, Math.max(this.minWidth, w));
  }

  zoom(factor, cx, cy) {
    const v = this.vb;
    const w = this.clampWidth(v.w * factor);
    const h = (v.h / v.w) * w;
    const px = cx === undefined ? v.x + v.w / 2 : cx;
    const py = cy === undefined ? v.y + v.h / 2 : cy;
    this.vb = { x: px - ((px - v.x) / v.w) * w, y: py - ((py - v.y) / v.h) * h, w, h };
    this.applyViewBox();
  }

  fit() {
    this.vb = { ...(this.home || this.full) };
    this.applyViewBox();
  }

  /** Show `box` ({x, y, w, h}, map units) whole if it reads at `minPx`
   * screen pixels a map unit, else a readable window of it centred as near
   * `near` ({x, y}) as the box allows (the player pans to the rest). */
  frame(box, minPx, near) {
    const r = this.root.getBoundingClientRect();
    const rw = r.width || 1000, rh = r.height || 800;
    const w = Math.min(Math.max(box.w, (box.h * rw) / rh), rw / minPx), h = (w * rh) / rw;
    const c = near || { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    const keep = (v, half, lo, size) => (size <= 2 * half ? lo + size / 2 : Math.min(Math.max(v, lo + half), lo + size - half));
    this.vb = { x: keep(c.x, w / 2, box.x, box.w) - w / 2, y: keep(c.y, h / 2, box.y, box.h) - h / 2, w, h };
    this.applyViewBox();
  }

  /** The svg's size on the screen changed (a window resized, a phone
   * turned, the pieces off the map taking more room): the same part of the
   * map stays in the middle at the same scale, or, at Fit, what Fit
   * shows again, or, if the whole map was in sight, the whole map again
   * (zoomed out past Fit); the layout that depends on the scale is
   * then redone (applyViewBox). */
  resized() {
    const r = this.root.getBoundingClientRect(), was = this.screen;
    if (!r.width || !r.height || (was && was.w === r.width && was.h === r.height)) return;
    if (!was || !was.w || !was.h) {
      // It was not on the screen: no scale to keep.
      this.applyViewBox();
      return;
    }
    const v = this.vb;
    // The svg letterboxes the view: it shows at least v, at this scale (pixels a map unit).
    const px = Math.min(was.w / v.w, was.h / v.h), home = this.home || this.full;
    const atFit = v.x === home.x && v.y === home.y && v.w === home.w && v.h === home.h;
    if (atFit || (was.w / px >= this.full.w * 0.999 && was.h / px >= this.full.h * 0.999)) {
      this.vb = { ...(atFit ? home : this.full) };
      this.applyViewBox();
      return;
    }
    const w = this.clampWidth(r.width / px), h = (w * r.height) / r.width;
    this.vb = { x: v.x + v.w / 2 - w / 2, y: v.y + v.h / 2 - h / 2, w, h };
    this.applyViewBox();
  }

  /** Call `resized` once a resize settles (dragging a window's edge resizes
   * it many times over), for as long as the map is in the page. */
  followResize() {
    let timer = null;
    const watch = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => (this.root.isConnected ? this.resized() : watch.disconnect()), 150);
    });
    watch.observe(this.root);
  }

  /** The part of the map in sight for the view `v` ({x0, y0, x1, y1}) and
   * its map units per screen pixel (`scale`): the svg letterboxes its
   * view, so it may show more than `v` across or down. */
  inSight(v = this.vb) {
    const r = this.root.getBoundingClientRect();
    const scale = Math.max(v.w / r.width, v.h / r.height);
    const x0 = v.x + v.w / 2 - (r.width * scale) / 2, y0 = v.y + v.h / 2 - (r.height * scale) / 2;
    return { x0, y0, x1: x0 + r.width * scale, y1: y0 + r.height * scale, scale };
  }

  /** Map coordinates of a client point, and map units per screen pixel, for the view `v`. */
  toMap(ev, v = this.vb) {
    const r = this.root.getBoundingClientRect(), s = this.inSight(v);
    return { x: s.x0 + (ev.clientX - r.left) * s.scale, y: s.y0 + (ev.clientY - r.top) * s.scale, scale: s.scale };
  }

  setupPanZoom() {
    this.root.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const p = this.toMap(ev);
      this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    // The pointers down on the map; a gesture starts anew (from the view as
    // it is) whenever a finger is added or lifted.
    const down = new Map();
    let g = null;
    const centroid = () => {
      const ps = [...down.values()];
      const c = { clientX: ps.reduce((s, p) => s + p.x, 0) / ps.length, clientY: ps.reduce((s, p) => s + p.y, 0) / ps.length };
      c.spread = ps.length > 1 ? Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) : 0;
      return c;
    };
    const start = (moved) => {
      const c = centroid();
      g = { c, vb: { ...this.vb }, at: this.toMap(c), moved };
    };
    this.root.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;
      down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      start(g ? g.moved : false);
    });
    this.root.addEventListener("pointermove", (ev) => {
      if (!down.has(ev.pointerId) || !g) return;
      down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      const c = centroid();
      if (!g.moved) {
        if (Math.hypot(c.clientX - g.c.clientX, c.clientY - g.c.clientY) + Math.abs(c.spread - g.c.spread) <= 6) return;
        g.moved = true;
        // Captured only once dragging: a plain click still reaches what is under it.
        for (const id of down.keys()) this.root.setPointerCapture(id);
        this.root.classList.add("panning");
      }
      // Two fingers zoom by how far apart they are; the map point under
      // their centre stays under it.
      const w = this.clampWidth(c.spread && g.c.spread ? (g.vb.w * g.c.spread) / c.spread : g.vb.w);
      const v = { w, h: (g.vb.h / g.vb.w) * w, x: 0, y: 0 };
      const here = this.toMap(c, v);
      this.vb = { ...v, x: g.at.x - here.x, y: g.at.y - here.y };
      this.applyViewBox();
    });
    const up = (ev) => {
      if (!down.delete(ev.pointerId)) return;
      if (down.size) {
        start(g && g.moved);
        return;
      }
      if (g && g.moved) {
        this.suppressClick = true;
        setTimeout(() => (this.suppressClick = false), 0);
      }
      g = null;
      this.root.classList.remove("panning");
    };
    this.root.addEventListener("pointerup", up);
    this.root.addEventListener("pointercancel", up);
    this.followResize();
  }

  /** `el` acts on a click, and on Enter or Space when it has the focus (as
   * a click at its centre); a drag that ends on it does not act. */
  pressable(el, act) {
    el.addEventListener("click", (ev) => {
      ev.stopPropagation();
      if (!this.suppressClick) act(ev);
    });
    el.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      const r = el.getBoundingClientRect();
      act({ clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
    });
  }

  /** Keyboard and screen readers: a space with actions is a button in the
   * tab order, named by what it offers; Enter or Space acts as a click. */
  markTarget(el, id, on) {
    el.classList.toggle("clickable", on);
    if (!on) {
      for (const a of ["tabindex", "role", "aria-label"]) el.removeAttribute(a);
      return;
    }
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", this.targets.get(id).map((a) => a.label).join("; "));
    if (el.dataset.keys) return;
    el.dataset.keys = "1";
    el.addEventListener("keydown", (ev) => {
      if ((ev.key !== "Enter" && ev.key !== " ") || !el.hasAttribute("tabindex")) return;
      ev.preventDefault();
      const r = el.getBoundingClientRect();
      this.clickSpace(id, { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
    });
  }

  /** Index the legal actions by the map element (space, region or piece id) they point at. */
  setTargets(actions) {
    this.targets = new Map();
    for (const a of actions) {
      if (!a.target) continue;
      if (!this.targets.has(a.target)) this.targets.set(a.target, []);
      this.targets.get(a.target).push(a);
    }
  }

  /** A click on a space: choose among the actions pointing at it, else show its details. */
  clickSpace(id, ev) {
    if (this.suppressClick || !id) return;
    const acts = this.targets.get(id);
    if (acts && acts.length) this.hooks.choose(acts, ev);
    else this.hooks.select(id);
  }

  /** Log entries on the map ([{text, path: [space id...]}]): rings where
   * one place is named, arrows along longer paths; [] clears them. */
  showTrail(entries) {
    if (!this.gTrail) {
      this.gTrail = svg("g", { class: "trail" });
      // Under the names and the pieces (the layer `trailUnder`, if the
      // renderer gives one): an arrow over a counter hid its name ("Da▶es").
      this.root.insertBefore(this.gTrail, this.trailUnder || null);
      this.root.prepend(trailDefs());
    }
    this.heads = drawTrail(this.gTrail, entries || [], (id) => this.centre(id), this.unit, (id) => this.dot(id));
  }
}
