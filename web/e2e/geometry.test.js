// The one renderer (web/board.js) on the two geometries no title draws yet:
// a point-to-point map and a square grid (engine::drawing::samples, kept in
// fixtures/ by the engine's tests). Each draws every space and link, keeps
// its names apart, puts each piece inside its own space, draws a ring
// marker round its space, and acts on a click on a target, by mouse and by
// keyboard.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();
const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}-map.json`, import.meta.url)));

/** A board with two British counters, a hidden American one and a control
 * ring in `first`, one counter in `second`; the first counter a target. */
function board(first, second) {
  const piece = (id, space, side, name, extra = {}) => ({ id, space, space_name: space, side, face: "up", name, ...extra });
  return {
    pieces: [
      piece("p1", first, "british", "Burgoyne", { kind: "leader" }),
      piece("p2", first, "british", "Regular", { strength: { now: 3, max: 4 } }),
      { space: first, space_name: first, side: "american", face: "back", name: "counter", count: 2 },
      piece("p3", second, "american", "Militia", { strength: { now: 1, max: 2 } }),
    ],
    markers: [{ space: first, space_name: first, kind: "control", name: "British control", side: "british" }],
  };
}

for (const [name, first, second, shapes] of [["node", "saratoga", "ticonderoga", "circle"], ["square", "0203", "0401", "polygon"]]) {
  describe(`the ${name} geometry`, () => {
    for (const [w, h] of [[1400, 900], [390, 844]]) {
      it(`draws the test map and its pieces at ${w}x${h}`, async () => {
        const map = fixture(name);
        const page = await (await env.browser.newContext({ viewport: { width: w, height: h } })).newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(`${env.server.base}/`);
        // The home page fills its form when its titles arrive; let it finish
        // before replacing its body, or its script meets missing elements.
        await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
        await page.waitForLoadState("networkidle");
        const drawn = await page.evaluate(async ([map, view]) => {
          document.body.replaceChildren();
          const div = document.createElement("div");
          div.id = "map";
          div.style.cssText = "position: relative; width: 100%; height: 100vh";
          document.body.append(div);
          const { draw } = await import("/static/board.js");
          window.chosen = [];
          const hooks = { choose: (acts) => window.chosen.push(acts.map((a) => a.id)), select: (id) => window.chosen.push(["select", id]) };
          const b = draw(div, map, hooks);
          b.update({ seat: "british", view: { board: view } }, [{ id: "move-p1", label: "Move Burgoyne", target: "p1" }, { id: "go", label: "Go here", target: view.pieces[3].space }]);
          b.focus(b.interesting({ seat: "british", view: { board: view } }));
          const unit = map.unit;
          const inside = (g, s) => {
            const r = g.getBBox(), x = r.x + r.width / 2, y = r.y + r.height / 2;
            return Math.abs(x - s.x / unit) < 0.6 && Math.abs(y - s.y / unit) < 0.7;
          };
          const byId = new Map(map.spaces.map((s) => [s.id, s]));
          // A piece drawn alone counts once, the top of a pile for the pile.
          const count = (sel) => [...div.querySelectorAll(sel)].reduce((n, g) => n + Number(g.closest("g.stack")?.querySelector(".stack-badge").dataset.count || 1), 0);
          return {
            spaces: [...div.querySelectorAll(".spaces > [data-space]")].map((e) => [e.dataset.space, e.tagName]),
            links: div.querySelectorAll(".links line").length,
            misplaced: [...div.querySelectorAll("g.piece")].filter((g) => !inside(g, byId.get(g.dataset.space))).map((g) => g.dataset.space),
            pieces: count("g.piece"),
            backs: count("g.piece.back"),
            rings: [...div.querySelectorAll(".rings .marker-ring.control.british")].length,
            key: div.querySelector(".map-key").textContent,
          };
        }, [map, board(first, second)]);
        // Every space once, the map's own shape for map spaces, a rect for the box.
        assert.deepEqual(drawn.spaces.map((s) => s[0]).sort(), map.spaces.map((s) => s.id).sort());
        for (const [id, tag] of drawn.spaces) {
          const boxed = map.spaces.find((s) => s.id === id).boxed;
          assert.equal(tag, boxed ? "rect" : shapes, id);
        }
        if (name === "node") assert.equal(drawn.links, map.links.length, "every link a line");
        else assert.ok(drawn.links >= map.links.length, "the river sides drawn");
        assert.equal(drawn.pieces, 5, "three counters and two backs");
        assert.equal(drawn.backs, 2);
        assert.deepEqual(drawn.misplaced, []);
        assert.equal(drawn.rings, 1);
        assert.ok(drawn.key.includes("Control") && drawn.key.includes("test map"));
        // Names never overlap.
        const overlaps = await page.evaluate(() => {
          const boxes = [...document.querySelectorAll(".names text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
          const out = [];
          for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
            const [a, p] = boxes[i], [b, q] = boxes[j];
            if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) out.push(`${a} / ${b}`);
          }
          return out;
        });
        assert.deepEqual(overlaps, []);
        // A click on the target piece chooses its action (in a pile, from
        // the list its count opens); the keyboard reaches it too.
        const alone = (await page.locator('g.piece[data-piece="p1"]').count()) > 0;
        const p1 = alone ? 'g.piece[data-piece="p1"]' : `g.stack.british .stack-badge[data-space="${first}"]`, listed = '.stack-list button[data-piece="p1"]';
        await page.locator(p1).click({ force: true });
        if (!alone) await page.locator(listed).click();
        await page.locator(`.spaces [data-space="${second}"]`).click({ force: true, position: { x: 2, y: 2 } }).catch(() => {});
        await page.focus(p1);
        await page.keyboard.press("Enter");
        if (!alone) {
          await page.locator(listed).waitFor({ state: "visible", ...WAIT });
          await page.keyboard.press("Enter");
        }
        const chosen = await page.evaluate(() => window.chosen);
        assert.deepEqual(chosen[0], ["move-p1"]);
        assert.deepEqual(chosen[chosen.length - 1], ["move-p1"]);
        if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/test-${name}-${w < 600 ? "phone" : "desktop"}.png` });
        assert.deepEqual(errors, []);
        await page.context().close();
      });
    }
  });
}

/** A page of the client, loaded, for importing its modules. */
async function pageWithModules() {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.base}/`);
  await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
  await page.waitForLoadState("networkidle");
  return page;
}

it("a named city's label goes over obstacles rather than vanish; a lesser one gives way", async () => {
  const page = await pageWithModules();
  const placed = await page.evaluate(async () => {
    const { placeLabels, overlaps } = await import("/static/layout.js");
    // Obstacles cover every spot around (0, 0); a label elsewhere is free.
    const wall = [{ x0: -50, y0: -50, x1: 50, y1: 50 }];
    const label = (text, priority, x = 0) => ({ text, x, y: 0, size: 1, priority, gap: 0.3 });
    const [city, village, free] = placeLabels([label("New York", 0), label("Brooklyn", 2), label("Albany", 1, 200)], wall);
    return { city: !!city, village, free: !!free, clash: city && free ? overlaps(city.box, free.box) : null, size: city && city.size };
  });
  assert.equal(placed.city, true, "the city keeps its name");
  assert.equal(placed.size, 0.7);
  assert.equal(placed.village, null, "a lesser name gives way");
  assert.equal(placed.free, true);
  assert.equal(placed.clash, false);
  await page.close();
});

it("a name stays in its own space, smaller, rather than stand full size over a neighbour's", async () => {
  const page = await pageWithModules();
  const placed = await page.evaluate(async () => {
    const { placeLabels, textWidth } = await import("/static/layout.js");
    // Its space reaches 0.4 of the name's width either side of its anchor,
    // whose right is taken: at full size the only free spot, left of the
    // anchor, is centred outside the space; at 70% one is inside it.
    const w = textWidth("Mill ridge", 1);
    const within = (x) => Math.abs(x) < 0.4 * w;
    const wall = [{ x0: 0, y0: -50, x1: 50, y1: 50 }];
    const [l] = placeLabels([{ text: "Mill ridge", x: 0, y: 0, size: 1, priority: 1, gap: 0, within }], wall);
    return { inside: !!l && within(l.x), size: l && l.size };
  });
  assert.deepEqual(placed, { inside: true, size: 0.7 });
  await page.close();
});

it("an arrow follows every place of its path and leaves a town without crossing its value", async () => {
  const page = await pageWithModules();
  const drawn = await page.evaluate(async () => {
    const { drawTrail } = await import("/static/layout.js");
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    // Pieces stand below each town's dot; the way goes north, then west.
    const centre = { a: { x: 0, y: 10 }, b: { x: 0, y: 0 }, c: { x: -8, y: 0 } };
    const dots = { a: { x: 0, y: 8, r: 1 } };
    drawTrail(g, [{ path: ["a", "b", "c"], text: "moves" }], (id) => centre[id], 1, (id) => dots[id]);
    const pts = g.querySelector(".trail-move").getAttribute("d").slice(1).split(" L").map((p) => p.split(",").map(Number));
    return pts;
  });
  assert.equal(drawn.length, 3, "start, the bend in b, the arrow's base");
  const [start, bend] = drawn;
  assert.deepEqual(bend, [0, 0]);
  // It starts north of a's dot, outside it, not at a's pieces under the dot.
  assert.ok(start[1] < 8 - 1 && start[1] > 6, `starts at ${start}`);
  await page.close();
});
