// The maps read as wargamers know them (issue 19): no label over another,
// full names on the counters, markers with the key's symbols, a crowded
// region as a compact stack whose count lists its pieces, Liberty's blocks
// with strength pips and combat rating, hex numbers only when zoomed in,
// Liberty's blocks readable at Fit on a desktop and clear of each other and
// of the towns, no name over a block, the trail of log entries on both
// maps, and a phone's first view readable with touch panning and pinching.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, WAIT } from "./setup.js";

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

async function open(url, viewport = { width: 1400, height: 900 }, opts = {}) {
  const page = await (await env.browser.newContext({ viewport, ...opts })).newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${env.server.base}${url.replace("#", "?nolive#")}`);
  await page.waitForSelector("svg.map .piece", WAIT);
  page.errors = errors;
  return page;
}

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
 * board.js clearNames reckons it), the towns' dots, and everything a name
 * could cover (faces, piles' edges, their counts, markers). */
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
      names: of("svg.map text.space-name").map((e) => ({ name: e.textContent, ...letters(box(e)) })),
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
    for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
      const page = await (await env.browser.newContext({ viewport })).newPage();
      await page.goto(`${env.server.base}/`);
      await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
      await page.waitForLoadState("networkidle");
      // Liberty's map with four blocks of both sides in every town (the
      // renderer alone, as in geometry.test.js), seen whole and as a first
      // view: names that the blocks would cover move clear of them.
      await page.evaluate(async () => {
        const map = await (await fetch("/api/titles/liberty/map")).json();
        document.body.replaceChildren();
        const div = document.createElement("div");
        div.style.cssText = "position: relative; width: 100%; height: 100vh";
        document.body.append(div);
        const { draw } = await import("/static/board.js");
        const names = ["Washington", "Greene", "Howe", "Knyphausen"];
        const pieces = map.spaces.filter((s) => (s.features || []).includes("town")).flatMap((s) => names.map((name, i) => ({
          id: `${s.id}-${i}`, space: s.id, space_name: s.name, side: i === 2 ? "british" : "american", face: "up", name, kind: "regular", strength: { now: 3, max: 4 }, rating: "C2",
        })));
        const state = { seat: "american", view: { board: { pieces, markers: [] } } };
        window.board = draw(div, map, { choose() {}, select() {} });
        window.board.update(state, []);
        window.state = state;
      });
      const labelled = (await api("GET", "/api/titles/liberty/map")).body.spaces.filter((s) => s.label !== undefined && s.label !== null).map((s) => s.name);
      for (const view of ["whole", "first view"]) {
        await page.evaluate((view) => (view === "whole" ? window.board.fit() : window.board.focus(window.board.interesting(window.state))), view);
        const d = await drawn(page);
        const covered = clashes(d.names, d.pieces, (n, p) => `${n.name} / ${p.space}`, 0.5);
        assert.deepEqual(covered, [], `names covering pieces at ${viewport.width}px, ${view}`);
        const shown = new Set(d.names.map((n) => n.name));
        assert.deepEqual(labelled.filter((n) => !shown.has(n)), [], "every space keeps its name");
      }
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
