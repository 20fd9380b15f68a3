// What a new player's audit of the browser found (run/audit-web.md), kept
// fixed: The French & Indian War's face-down blocks show what their backs
// tell (regular, provincial, leader, Indian; ruling fiw #57, #63) on the
// map, in their tooltips and in the key; the space panel follows the
// position shown (a replay, a move); the log's numbers have room for four
// digits; the header names the turn and phase; Give Me Liberty!'s counters
// mark a unit inside a fort or entrenched and show a leader's ratings, and
// the key explains them (once on the board) and the map's symbols and lines; a phone's choices
// and "Lately" have no scroll box of their own; a hot-seat game
// opens on the seat that must act, and the cover's header names no seat.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { openMap, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();
const api = (...args) => env.server.api(...args);

/** A game against the computer, once the computer has made its moves. */
async function create(scenario, seats, seed = 5) {
  const { status, body } = await api("POST", "/api/games", { body: { scenario, seats, seed } });
  assert.equal(status, 201, JSON.stringify(body));
  return create.wait({ ...body, mine: body.seats.find((s) => s.token) });
}

/** Game `body` once it is its player's turn. */
create.wait = async (body) => {
  const mine = body.mine;
  for (let i = 0; i < 600; i++) {
    const s = (await api("GET", `/api/games/${body.id}`, { token: mine.token })).body;
    if (!s.thinking && s.to_act.includes(mine.seat)) return { ...body, mine, state: s };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the computer did not move within 60 s");
};

const open = (url, viewport, opts) => openMap(env, url, viewport, opts);

describe("The French & Indian War as the British see it", () => {
  let game = null;
  const fiw = async () => (game ||= await create("fiw/on-to-quebec", { british: "me", french: "computer:easy" }));

  it("face-down blocks show what their backs tell, in the map, the tooltip and the key", { timeout: 120000 }, async () => {
    const g = await fiw();
    const backs = g.state.view.board.pieces.filter((p) => p.face === "back" && p.side === "french");
    const kinds = new Set(backs.map((p) => (p.nation === "indian" ? "indian" : p.kind)));
    for (const k of ["regular", "provincial", "leader", "indian"]) assert.ok(kinds.has(k), `a French ${k} back in the view: ${[...kinds]}`);
    const page = await open(g.mine.url);
    const drawn = await page.evaluate(() => [...document.querySelectorAll("svg.map g.piece.back.french")].map((el) => ({
      cls: [...el.classList].find((c) => c.startsWith("back-")) || null,
      fill: el.querySelector("rect").getAttribute("fill"),
      star: el.querySelectorAll(".back-star").length,
      inner: el.querySelectorAll(".back-mark").length,
      title: el.querySelector(":scope > title").textContent,
    })));
    assert.ok(drawn.length > 0);
    const of = (k) => drawn.filter((d) => d.cls === `back-${k}`);
    for (const k of ["regular", "provincial", "leader", "indian"]) assert.ok(of(k).length, `a ${k} back on the map: ${JSON.stringify(drawn.slice(0, 4))}`);
    assert.ok(drawn.every((d) => d.cls), "every French back says what it shows");
    // Provincials lighter than regulars; a leader's star; an Indian's brown inside its side's frame.
    assert.notEqual(of("provincial")[0].fill, of("regular")[0].fill);
    assert.ok(of("leader").every((d) => d.star === 1));
    assert.ok(of("indian").every((d) => d.inner === 1));
    assert.ok(of("regular").every((d) => d.star === 0 && d.inner === 0 || /Spanish/.test(d.title)));
    assert.match(of("regular")[0].title, /^French regular\b.*\(hidden\)$/);
    assert.match(of("leader")[0].title, /^French leader\b.*\(hidden\)$/);
    assert.match(of("indian")[0].title, /^French Indian\b.*\(hidden\)$/);
    // The key explains each back, and light and heavy units.
    await page.click("#map > .map-key > summary");
    const key = await page.textContent("#map > .map-key");
    for (const k of ["regular", "provincial", "leader", "Indian"]) assert.match(key, new RegExp(`French ${k} \\(hidden\\)`));
    assert.match(key, /Light and heavy units/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("the space panel follows the position shown; the header names turn and phase; the log has room for its numbers", { timeout: 120000 }, async () => {
    const g = await fiw();
    const page = await open(g.mine.url);
    // A space the French set up in: it held nothing before their set-up.
    const at0 = (await api("GET", `/api/games/${g.id}/at/0`, { token: g.mine.token })).body;
    const before = new Set(at0.view.board.pieces.map((p) => p.space));
    const ids = [...new Set(g.state.view.board.pieces.filter((p) => p.side === "french" && !before.has(p.space)).map((p) => p.space))];
    const space = await page.evaluate((ids) => ids.find((id) => document.querySelector(`svg.map .space[data-space="${id}"]`)), ids);
    assert.ok(space, "a space the French set up in");
    // The panel lists each piece (a back standing for several once) and marker there.
    const listed = (v) => [...v.board.pieces, ...(v.board.markers || [])].filter((p) => p.space === space).length;
    const count = listed(g.state.view);
    // (Its rows, not the "why not?" that may come under them.)
    const rows = () => [...document.querySelectorAll("#hexinfo li")].filter((li) => !li.closest(".why")).length;
    await page.locator(`svg.map .space[data-space="${space}"]`).dispatchEvent("click");
    await page.waitForSelector("#hexinfo:not([hidden]) li", WAIT);
    assert.equal(await page.evaluate(rows), count);
    // Replayed to the first move, the panel shows the space as it was then.
    await page.evaluate(() => {
      const r = document.querySelector("#replay-range");
      r.value = "0";
      r.dispatchEvent(new Event("input"));
    });
    const shows = ([n, replaying]) => [...document.querySelectorAll("#hexinfo li")].filter((li) => !li.closest(".why")).length === n &&
      /replaying move 0/.test(document.querySelector("#status-line").textContent) === replaying;
    await page.waitForFunction(shows, [listed(at0.view), true], WAIT);
    assert.doesNotMatch(await page.textContent("#hexinfo"), /French regular|French leader|French provincial/);
    await page.click("#replay-now");
    await page.waitForFunction(shows, [count, false], WAIT);
    // The header: "1759 (turn 1 of 2) · British set-up".
    assert.match(await page.textContent("#stage-line"), /1759.*·.*set-up/i);
    // A log number of four digits and its dot fit the list's gutter.
    const room = await page.evaluate(() => {
      const log = document.querySelector("#log"), css = getComputedStyle(log);
      const ctx = document.createElement("canvas").getContext("2d");
      ctx.font = `${css.fontSize} ${css.fontFamily}`;
      return { gutter: parseFloat(css.paddingLeft), number: ctx.measureText("8888. ").width };
    });
    assert.ok(room.gutter >= room.number, JSON.stringify(room));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe("Give Me Liberty!'s counters and key", () => {
  it("marks units in a fort or entrenched, shows leaders' ratings, and keys them with the map's symbols", { timeout: 60000 }, async () => {
    const g = await create("gml/saratoga", { british: "me", american: "computer:easy" });
    const page = await open(g.mine.url);
    const drawn = await page.evaluate(() => [...document.querySelectorAll("svg.map g.piece[data-piece]")].map((el) => ({
      id: el.dataset.piece,
      fort: el.querySelectorAll(".in-fort").length,
      trench: el.querySelectorAll(".entrenched-mark").length,
      rating: el.querySelector(".piece-rating")?.textContent || null,
    })));
    const byId = new Map(g.state.view.board.pieces.map((p) => [p.id, p]));
    assert.ok(drawn.length > 0);
    for (const d of drawn) {
      const p = byId.get(d.id), states = p.states || [];
      assert.equal(d.fort, states.includes("inside the fort") ? 1 : 0, `${p.name} in ${p.space_name}: ${states}`);
      assert.equal(d.trench, states.includes("entrenched") ? 1 : 0, `${p.name} in ${p.space_name}: ${states}`);
      if (p.kind === "leader") assert.equal(d.rating, p.rating);
    }
    assert.ok(drawn.some((d) => d.fort) || drawn.some((d) => d.rating), "a mark or a rating in the first view");
    await page.click("#map > .map-key > summary");
    const key = await page.textContent("#map > .map-key");
    for (const word of ["Unit", "Leader", "Fort", "Port", "Indian settlement", "Road", "Toll road", "Trail", "Sea lane"]) {
      assert.ok(key.includes(word), `the key explains ${word}`);
    }
    // A mark's row only once a piece on the board has that state.
    const states = new Set(g.state.view.board.pieces.flatMap((p) => p.states || []));
    for (const [state, word] of [["inside the fort", "Inside the fort"], ["entrenched", "Entrenched"]]) {
      assert.equal(key.includes(word), states.has(state), `the key's "${word}" row`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  it("a phone's choices and Lately scroll with the page, none in a box of its own", { timeout: 60000 }, async () => {
    const g = await create("gml/saratoga", { british: "me", american: "computer:easy" });
    // Moves until the log tells something (a first visit shows its last lines as Lately).
    let s = g.state;
    for (let i = 0; i < 20 && !s.log.length; i++) {
      const r = await api("POST", `/api/games/${g.id}/actions`, { token: g.mine.token, body: { seq_seen: s.seq, action_id: s.legal[s.legal.length - 1].id } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      s = (await create.wait(g)).state;
    }
    const page = await open(g.mine.url, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    await page.waitForSelector("#actions button", WAIT);
    await page.waitForSelector("#lately:not([hidden])", WAIT);
    // Neither the choices nor Lately is a box that scrolls inside the page:
    // Lately's latest lines show whole (its foot in sight had cut its top line).
    const box = await page.evaluate(() => ({
      actions: getComputedStyle(document.querySelector("#actions")).overflowY,
      lately: getComputedStyle(document.querySelector(".lately-list")).overflowY,
      cut: document.querySelector(".lately-list").scrollHeight - document.querySelector(".lately-list").clientHeight,
    }));
    assert.deepEqual(box, { actions: "visible", lately: "visible", cut: 0 });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe("hot-seat from the home page", () => {
  it("'Go to the game' opens the seat that must act", { timeout: 60000 }, async () => {
    const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${env.server.base}/`);
    await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
    await page.selectOption("#scenario", "gml/southern-1780");
    for (const seat of ["british", "american"]) await page.selectOption(`#seat-${seat}`, "hotseat");
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/games") && r.request().method() === "POST"),
      page.click("#create-form button[type=submit]"),
    ]);
    const first = (await created.json()).to_act[0];
    assert.ok(first);
    await page.click("#created a.button.primary");
    await page.waitForSelector("svg.map .space", WAIT);
    assert.equal(await page.locator("#pass").isVisible(), false, "no hand-over cover first");
    assert.match(await page.textContent("#as-seat"), new RegExp(first, "i"));
    await page.close();
  });
});
