// What every map renderer shares: an SVG whose viewBox pans with the mouse
// and zooms with the wheel or the buttons. A renderer sets `this.root` (the
// svg), `this.full` and `this.vb` ({x, y, w, h} in map units) and
// `this.minWidth` (the narrowest view, in map units), then calls
// `setupPanZoom()` and `applyViewBox()`; `hooks` ({choose, select}) receives
// clicks on targets and spaces. A drag sets `suppressClick` so the
// click that ends it does not act.

export class MapView {
  applyViewBox() {
    const v = this.vb;
    this.root.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  zoom(factor, cx, cy) {
    const v = this.vb;
    const w = Math.min(this.full.w * 1.2, Math.max(this.minWidth, v.w * factor));
    const h = (v.h / v.w) * w;
    const px = cx === undefined ? v.x + v.w / 2 : cx;
    const py = cy === undefined ? v.y + v.h / 2 : cy;
    this.vb = { x: px - ((px - v.x) / v.w) * w, y: py - ((py - v.y) / v.h) * h, w, h };
    this.applyViewBox();
  }

  fit() {
    this.vb = { ...this.full };
    this.applyViewBox();
  }

  /** Map coordinates of a mouse event, and map units per screen pixel. */
  toMap(ev) {
    const r = this.root.getBoundingClientRect();
    const v = this.vb;
    const scale = Math.max(v.w / r.width, v.h / r.height);
    const ox = (r.width * scale - v.w) / 2, oy = (r.height * scale - v.h) / 2;
    return { x: v.x - ox + (ev.clientX - r.left) * scale, y: v.y - oy + (ev.clientY - r.top) * scale, scale };
  }

  setupPanZoom() {
    this.root.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const p = this.toMap(ev);
      this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    let drag = null;
    this.root.addEventListener("mousedown", (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, vb: { ...this.vb }, scale: this.toMap(ev).scale, moved: false };
    });
    window.addEventListener("mousemove", (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
      if (!drag.moved) return;
      this.vb = { ...drag.vb, x: drag.vb.x - dx * drag.scale, y: drag.vb.y - dy * drag.scale };
      this.applyViewBox();
      this.root.classList.add("panning");
    });
    window.addEventListener("mouseup", () => {
      if (drag && drag.moved) {
        this.suppressClick = true;
        setTimeout(() => (this.suppressClick = false), 0);
      }
      drag = null;
      this.root.classList.remove("panning");
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
}
