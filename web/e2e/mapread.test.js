// The maps read as wargamers know them (issue 19): no label over another,
// full names on the counters, markers with the key's symbols, a crowded
// region as a compact stack whose count lists its pieces, Liberty's blocks
// with strength pips and combat rating, hex numbers only when zoomed in,
// Liberty's blocks readable at Fit on a desktop and clear of each other and
// of the towns, a pile of five blocks inside its hex, no name over a
// block, the trail of log entries on both
// maps, and a phone's first view readable with touch panning and pinching.
// The map follows the screen (a phone turned, a window resized), its
// controls cover nothing of the map, a battle's two sides read at a
// desktop's Fit (in a crowded corridor too), names read at a phone's Fit
// and are never cut by the edge of a first view, and an arrow stops short
// of the dot of the place it reaches with no name over its head; a
// phone's first view of Revolution Road cuts no space's pieces at its edge,
// nor a desktop's of Give Me Liberty!; a Bunker Hill name slid in at the
// view's edge stays in its region; Liberty's piles at Fit stand whole in
// their hexes, in reach of a click.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { openMap, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();
const api = (...args) => env.server.api(...args);

async function create(scenario, seats) {
  const { status, body } = await api("POST", "/api/games", { body: { scenario, seats, seed: 5 } });
  assert.equal(status, 201, JSON.stringify(body));
  for (let i = 0; i < 300; i++) {
    const s = (await api("GET", `/api/games/${body.id}`, { token: body.seats[0].token })).body;
    if (!s.thinking) return { ...body, state: s };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the computer did not move within 15 s");
}

const open = (url, viewport, opts) => openMap(env, url, viewport, opts);

/** Pairs of the selected texts whose boxes on the screen overlap. */
function overlapping(page, selector) {
  return page.evaluate((sel) => {
    const boxes = [...document.querySelectorAll(sel)].map((t) => [t.textContent, t.getBoundingClientRect()]);
    const out = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, p] = boxes[i], [b, q] = boxes[j];
        if (p.width && q.width && p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) out.push(`${a} / ${b}`);
      }
    }
    return out;
  }, selector);
}

/** The names the edge of the view cuts (in part on the screen, in part
 * off it by more than a pixel), the places whose middle is in sight and
 * whose name the map prints (not those of `held`, spaces with pieces,
 * whose pile a name may give way to), and those of them named. */
function namesAtEdges(page, map, held) {
  return page.evaluate(([map, held]) => {
    const svg = document.querySelector("svg.map"), r = svg.getBoundingClientRect(), m = svg.getScreenCTM();
    const seen = (x, y) => x > r.left && x < r.right && y > r.top && y < r.bottom;
    const texts = [...svg.querySelectorAll("text.space-name")];
    const shown = texts.filter((t) => t.getAttribute("visibility") !== "hidden").map((t) => [t.textContent, t.getBoundingClientRect()]);
    // In part on the screen, in part off it (by more than a pixel).
    const cut = shown.filter(([, b]) => b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom &&
      (b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1 || b.bottom > r.bottom + 1)).map(([name]) => name);
    // The spaces whose middle is in sight and whose name the map prints (and this zoom has room for).
    const placed = new Set(texts.map((t) => t.textContent));
    const inSight = map.spaces.filter((s) => placed.has(s.name) && !held.includes(s.id) && seen(m.a * (s.x / map.unit) + m.e, m.d * (s.y / map.unit) + m.f)).map((s) => s.name);
    const named = new Set(shown.map(([name]) => name));
    return { cut, inSight, named: inSight.filter((n) => named.has(n)) };
  }, [map, held]);
}

/** The spaces whose pieces, piles or markers the edge of the view cuts
 * (neither wholly in sight nor wholly out of it). */
function stacksCut(page) {
  return page.evaluate(() => {
    const map = document.querySelector("svg.map").getBoundingClientRect();
    const spaces = new Map();
    for (const e of document.querySelectorAll("svg.map .pieces rect, svg.map .pieces .stack-badge circle:not(.hit), svg.map .markers rect")) {
      const id = e.closest("[data-space]").dataset.space, r = e.getBoundingClientRect();
      const b = spaces.get(id) || { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      spaces.set(id, { left: Math.min(b.left, r.left), top: Math.min(b.top, r.top), right: Math.max(b.right, r.right), bottom: Math.max(b.bottom, r.bottom) });
    }
    const inSight = (b) => b.left >= map.left - 1 && b.right <= map.right + 1 && b.top >= map.top - 1 && b.bottom <= map.bottom + 1;
    const outOfSight = (b) => b.right <= map.left || b.left >= map.right || b.bottom <= map.top || b.top >= map.bottom;
    return [...spaces].filter(([, b]) => !inSight(b) && !outOfSight(b)).map(([id]) => id);
  });
}

describe("the area map reads", () => {
  it("names, counters, markers and a crowded Concord", async () => {
    // From Boston to Concord, British player vs the Patriot bot: turn 8, Concord full.
    const game = await create("b2c/solo-british", { british: "me", patriot: "computer" });
    const page = await open(game.seats[0].url);
    const board = game.state.view.board;
    const map = (await api("GET", "/api/titles/b2c/map")).body;
    const onMapSpace = (id) => map.spaces.some((s) => s.id === id);

    assert.deepEqual(await overlapping(page, "svg.areamap .names text"), []);
    const names = await page.locator("svg.areamap .names text").allTextContents();
    for (const r of map.spaces.filter((s) => (s.features || []).includes("town"))) assert.ok(names.includes(r.name), `${r.name} is named`);

    // Every counter drawn shows its piece's full name; pieces not drawn one
    // by one are in a compact stack whose count says how many.
    const drawn = await page.evaluate(() => [...document.querySelectorAll("svg.areamap g.piece[data-piece]")]
      .map((g) => [g.dataset.piece, g.querySelector(".piece-name").textContent]));
    const byId = new Map(board.pieces.map((p) => [p.id, p]));
    for (const [id, text] of drawn) assert.equal(text, byId.get(id).name.split(",")[0]);
    const stacked = await page.evaluate(() => [...document.querySelectorAll("svg.areamap .stack-badge")].reduce((n, b) => n + Number(b.dataset.count), 0));
    const onMap = board.pieces.filter((p) => onMapSpace(p.space)).reduce((n, p) => n + (p.count || 1), 0);
    assert.equal(drawn.length + stacked, onMap);

    // Each counter and stack stands in its own region's cell: nearer its
    // region's centre than any other land region's.
    const misplaced = await page.evaluate((regions) => {
      const land = regions.filter((r) => !r.boxed);
      const svg = document.querySelector("svg.areamap");
      const out = [];
      for (const g of svg.querySelectorAll("g.piece[data-piece], g.stack")) {
        const b = g.getBBox(), x = b.x + b.width / 2, y = b.y + b.height / 2;
        const near = land.reduce((a, r) => (Math.hypot(r.x - x, r.y - y) < Math.hypot(a.x - x, a.y - y) ? r : a));
        const own = regions.find((r) => r.id === g.dataset.space);
        if (land.includes(own) && near !== own) out.push(`${g.dataset.space} drawn in ${near.id}`);
      }
      return out;
    }, map.spaces.map((s) => ({ ...s, x: s.x / map.unit, y: s.y / map.unit })));
    assert.deepEqual(misplaced, []);

    // Concord's count opens the list of its pieces, each by its full name.
    const inConcord = board.pieces.filter((p) => p.space === "concord");
    assert.ok(inConcord.length > 10, `Concord is crowded (${inConcord.length})`);
    await page.locator('svg.areamap .stack-badge[data-space="concord"]').first().click();
    const list = page.locator(".stack-list");
    await list.waitFor({ state: "visible", ...WAIT });
    assert.equal(await list.locator("li:not(.here)").count(), inConcord.reduce((n, p) => n + (p.count || 1), 0));
    const listed = await list.textContent();
    for (const p of inConcord) assert.ok(listed.includes(p.name), `${p.name} listed`);
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden", ...WAIT });

    // A click on the stack itself is a click on its region: here the
    // retreats, whose actions point at Concord.
    await page.locator('svg.areamap g.stack[data-space="concord"] rect.under').first().click({ force: true });
    await page.locator("#popup", { hasText: "Choose Smith in Concord" }).waitFor({ state: "visible", ...WAIT });
    await page.keyboard.press("Escape");

    // The key lists every marker kind with its name and rule.
    await page.locator(".map-key summary").click();
    const key = await page.locator(".map-key").textContent();
    for (const k of map.key) assert.ok(key.includes(k.name) && key.includes(k.rule), `${k.kind} in the key`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("markers show the key's symbols, hidden arms their value", async () => {
    const game = await create("b2c/standard", { british: "me", patriot: "computer" });
    const page = await open(game.seats[0].url);
    const map = (await api("GET", "/api/titles/b2c/map")).body;
    const symbols = map.key.map((k) => k.symbol);
    const texts = await page.locator("svg.areamap g.marker text").allTextContents();
    assert.ok(texts.length > 0);
    for (const t of texts) assert.ok(symbols.some((s) => t.startsWith(s)), `marker "${t}" starts with a key symbol`);
    // Barrett's Farm: the numbered Hidden Arms marker worth 5.
    assert.ok(await page.locator('svg.areamap g.marker.hidden-arms[data-space="barretts-farm"] text', { hasText: "HA5" }).count());
    await page.context().close();
  });

  it("a phone's first view is readable, and pans and zooms by touch and wheel", async () => {
    const game = await create("b2c/standard", { british: "me", patriot: "computer" });
    const page = await open(game.seats[0].url, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    const vb = () => page.evaluate(() => document.querySelector("svg.areamap").getAttribute("viewBox").split(" ").map(Number));
    const drawing = (await api("GET", "/api/titles/b2c/map")).body;
    const full = (drawing.bounds.x1 - drawing.bounds.x0) / drawing.unit;
    const first = await vb();
    assert.ok(first[2] < full * 0.8, `zoomed in on a phone (view ${first[2]} of ${full} wide)`);
    const heights = await page.evaluate(() => [...document.querySelectorAll("svg.areamap g.piece > rect:first-child")]
      .map((r) => r.getBoundingClientRect().height).sort((a, b) => a - b));
    const median = heights[heights.length >> 1];
    assert.ok(median >= 14, `counters are ${median} px high (median)`);

    const box = await page.locator("svg.areamap").boundingBox();
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    // One finger drags the map.
    await touch("touchStart", [[cx, cy]]);
    for (let i = 1; i <= 5; i++) await touch("touchMove", [[cx + i * 12, cy]]);
    await touch("touchEnd", []);
    const dragged = await vb();
    assert.ok(dragged[0] < first[0] - first[2] * 0.02 && Math.abs(dragged[2] - first[2]) < 1e-6, `dragged: ${first} -> ${dragged}`);
    // Two fingers moving apart zoom in.
    await touch("touchStart", [[cx - 30, cy], [cx + 30, cy]]);
    for (let i = 1; i <= 5; i++) await touch("touchMove", [[cx - 30 - i * 10, cy], [cx + 30 + i * 10, cy]]);
    await touch("touchEnd", []);
    const pinched = await vb();
    assert.ok(pinched[2] < dragged[2] * 0.8, `pinched: ${dragged[2]} -> ${pinched[2]}`);
    // The wheel zooms out again.
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, 300);
    await page.waitForFunction((w) => Number(document.querySelector("svg.areamap").getAttribute("viewBox").split(" ")[2]) > w, pinched[2], WAIT);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe("Liberty's blocks and names read", () => {
  it("blocks show pips, combat and name; hex numbers come with zooming in", async () => {
    const game = await create("liberty/1775", { british: "me", american: "computer" });
    const page = await open(game.seats[0].url);
    const blocks = await page.evaluate(() => [...document.querySelectorAll("svg.map g.piece.block[data-piece]")].map((g) => ({
      id: g.dataset.piece, pips: g.querySelectorAll(".pip").length, lost: g.querySelectorAll(".pip.lost").length,
      name: g.querySelector(".piece-name").textContent, combat: g.querySelector(".piece-rating").textContent,
    })));
    const byId = new Map(game.state.view.board.pieces.map((b) => [b.id, b]));
    assert.ok(blocks.length > 0);
    for (const b of blocks) {
      const v = byId.get(b.id);
      assert.deepEqual(b, { id: v.id, pips: v.strength.max, lost: v.strength.max - v.strength.now, name: v.name, combat: v.rating });
    }
    // Hidden blocks stay plain backs.
    assert.equal(await page.locator("svg.map g.piece.back text, svg.map g.piece.back circle").count(), 0);
    assert.deepEqual(await overlapping(page, "svg.map .names text"), []);

    const idShown = () => page.evaluate(() => getComputedStyle(document.querySelector("svg.map .space-id")).display !== "none");
    assert.equal(await idShown(), false);
    for (let i = 0; i < 4; i++) await page.click("#zoom-in");
    assert.equal(await idShown(), true);
    await page.click("#zoom-fit");
    assert.equal(await idShown(), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

/** What the page draws of Liberty's blocks, on the screen: each block's
 * face (a pile's top included), the spaces' names with the box of their
 * letters (the text's box less a fifth of its height above and below, as
 * board.js clearNames reckons it), their font size and whether they are
 * hidden (cut by the edge of the view), the towns' dots, and everything a
 * name could cover (faces, piles' edges, their counts, markers). */
function drawn(page) {
  return page.evaluate(() => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
    };
    const letters = (r) => ({ ...r, left: r.left + r.height / 15, right: r.right - r.height / 15, top: r.top + r.height / 5, bottom: r.bottom - r.height / 5 });
    const of = (sel) => [...document.querySelectorAll(sel)];
    return {
      blocks: of("svg.map g.piece.block > rect:first-of-type").map((e) => ({ space: e.parentNode.dataset.space, ...box(e) })),
      names: of("svg.map text.space-name").map((e) => ({ name: e.textContent, ...letters(box(e)),
        px: Number(e.getAttribute("font-size")) * e.getScreenCTM().a, hidden: e.getAttribute("visibility") === "hidden" })),
      dots: of("svg.map .town-dot").map(box),
      pieces: of("svg.map .pieces rect, svg.map .pieces .stack-badge circle:not(.hit), svg.map .markers rect").map((e) => ({ space: e.closest("[data-space]").dataset.space, ...box(e) })),
    };
  });
}

/** Pairs from `a` and `b` whose boxes overlap by more than `slack` pixels each way. */
function clashes(a, b, label, slack = 1) {
  const out = [];
  for (const p of a) {
    for (const q of b) {
      if (p !== q && p.left < q.right - slack && q.left < p.right - slack && p.top < q.bottom - slack && q.top < p.bottom - slack) out.push(label(p, q));
    }
  }
  return out;
}

/** A Liberty block as the typed board gives it: the `i`th in space `s`. */
function block(s, i, name, side) {
  return { id: `${s.id}-${i}`, space: s.id, space_name: s.name, side, face: "up", name, kind: "regular", strength: { now: 3, max: 4 }, rating: "C2" };
}

/** A page at `viewport` (a context with `opts`) with a title's map and `pieces` drawn by the
 * renderer alone (as in geometry.test.js), as `window.board`, its state as
 * `window.state`, its map as `window.map`. */
async function rendererAlone(viewport, title, seat, pieces, opts = {}) {
  const page = await (await env.browser.newContext({ viewport, ...opts })).newPage();
  await page.goto(`${env.server.base}/`);
  await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async ([title, seat, pieces]) => {
    window.map = await (await fetch(`/api/titles/${title}/map`)).json();
    document.body.replaceChildren();
    const div = document.createElement("div");
    div.style.cssText = "position: relative; width: 100%; height: 100vh";
    document.body.append(div);
    const { draw } = await import("/static/board.js");
    window.state = { seat, view: { board: { pieces, markers: [] } } };
    window.board = draw(div, window.map, { choose() {}, select() {} });
    window.board.update(window.state, []);
  }, [title, seat, pieces]);
  return page;
}

/** Liberty's map and `pieces`, the renderer alone, as the American sees them. */
function libertyAlone(viewport, pieces, opts) {
  return rendererAlone(viewport, "liberty", "american", pieces, opts);
}

describe("Liberty's blocks at every zoom", () => {
  it("read at Fit on a desktop; stand clear of each other and of the towns, on a phone too", async () => {
    const game = await create("liberty/1775", { british: "me", american: "computer" });
    const desk = await open(game.seats[0].url);
    await desk.click("#zoom-fit");
    const fit = await drawn(desk);
    assert.ok(fit.blocks.length > 10);
    // Zoomed out to the whole map, blocks are drawn no smaller than about
    // 20px (board.js BLOCK_PX.least): a space too crowded for that shows piles.
    const small = fit.blocks.filter((b) => b.height < 19.5).map((b) => `${b.space}: ${b.height.toFixed(1)}px`);
    assert.deepEqual(small, [], "blocks too small to read at Fit");
    const phone = await open(game.seats[0].url, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    for (const [page, view] of [[desk, "desktop Fit"], [phone, "phone"], [phone, "phone Fit"]]) {
      if (view === "phone Fit") await page.click("#zoom-fit");
      const d = await drawn(page);
      assert.deepEqual(clashes(d.blocks, d.blocks, (p, q) => `${p.space} / ${q.space}`), [], `blocks over blocks (${view})`);
      assert.deepEqual(clashes(d.blocks, d.dots, (p) => p.space), [], `blocks over towns (${view})`);
    }
    for (const page of [desk, phone]) {
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  it("no space's name covers a block, even with every town crowded", async () => {
    const map = (await api("GET", "/api/titles/liberty/map")).body;
    // Four blocks of both sides in every town, seen whole and as a first
    // view: names that the blocks would cover move clear of them. In the
    // first view every space keeps its name; seen whole, the names are
    // drawn large enough to read and the lesser ones give way where they
    // no longer fit ("names read at every zoom").
    const names = ["Washington", "Greene", "Howe", "Knyphausen"];
    const pieces = map.spaces.filter((s) => (s.features || []).includes("town"))
      .flatMap((s) => names.map((name, i) => block(s, i, name, i === 2 ? "british" : "american")));
    const labelled = map.spaces.filter((s) => s.label !== undefined && s.label !== null).map((s) => s.name);
    for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
      const page = await libertyAlone(viewport, pieces);
      for (const view of ["whole", "first view"]) {
        await page.evaluate((view) => (view === "whole" ? window.board.fit() : window.board.focus(window.board.interesting(window.state))), view);
        const d = await drawn(page);
        const covered = clashes(d.names, d.pieces, (n, p) => `${n.name} / ${p.space}`, 0.5);
        assert.deepEqual(covered, [], `names covering pieces at ${viewport.width}px, ${view}`);
        const shown = new Set(d.names.map((n) => n.name));
        if (view === "first view") assert.deepEqual(labelled.filter((n) => !shown.has(n)), [], "every space keeps its name");
      }
      await page.context().close();
    }
  });

  it("a pile of five blocks stays inside its hex, zoomed out as far as the hex holds it", async () => {
    const map = (await api("GET", "/api/titles/liberty/map")).body;
    // Five blocks in a town and in a hex with no town: a box as large as
    // the pile's room reached past the hex's slanted sides, into the next hex.
    const spaces = ["1607", "1403"].map((id) => map.spaces.find((s) => s.id === id));
    const pieces = spaces.flatMap((s) => ["Howe", "Gage", "Clinton", "Percy", "Pigot"].map((name, i) => block(s, i, name, "british")));
    for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
      const page = await libertyAlone(viewport, pieces);
      await page.evaluate(() => window.board.focus(window.board.interesting(window.state)));
      const seen = [];
      for (let step = 0; step < 20; step++) {
        const r = await page.evaluate((ids) => ids.map((id) => {
          const hex = document.querySelector(`svg.map .spaces [data-space="${id}"]`);
          const m = hex.getScreenCTM();
          const poly = hex.getAttribute("points").split(" ").map((p) => new DOMPoint(...p.split(",").map(Number)).matrixTransform(m));
          // Inside the hexagon, or less than a pixel off its side.
          const within = (x, y) => poly.every((a, i) => {
            const b = poly[(i + 1) % poly.length];
            return ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / Math.hypot(b.x - a.x, b.y - a.y) > -1;
          });
          const parts = [...document.querySelectorAll(`svg.map .pieces [data-space="${id}"]`)].flatMap((g) => [...g.querySelectorAll("rect, .stack-badge circle:not(.hit)")]);
          const out = parts.map((e) => e.getBoundingClientRect()).filter((b) => ![[b.left, b.top], [b.right, b.top], [b.right, b.bottom], [b.left, b.bottom]].every(([x, y]) => within(x, y)));
          return { id, across: hex.getBoundingClientRect().width, out: out.length };
        }), spaces.map((s) => s.id));
        // Down to a hex about three blocks of the least size across (at Fit a pile may reach past it).
        if (r.some((h) => h.across < 60)) break;
        seen.push(...r.filter((h) => h.out).map((h) => `${h.id} at ${h.across.toFixed(0)}px: ${h.out} parts outside`));
        await page.evaluate(() => window.board.zoom(1.1));
      }
      assert.deepEqual(seen, [], `a pile past its hex (${viewport.width}px)`);
      await page.context().close();
    }
  });
});

/** What of each space's pieces is not whole in its own hex and in sight:
 * a part (a face, a pile's edge or count) past the hex's outline or the
 * view's edge by more than a pixel, or a top piece or count whose middle
 * a click does not reach (another space's piece, or its count's tap
 * ring, over it). */
function pilesAstray(page) {
  return page.evaluate(() => {
    const view = document.querySelector("svg.map").getBoundingClientRect();
    const faults = [];
    for (const id of new Set([...document.querySelectorAll("svg.map .pieces [data-space]")].map((e) => e.dataset.space))) {
      const hex = document.querySelector(`svg.map .spaces [data-space="${id}"]`), m = hex.getScreenCTM();
      const poly = hex.tagName === "polygon" && hex.getAttribute("points").split(" ").map((p) => new DOMPoint(...p.split(",").map(Number)).matrixTransform(m));
      const within = (x, y) => !poly || poly.every((a, i) => {
        const b = poly[(i + 1) % poly.length];
        return ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / Math.hypot(b.x - a.x, b.y - a.y) > -1;
      });
      const parts = [...document.querySelectorAll(`svg.map .pieces [data-space="${id}"]`)].flatMap((g) => [...g.querySelectorAll(":scope > rect, .stack-badge circle")]);
      for (const e of new Set(parts)) {
        const b = e.getBoundingClientRect(), what = `${id} ${e.classList.contains("under") ? "edge" : e.tagName === "circle" ? "count" : "face"}`;
        if (![[b.left, b.top], [b.right, b.top], [b.right, b.bottom], [b.left, b.bottom]].every(([x, y]) => within(x, y))) faults.push(`${what} past its hex`);
        if (b.left < view.left - 1 || b.right > view.right + 1 || b.top < view.top - 1 || b.bottom > view.bottom + 1) faults.push(`${what} cut by the view`);
        if (e.classList.contains("under")) continue;
        const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        if (hit?.closest("[data-space]")?.dataset.space !== id) faults.push(`${what} under ${hit?.closest("[data-space]")?.dataset.space || hit?.tagName}`);
      }
    }
    return faults;
  });
}

describe("Liberty's piles at Fit", () => {
  it("every pile stands whole in its hex, its top block and count in reach, at desktop and phone sizes", async () => {
    const map = (await api("GET", "/api/titles/liberty/map")).body;
    // Piles in neighbouring towns (Springfield, Boston, Hartford), in
    // Québec and Savannah by the map's edges, and in a hex with no town; a
    // lone block beside them. At a 1366px desktop's Fit (hexes about 38px
    // across) a pile's count and edges stood past its hex; on a phone
    // Boston's count's tap ring lay over Springfield's pile.
    const piles = { 1506: 3, 1607: 4, 1507: 2, 1602: 2, "0618": 2, 1505: 5, 1606: 1 };
    const names = ["Howe", "Gage", "Clinton", "Percy", "Pigot"];
    const pieces = Object.entries(piles).flatMap(([id, n]) => names.slice(0, n).map((name, i) => block(map.spaces.find((s) => s.id === id), i, name, "british")));
    for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 390, height: 844 }]) {
      const phone = viewport.width < 600;
      const page = await libertyAlone(viewport, pieces, phone ? { hasTouch: true, isMobile: true } : {});
      await page.evaluate(() => window.board.fit());
      const where = `${viewport.width}x${viewport.height}`;
      assert.deepEqual(await pilesAstray(page), [], `piles at Fit (${where})`);
      // Each count lists every block of its pile.
      for (const [id, n] of Object.entries(piles).filter(([, n]) => n > 1)) {
        const count = page.locator(`svg.map .stack-badge[data-space="${id}"]`);
        await (phone ? count.tap() : count.click());
        const listed = await page.locator(".stack-list li").allTextContents();
        assert.deepEqual(listed.map((t) => t.split(" ")[1]), names.slice(0, n), `${id}'s list (${where})`);
        await page.keyboard.press("Escape");
      }
      await page.context().close();
    }
  });
});

describe("names read at every zoom", () => {
  // A game of each kind of map: hexes, points and lines, squares.
  const games = [["liberty/1775", { british: "me", american: "computer" }], ["gml/saratoga", { british: "me", american: "computer" }],
    ["fiw/on-to-quebec", { british: "me", french: "computer" }]];
  const phones = [{ width: 390, height: 844 }, { width: 844, height: 390 }];

  it("a phone at Fit draws the names that fit large enough to read, over no piece and no other name", async () => {
    for (const [scenario, seats] of games) {
      const game = await create(scenario, seats);
      for (const viewport of phones) {
        const page = await open(game.seats[0].url, viewport, { hasTouch: true, isMobile: true });
        await page.click("#zoom-fit");
        const names = (await drawn(page)).names.filter((n) => !n.hidden);
        const where = `${scenario} at ${viewport.width}x${viewport.height}`;
        assert.ok(names.length >= 8, `${names.length} names shown (${where})`);
        // (board.js NAME_PX: 10px; the page rounds the font size a little.)
        assert.deepEqual(names.filter((n) => n.px < 9.9).map((n) => `${n.name}: ${n.px.toFixed(1)}px`), [], `names too small to read (${where})`);
        assert.deepEqual(clashes(names, names, (p, q) => `${p.name} / ${q.name}`, 0.5), [], `names over names (${where})`);
        assert.deepEqual(clashes(names, (await drawn(page)).pieces, (n, p) => `${n.name} / ${p.space}`, 0.5), [], `names over pieces (${where})`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("The French & Indian War: a name stands in its own square, or in short", async () => {
    const game = await create("fiw/on-to-quebec", { british: "me", french: "computer" });
    const map = (await api("GET", "/api/titles/fiw/map")).body;
    const page = await open(game.seats[0].url);
    // The first view (squares about 75px) and two steps in: a name's middle
    // lies in its own square ("Fort William Henry" stood in 1008, pushed
    // aside by its fort and its neighbours' long names), and a square of
    // several places that has no room for all of them names its first
    // ("Albany" for Albany / Fort Schuyler / Canajoharie).
    for (const step of [0, 1, 2]) {
      if (step) await page.click("#zoom-in");
      const names = await page.evaluate(() => [...document.querySelectorAll("svg.map text.space-name[data-space]")]
        .filter((t) => t.isConnected && t.getAttribute("visibility") !== "hidden")
        .map((t) => { const b = t.getBBox(); return { space: t.dataset.space, text: t.textContent, x: b.x + b.width / 2, y: b.y + b.height / 2 }; }));
      assert.ok(names.length >= 8, `${names.length} names at step ${step}`);
      const square = new Map(map.spaces.map((s) => [s.id, s]));
      const astray = names.filter((n) => {
        const s = square.get(n.space);
        return !s.boxed && (Math.abs(n.x - s.x / map.unit) > 0.5 || Math.abs(n.y - s.y / map.unit) > 0.5);
      });
      assert.deepEqual(astray.map((n) => `${n.text} (${n.space})`), [], `names outside their squares at step ${step}`);
      const wrong = names.filter((n) => n.text !== square.get(n.space).name && n.text !== square.get(n.space).name.split(" / ")[0]);
      assert.deepEqual(wrong.map((n) => n.text), [], "a name is its square's, whole or its first place");
      if (step === 0) assert.ok(names.some((n) => n.space === "1109" && n.text === "Albany"), "Albany for its square");
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("a first view cuts no name at its edges, and names the places in sight", async () => {
    for (const [scenario, seats] of games) {
      const game = await create(scenario, seats);
      const map = (await api("GET", `/api/titles/${scenario.split("/")[0]}/map`)).body;
      for (const [viewport, opts] of [...phones.map((v) => [v, { hasTouch: true, isMobile: true }]), [{ width: 1400, height: 900 }, {}]]) {
        const page = await open(game.seats[0].url, viewport, opts);
        // A space with pieces shows its pile, which its name stands clear of
        // (board.js): the name may give way where the pile leaves no room.
        const held = [...new Set(((await api("GET", `/api/games/${game.id}`, { token: game.seats[0].token })).body.view.board.pieces || []).map((p) => p.space))];
        const { cut, inSight, named } = await namesAtEdges(page, map, held);
        const where = `${scenario} at ${viewport.width}x${viewport.height}`;
        assert.deepEqual(cut, [], `names cut by the edge of the view (${where})`);
        assert.ok(inSight.length >= 1 && named.length >= 0.9 * inSight.length, `${named.length} of the ${inSight.length} places in sight named (${where}): ${inSight.filter((n) => !named.includes(n))}`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("a phone's first view that brings a pile at its edge in whole still names the places at its other edge", async () => {
    // The computer sets up Saratoga's Americans as it likes: Washington's
    // army at Pompton or Fort Lee, Putnam's at Danbury, Fairfield,
    // Peekskill or White Plains. With Putnam's pile at Danbury cut by the
    // right edge, the view moved right to take it in whole and hid
    // Elizabethtown's name at the left edge (no room to slide it in): the
    // test above failed in the runs where the computer chose Danbury. Here
    // each setup is made by hand, the same in every run.
    const game = await create("gml/saratoga", { british: "me", american: "computer" });
    const map = (await api("GET", "/api/titles/gml/map")).body;
    const faults = [];
    for (const army of ["pompton", "fort-lee"]) {
      for (const wing of ["danbury", "fairfield", "peekskill", "white-plains"]) {
        const place = (view) => {
          const { pieces } = view.board, putnam = pieces.find((p) => p.id === "putnam").space;
          for (const p of pieces) {
            if (p.space === putnam) p.space = wing;
            else if (p.side === "american" && ["pompton", "fort-lee"].includes(p.space)) p.space = army;
          }
        };
        const state = structuredClone(game.state);
        place(state.view);
        const held = [...new Set(state.view.board.pieces.map((p) => p.space))];
        const page = await openMap(env, game.seats[0].url, phones[0], { hasTouch: true, isMobile: true }, (s) => place(s.view));
        const { cut, inSight, named } = await namesAtEdges(page, map, held);
        const unnamed = inSight.filter((n) => !named.includes(n)), stacks = await stacksCut(page);
        if (cut.length || unnamed.length || stacks.length) faults.push(`${army}, ${wing}: names cut ${cut}, unnamed ${unnamed}, stacks cut ${stacks}`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
    assert.deepEqual(faults, []);
  });
});

describe("the choices come into sight", () => {
  it("a new decision pans, as little as it takes, to show all its places", async () => {
    const page = await rendererAlone({ width: 390, height: 844 }, "fiw", "british", []);
    // On to Quebec's first British choice, a fleet for New York City or for
    // Halifax, with the view left on New York City and Halifax out of sight
    // (as a retreat's squares were, the player having looked elsewhere).
    const r = await page.evaluate(() => {
      const { board: b, map, state } = window;
      const ids = ["New York City", "Halifax / Shubenacadie"].map((n) => map.spaces.find((s) => s.name === n).id);
      b.update(state, ids.map((t, i) => ({ id: `fleet-${i}`, label: "Set up a fleet", target: t })));
      const [ny, hx] = ids.map((t) => b.spaces.get(t));
      const w = 2.2 * Math.hypot(hx.x - ny.x, hx.y - ny.y), h = 1.5 * w;
      b.vb = { x: ny.x - 0.9 * w, y: ny.y - h / 2, w, h };
      b.applyViewBox();
      const seen = (p) => p.x >= b.vb.x && p.x <= b.vb.x + b.vb.w && p.y >= b.vb.y && p.y <= b.vb.y + b.vb.h;
      const before = [seen(ny), seen(hx)];
      b.revealTargets(state);
      return { before, after: [seen(ny), seen(hx)], zoom: b.vb.w / w };
    });
    assert.deepEqual(r.before, [true, false], JSON.stringify(r));
    assert.deepEqual(r.after, [true, true], JSON.stringify(r));
    assert.equal(r.zoom, 1, "the same zoom");
    await page.context().close();
  });
});

describe("Fit and the first view", () => {
  const phone = [{ width: 390, height: 844 }, { hasTouch: true, isMobile: true }];
  const desk = [{ width: 1400, height: 900 }, {}];

  it("Revolution Road: a phone's first view cuts no space's pieces at its edge", async () => {
    for (const scenario of ["b2c/standard", "bh/standard"]) {
      const game = await create(scenario, { british: "me", patriot: "me" });
      for (const seat of game.seats) {
        const page = await open(seat.url, ...phone);
        // Each space's pieces, piles and markers, whole in sight or out of it
        // (a pile in Landing Zone 2 stood half past the edge).
        const cut = await stacksCut(page);
        assert.deepEqual(cut, [], `${scenario}, ${seat.seat}: stacks cut by the first view's edge`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("Give Me Liberty!: a desktop's first view cuts no space's pieces at its edge", async () => {
    // Saratoga between two people, the American deployed: the British page
    // looks at the middle of the pieces all over the map, and Fort
    // Stanwix's pile stood cut by the left edge (no move kept all those
    // places in sight, so none was made).
    const game = await create("gml/saratoga", { british: "me", american: "me" });
    for (const seat of game.seats) {
      for (const viewport of [{ width: 1366, height: 768 }, { width: 1400, height: 900 }, { width: 1920, height: 1080 }]) {
        const page = await open(seat.url, viewport);
        assert.deepEqual(await stacksCut(page), [], `stacks cut by the first view's edge (${seat.seat} at ${viewport.width}x${viewport.height})`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("Bunker Hill: a first view names each region inside it, a long name on two lines", async () => {
    const game = await create("bh/standard", { british: "me", patriot: "me" });
    for (const seat of game.seats) {
      for (const [viewport, opts] of [phone, [{ width: 844, height: 390 }, phone[1]], desk]) {
        const page = await open(seat.url, viewport, opts);
        // A region's name shown with its middle outside the region reads as
        // a neighbour's ("Mystic shore below the rail fence" fits its small
        // region on one line at no size a phone reads), a name slid in from
        // the view's edge too (Bunker Hill (centre), at the Patriot phone's
        // right edge, stood in its neighbour's region over against the
        // neighbour's name). Every name in sight, whole or not.
        const names = await page.evaluate(() => {
          const r = document.querySelector("svg.map").getBoundingClientRect();
          return [...document.querySelectorAll("svg.map text.space-name[data-space]:not(.box-name)")].flatMap((t) => {
            const b = t.getBBox(), cell = document.querySelector(`svg.map .spaces [data-space="${t.dataset.space}"]`), c = cell.getBoundingClientRect(), n = t.getBoundingClientRect();
            const whole = c.left >= r.left && c.right <= r.right && c.top >= r.top && c.bottom <= r.bottom;
            const seen = n.right > r.left && n.left < r.right && n.bottom > r.top && n.top < r.bottom;
            if (!seen || !t.isConnected || t.getAttribute("visibility") === "hidden") return [];
            return [{ name: t.textContent, lines: t.querySelectorAll("tspan").length || 1, own: cell.isPointInFill(new DOMPoint(b.x + b.width / 2, b.y + b.height / 2)), whole }];
          });
        });
        const where = `${seat.seat} at ${viewport.width}x${viewport.height}`;
        assert.ok(names.filter((n) => n.whole).length >= 3, `${names.length} regions named (${where})`);
        assert.deepEqual(names.filter((n) => !n.own).map((n) => n.name), [], `names out of their regions (${where})`);
        const named = (name) => names.find((n) => n.name === name);
        if (seat.seat === "british" && viewport === phone[0]) assert.deepEqual(named("Mystic shore below the rail fence"), { name: "Mystic shore below the rail fence", lines: 2, own: true, whole: true });
        if (seat.seat === "patriot" && viewport === phone[0]) assert.equal(named("Bunker Hill (centre)")?.own, true, `Bunker Hill (centre) named in its region (${where})`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("Give Me Liberty!: a first view's counters read", async () => {
    for (const scenario of ["gml/canada", "gml/greene"]) {
      const game = await create(scenario, { british: "me", american: "computer" });
      for (const [viewport, opts] of [phone, desk]) {
        const page = await open(game.seats[0].url, viewport, opts);
        // The first view zooms in on the seat's places: a space of one
        // side draws its counters (or piles) at least 28px high (board.js PIECE_PX).
        const small = await page.evaluate(() => {
          const r = document.querySelector("svg.map").getBoundingClientRect();
          const pieces = [...document.querySelectorAll("svg.map .pieces g.piece")];
          const sides = (space) => new Set(pieces.filter((g) => g.dataset.space === space).map((g) => g.classList.contains("british"))).size;
          return pieces.map((g) => [g, g.querySelector("rect").getBoundingClientRect()])
            .filter(([g, b]) => b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom && sides(g.dataset.space) === 1 && b.height < 27.5)
            .map(([g, b]) => `${g.querySelector(".piece-name").textContent}: ${b.height.toFixed(1)}px`);
        });
        assert.deepEqual(small, [], `counters too small to read (${scenario} at ${viewport.width}x${viewport.height})`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("Liberty: Fit shows every space and box whole, on a phone too", async () => {
    const game = await create("liberty/1775", { british: "me", american: "computer" });
    for (const [viewport, opts] of [phone, [{ width: 844, height: 390 }, phone[1]], desk]) {
      const page = await open(game.seats[0].url, viewport, opts);
      await page.click("#zoom-fit");
      const cut = await page.evaluate(() => {
        const r = document.querySelector("svg.map").getBoundingClientRect();
        return [...document.querySelectorAll("svg.map .space")].filter((e) => {
          const b = e.getBoundingClientRect();
          return b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5;
        }).map((e) => e.dataset.space);
      });
      assert.deepEqual(cut, [], `spaces cut by the edge at Fit (${viewport.width}x${viewport.height})`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  it("Give Me Liberty!: Fit frames the scenario's map, not both", async () => {
    // The spaces of `ids` drawn whole within the map on the screen.
    const inView = (page, ids) => page.evaluate((ids) => {
      const r = document.querySelector("svg.map").getBoundingClientRect();
      return ids.filter((id) => {
        const b = document.querySelector(`svg.map .spaces [data-space="${id}"]`).getBoundingClientRect();
        return b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom;
      });
    }, ids);
    const boxes = (await api("GET", "/api/titles/gml/map")).body.spaces.filter((s) => s.boxed).map((s) => s.id);
    for (const [scenario, elsewhere] of [["gml/canada", ["charleston", "savannah"]], ["gml/southern-1780", ["quebec", "montreal"]]]) {
      const game = await create(scenario, { british: "me", american: "computer" });
      const inPlay = game.state.view.board.in_play;
      assert.ok(inPlay.length >= 10 && elsewhere.every((id) => !inPlay.includes(id)), `${scenario} in play: ${inPlay}`);
      for (const [viewport, opts] of [phone, [{ width: 1366, height: 900 }, {}]]) {
        const where = `${scenario} at ${viewport.width}x${viewport.height}`;
        const page = await open(game.seats[0].url, viewport, opts);
        assert.deepEqual(await inView(page, elsewhere), [], `the other map at the first view (${where})`);
        await page.click("#zoom-fit");
        const shown = await inView(page, inPlay);
        assert.deepEqual(inPlay.filter((id) => !shown.includes(id)), [], `spaces in play out of view at Fit (${where})`);
        assert.deepEqual(await inView(page, elsewhere), [], `the other map at Fit (${where})`);
        // A box out of play in Fit's frame is whole in it (Canada's Halifax was cut in half).
        const cut = await page.evaluate((ids) => {
          const r = document.querySelector("svg.map").getBoundingClientRect();
          return ids.filter((id) => {
            const b = document.querySelector(`svg.map .spaces [data-space="${id}"]`).getBoundingClientRect();
            const partly = b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom;
            return partly && !(b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5);
          });
        }, boxes);
        assert.deepEqual(cut, [], `boxes cut at Fit (${where})`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });

  it("Give Me Liberty!: no name touches its own space's ring", async () => {
    const map = (await api("GET", "/api/titles/gml/map")).body;
    const ids = Object.fromEntries(map.spaces.map((s) => [s.name, s.id]));
    const game = await create("gml/canada", { british: "me", american: "computer" });
    for (const [viewport, opts] of [phone, desk]) {
      const page = await open(game.seats[0].url, viewport, opts);
      for (const view of ["first view", "Fit", "zoomed in once", "zoomed in twice"]) {
        if (view === "Fit") await page.click("#zoom-fit");
        else if (view !== "first view") await page.click("#zoom-in");
        // A name's letters (its box less a fifth of its height above and
        // below) with their halo stay clear of its ring's outer edge.
        const touching = await page.evaluate((ids) => [...document.querySelectorAll("svg.map text.space-name")]
          .filter((t) => t.getAttribute("visibility") !== "hidden" && ids[t.textContent]).flatMap((t) => {
            const ring = document.querySelector(`svg.map .spaces circle[data-space="${ids[t.textContent]}"]`);
            if (!ring) return [];
            const half = (e) => (parseFloat(getComputedStyle(e).strokeWidth) * e.getScreenCTM().a) / 2;
            const c = ring.getBoundingClientRect(), b = t.getBoundingClientRect(), m = b.height / 5;
            const x = c.left + c.width / 2, y = c.top + c.height / 2;
            const gap = Math.hypot(Math.max(b.left - x, 0, x - b.right), Math.max(b.top + m - y, 0, y - b.bottom + m)) - c.width / 2 - half(ring) - half(t);
            return gap < 0 ? [`${t.textContent}: ${gap.toFixed(1)}px`] : [];
          }), ids);
        assert.deepEqual(touching, [], `names over their ring (${view} at ${viewport.width}x${viewport.height})`);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });
});

describe("the trail of log entries", () => {
  for (const [title, place, path] of [["b2c", "concord", ["boston", "boston-neck", "roxbury"]], ["liberty", "1607", ["1607", "1507"]]]) {
    it(`${title}: a ring for a place, an arrow for a move, cleared by []`, async () => {
      const page = await (await env.browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
      await page.goto(`${env.server.base}/`);
      const shown = await page.evaluate(async ([title, place, path]) => {
        const div = document.createElement("div");
        div.style.height = "600px";
        document.body.append(div);
        const mod = await import("/static/board.js");
        const map = await mod.create(div, { choose() {}, select() {} }, title);
        const count = () => ({
          rings: div.querySelectorAll(".trail-ring").length,
          arrows: div.querySelectorAll(".trail-move").length,
          titles: [...div.querySelectorAll(".trail title")].map((t) => t.textContent),
          points: (div.querySelector(".trail-move") || { getAttribute: () => "" }).getAttribute("d").split("L").length,
        });
        map.showTrail([{ text: "Battle here", path: [place] }, { text: "A march", path }, { text: "nowhere", path: ["no-such-place"] }]);
        const first = count();
        map.showTrail([{ text: "Again", path: [place] }]);
        const second = count();
        map.showTrail([]);
        return [first, second, count()];
      }, [title, place, path]);
      assert.deepEqual(shown[0], { rings: 1, arrows: 1, titles: ["Battle here", "A march"], points: path.length });
      assert.deepEqual(shown[1], { rings: 1, arrows: 0, titles: ["Again"], points: 1 });
      assert.deepEqual(shown[2], { rings: 0, arrows: 0, titles: [], points: 1 });
      await page.context().close();
    });
  }
});

/** The view on the screen: the svg's size, its scale (pixels a map unit:
 * the svg letterboxes its viewBox), the map units it shows across and
 * down, the map point in its middle, and the blocks' faces (heights) and
 * piles as laid out. */
function onScreen(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("svg.map"), r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    const scale = Math.min(r.width / vb.width, r.height / vb.height);
    return {
      w: r.width, h: r.height, scale, across: r.width / scale, down: r.height / scale, cx: vb.x + vb.width / 2, cy: vb.y + vb.height / 2,
      blocks: [...document.querySelectorAll("svg.map g.piece.block > rect:first-of-type")].map((e) => Math.round(e.getBoundingClientRect().height)).sort((a, b) => a - b),
      piles: document.querySelectorAll("svg.map g.stack").length,
    };
  });
}

/** A new viewport, and time for the page to follow it (the map is laid out anew once a resize settles: 150 ms). */
async function resize(page, viewport) {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(800);
}

describe("the map follows the screen", () => {
  it("a phone turned keeps the scale and the middle of the view, and the blocks' layout", async () => {
    const game = await create("liberty/1775", { british: "me", american: "computer" });
    const page = await open(game.seats[0].url, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    const portrait = await onScreen(page);
    for (const viewport of [{ width: 844, height: 390 }, { width: 390, height: 844 }]) {
      await resize(page, viewport);
      const now = await onScreen(page);
      if (viewport.width > viewport.height) assert.ok(now.w / now.h > 1.2, `a landscape map: ${now.w}x${now.h}`);
      assert.ok(Math.abs(now.scale / portrait.scale - 1) < 0.02, `scale ${portrait.scale.toFixed(1)} -> ${now.scale.toFixed(1)} px a unit at ${viewport.width}x${viewport.height}`);
      assert.ok(Math.hypot(now.cx - portrait.cx, now.cy - portrait.cy) < 0.05, `the middle moved: ${[portrait.cx, portrait.cy]} -> ${[now.cx, now.cy]}`);
      assert.deepEqual(now.blocks, portrait.blocks, "blocks laid out for the scale shown");
      const d = await drawn(page);
      assert.deepEqual(clashes(d.blocks, d.blocks, (p, q) => `${p.space} / ${q.space}`), [], "blocks over blocks");
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("a window resized at Fit shows the whole map again, laid out as a page opened at that size", async () => {
    const game = await create("liberty/1775", { british: "me", american: "computer" });
    const page = await open(game.seats[0].url);
    await page.click("#zoom-fit");
    await resize(page, { width: 1000, height: 700 });
    const resized = await onScreen(page);
    const drawing = (await api("GET", "/api/titles/liberty/map")).body;
    const full = { w: (drawing.bounds.x1 - drawing.bounds.x0) / drawing.unit, h: (drawing.bounds.y1 - drawing.bounds.y0) / drawing.unit };
    assert.ok(resized.across >= full.w * 0.999 && resized.down >= full.h * 0.999, `the whole map in sight: ${resized.across}x${resized.down} of ${full.w}x${full.h}`);
    const fresh = await open(game.seats[0].url, { width: 1000, height: 700 });
    await fresh.click("#zoom-fit");
    const expected = await onScreen(fresh);
    assert.ok(Math.abs(resized.scale / expected.scale - 1) < 0.01, `scale ${resized.scale} where a new page has ${expected.scale}`);
    assert.deepEqual([resized.blocks, resized.piles], [expected.blocks, expected.piles], "the blocks and piles of a page opened at 1000x700");
    for (const p of [page, fresh]) {
      assert.deepEqual(p.errors, []);
      await p.context().close();
    }
  });
});

describe("the map's controls", () => {
  it("cover no name and no piece of the first view, and are a finger's size on a phone", async () => {
    const game = await create("liberty/1775", { british: "me", american: "computer" });
    for (const [viewport, opts] of [[{ width: 390, height: 844 }, { hasTouch: true, isMobile: true }], [{ width: 1400, height: 900 }, {}]]) {
      const page = await open(game.seats[0].url, viewport, opts);
      const { controls, shown } = await page.evaluate(() => {
        const box = (e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
        };
        // What of the map is in sight: each element's box cut to the svg's (the rest is not drawn).
        const svg = box(document.querySelector("svg.map"));
        const cut = (b) => ({ left: Math.max(b.left, svg.left), right: Math.min(b.right, svg.right), top: Math.max(b.top, svg.top), bottom: Math.min(b.bottom, svg.bottom) });
        const sel = "svg.map text.space-name, svg.map text.map-label, svg.map .pieces rect, svg.map .stack-badge circle:not(.hit), svg.map .markers rect, svg.map .town-dot";
        return {
          controls: ["#zoom-in", "#zoom-out", "#zoom-fit", ".map-key"].map((s) => ({ name: s, ...box(document.querySelector(s)) })),
          shown: [...document.querySelectorAll(sel)].map((e) => ({ name: e.textContent || e.closest("[data-space]")?.dataset.space || e.getAttribute("class"), ...cut(box(e)) }))
            .filter((b) => b.right > b.left && b.bottom > b.top),
        };
      });
      assert.ok(shown.length > 20, `the first view shows the map (${shown.length} things)`);
      assert.deepEqual(clashes(controls, shown, (c, s) => `${c.name} over ${s.name}`, 0), [], `controls over the map at ${viewport.width}px`);
      if (opts.isMobile) {
        const small = controls.filter((c) => c.width < 40 || c.height < 40).map((c) => `${c.name}: ${c.width}x${c.height}`);
        assert.deepEqual(small, [], "touch targets of at least 40px");
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });
});

describe("a battle at a desktop's Fit", () => {
  it("shows both sides' blocks at a size that reads, over no name, dot or other hex's piece", async () => {
    // Liberty 1775 between two seats of one browser: the British attack
    // Springfield's three American blocks from Boston with Grey and Grant.
    const { status, body } = await api("POST", "/api/games", { body: { scenario: "liberty/1775", seats: { british: "hotseat", american: "hotseat" }, seed: 5 } });
    assert.equal(status, 201, JSON.stringify(body));
    const token = Object.fromEntries(body.seats.map((s) => [s.seat, s.token]));
    const play = async (seat, id) => {
      const s = (await api("GET", `/api/games/${body.id}`, { token: token[seat] })).body;
      assert.ok(s.legal.some((a) => a.id === id), `${seat} may ${id}: ${s.legal.map((a) => a.id)}`);
      const r = await api("POST", `/api/games/${body.id}/actions`, { token: token[seat], body: { action_id: id, seq_seen: s.seq } });
      assert.ok(r.status < 300, JSON.stringify(r.body));
    };
    await play("british", "card-a3");
    await play("american", "card-a1");
    for (const id of ["group-1607", "pick-b-grey", "step-1506", "pick-b-grant", "step-1506", "end-group"]) await play("british", id);
    for (const seat of ["british", "american"]) {
      const page = await open(`/play/${body.id}#${token[seat]}`);
      await page.click("#zoom-fit");
      const d = await drawn(page);
      const here = d.blocks.filter((b) => b.space === "1506");
      const sides = await page.$$eval('svg.map g.piece.block[data-space="1506"]', (gs) => [...new Set(gs.map((g) => (g.classList.contains("british") ? "british" : "american")))].sort());
      assert.deepEqual(sides, ["american", "british"], `both sides drawn in Springfield (${seat}'s page)`);
      assert.deepEqual(here.filter((b) => b.height < 19.5).map((b) => b.height.toFixed(1)), [], `Springfield's blocks read at Fit (${seat}'s page)`);
      const battle = d.pieces.filter((p) => p.space === "1506"), others = d.pieces.filter((p) => p.space !== "1506");
      assert.deepEqual(clashes(battle, others, (p, q) => q.space), [], "over another hex's pieces");
      assert.deepEqual(clashes(battle, d.dots, () => "a dot"), [], "over a town's dot");
      assert.deepEqual(clashes(d.names, battle, (n) => n.name, 0.5), [], "over a name");
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  it("a battle in a crowded corridor reads too, its blocks in their own hex", async () => {
    // Three American blocks in each town from Philadelphia to Boston, and
    // at Albany a battle between them, where the piles around leave Albany's
    // box no room: the pair goes where there is room in its hex, and the
    // names give way to it.
    const map = (await api("GET", "/api/titles/liberty/map")).body;
    const corridor = ["1209", "1308", "1309", "1405", "1406", "1408", "1409", "1506", "1507", "1607", "1608"];
    const space = (id) => map.spaces.find((s) => s.id === id);
    const pieces = corridor.flatMap((id) => [0, 1, 2].map((i) => block(space(id), i, "Greene", "american")))
      .concat([0, 1, 2, 3, 4].map((i) => block(space("1407"), i, "Howe", i < 2 ? "british" : "american")));
    const page = await libertyAlone({ width: 1400, height: 900 }, pieces);
    await page.evaluate(() => window.board.fit());
    const d = await drawn(page);
    const here = d.blocks.filter((b) => b.space === "1407");
    assert.equal(here.length, 2, "one pile a side");
    assert.deepEqual(here.filter((b) => b.height < 19.5).map((b) => b.height.toFixed(1)), [], "Albany's blocks read at Fit");
    const middle = await page.evaluate(() => {
      const b = [...document.querySelectorAll('svg.map g.piece.block[data-space="1407"] > rect:first-of-type')].map((r) => r.getBBox());
      const x = (Math.min(...b.map((r) => r.x)) + Math.max(...b.map((r) => r.x + r.width))) / 2, y = b[0].y + b[0].height / 2;
      return window.board.spaceAt(x, y);
    });
    assert.equal(middle, "1407", "the pair's middle in Albany's hex");
    const battle = d.pieces.filter((p) => p.space === "1407"), others = d.pieces.filter((p) => p.space !== "1407");
    assert.deepEqual(clashes(battle, others, (p, q) => q.space), [], "over another hex's pieces");
    assert.deepEqual(clashes(battle, d.dots, () => "a dot"), [], "over a town's dot");
    assert.deepEqual(clashes(d.names.filter((n) => !n.hidden), battle, (n) => n.name, 0.5), [], "under a name");
    await page.context().close();
  });
});

describe("the trail's arrows", () => {
  for (const title of ["liberty", "gml"]) {
    it(`${title}: an arrow stops short of the dot of the place it reaches, and no name covers its head`, async () => {
      const page = await (await env.browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
      await page.goto(`${env.server.base}/`);
      const misses = await page.evaluate(async (title) => {
        const map = await (await fetch(`/api/titles/${title}/map`)).json();
        const div = document.createElement("div");
        div.style.height = "600px";
        document.body.append(div);
        const mod = await import("/static/board.js");
        const board = await mod.create(div, { choose() {}, select() {} }, title);
        const byId = new Map(map.spaces.map((s) => [s.id, { ...s, x: s.x / map.unit, y: s.y / map.unit }]));
        // Into New York from the north (West Point), the west and the south-west;
        // on the point-to-point map, along a link from above.
        const paths = title === "liberty" ? [["1408", "1409"], ["1308", "1409"], ["1309", "1409"]]
          : [map.links.map((l) => [l.a, l.b]).find(([a, b]) => {
            const p = byId.get(a), q = byId.get(b);
            return p && q && !p.boxed && !q.boxed && q.y - p.y > 1.5 * Math.abs(q.x - p.x);
          })];
        board.showTrail(paths.map((path) => ({ text: path.join(" to "), path })));
        // The mark of the place reached: the town's dot nearest its centre, or its point.
        const mark = (id) => {
          const s = byId.get(id);
          const circles = title === "liberty" ? [...div.querySelectorAll(".town-dot")] : [div.querySelector(`.spaces circle[data-space="${id}"]`)];
          const c = circles.map((e) => ({ x: e.cx.baseVal.value, y: e.cy.baseVal.value, r: e.r.baseVal.value }))
            .reduce((a, b) => (Math.hypot(a.x - s.x, a.y - s.y) <= Math.hypot(b.x - s.x, b.y - s.y) ? a : b));
          return c;
        };
        // The head as the marker draws it: markerWidth line widths long from
        // refX (of its 10-unit box) back from the line's end, as wide.
        const m = div.querySelector("marker#trail-head");
        const [refX, mw, mh] = ["refX", "markerWidth", "markerHeight"].map((a) => Number(m.getAttribute(a)));
        const near = (p, a, b) => {
          const dx = b.x - a.x, dy = b.y - a.y, k = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
          return Math.hypot(p.x - a.x - k * dx, p.y - a.y - k * dy);
        };
        // The letters of the names shown (as in drawn(), in map units).
        const names = [...div.querySelectorAll(".names text")].filter((t) => t.getAttribute("visibility") !== "hidden").map((t) => {
          const b = t.getBBox(), m = b.height / 5;
          return { name: t.textContent, x0: b.x + m / 3, y0: b.y + m, x1: b.x + b.width - m / 3, y1: b.y + b.height - m };
        });
        const out = [];
        [...div.querySelectorAll(".trail-move")].forEach((path, i) => {
          const pts = path.getAttribute("d").split(/[ML ]+/).filter(Boolean).map((p) => p.split(",").map(Number)).map(([x, y]) => ({ x, y }));
          const [a, end] = pts.slice(-2), sw = Number(path.getAttribute("stroke-width"));
          const d = Math.hypot(end.x - a.x, end.y - a.y), u = { x: (end.x - a.x) / d, y: (end.y - a.y) / d };
          const base = { x: end.x - (u.x * mw * sw * refX) / 10, y: end.y - (u.y * mw * sw * refX) / 10 };
          const tip = { x: base.x + u.x * mw * sw, y: base.y + u.y * mw * sw }, half = (mh * sw) / 2;
          const corners = [1, -1].map((k) => ({ x: base.x - k * u.y * half, y: base.y + k * u.x * half }));
          const dot = mark(paths[i][paths[i].length - 1]);
          const head = [near(dot, tip, corners[0]), near(dot, tip, corners[1]), near(dot, corners[0], corners[1])];
          // (A dot inside the head would be nearer its axis than its edges: the axis counts too.)
          const gap = Math.min(...head, near(dot, base, tip), near(dot, a, end) - sw / 2);
          if (gap <= dot.r) out.push(`${paths[i].join(" to ")}: ${(gap - dot.r).toFixed(3)} into the dot`);
          const xs = [tip.x, ...corners.map((c) => c.x)], ys = [tip.y, ...corners.map((c) => c.y)];
          const hb = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
          for (const n of names) if (n.x0 < hb.x1 && hb.x0 < n.x1 && n.y0 < hb.y1 && hb.y0 < n.y1) out.push(`${paths[i].join(" to ")}: ${n.name} over the head`);
        });
        return out;
      }, title);
      assert.deepEqual(misses, []);
      await page.context().close();
    });
  }
});
