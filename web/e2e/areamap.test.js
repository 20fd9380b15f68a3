// The two Revolution Road games in the browser (web/board.js): the map and
// its counters are drawn from the title's map and the seat's view, a
// highlighted region is clicked to act, the other seat's page follows, and
// the Patriot page never receives a hidden militia value the British know
// nothing of (and the other way round).
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { movedPast, serverAndBrowser, WAIT } from "./setup.js";

const VIEWPORT = { width: 1400, height: 900 };

const env = serverAndBrowser();

const api = (...args) => env.server.api(...args);

/** Wait until no computer seat must act (the computer moves after the answer). */
async function computerDone(id, token) {
  for (let i = 0; i < 300; i++) {
    const s = (await api("GET", `/api/games/${id}`, { token })).body;
    if (!s.thinking) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the computer did not move within 15 s");
}

/** Open a seat's page and wait for the map with its counters. */
async function open(url) {
  const page = await (await env.browser.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(`${env.server.base}${url}`);
  await page.waitForSelector("svg.areamap .space", WAIT);
  return page;
}

async function seqShown(page) {
  const text = await page.locator("#status-line").textContent();
  return Number((text.match(/\bmove (\d+)/) || [])[1]);
}

for (const title of ["b2c", "bh"]) {
  describe(`${title} in the browser`, () => {
    it("draws every region and the seat's counters, and a click on a highlighted region acts", async () => {
      const { status, body: created } = await api("POST", "/api/games", {
        body: { scenario: `${title}/standard`, seats: { british: "me", patriot: "computer" }, seed: 11 },
      });
      assert.equal(status, 201, JSON.stringify(created));
      const token = created.seats[0].token;
      await computerDone(created.id, token);
      const map = (await api("GET", `/api/titles/${title}/map`)).body;
      const page = await open(created.seats[0].url);
      const spectator = await open(created.spectator.url);

      // Every region of the title's map is drawn, land as a cell, boxes as rectangles.
      const drawn = await page.locator("svg.areamap .space[data-space]").count();
      assert.equal(drawn, map.spaces.length);

      // The counters drawn are the pieces of the view that stand in regions.
      const state = (await api("GET", `/api/games/${created.id}`, { token })).body;
      const regions = new Set(map.spaces.map((r) => r.id));
      const onMap = state.view.board.pieces.filter((p) => regions.has(p.space)).reduce((n, p) => n + (p.count || 1), 0);
      assert.ok(onMap > 0, "pieces on the map at the start");
      // Drawn one by one, or counted on a compact stack (a region holding
      // more than fit shows a pile per side with its number).
      const shown = await page.evaluate(() => document.querySelectorAll("svg.areamap g.piece[data-piece]").length +
        [...document.querySelectorAll("svg.areamap .stack-badge")].reduce((n, b) => n + Number(b.dataset.count), 0));
      assert.equal(shown, onMap);

      // Click a region that one legal action points at; the move is made and
      // the spectator's page follows by itself.
      const actions = (await api("GET", `/api/games/${created.id}/legal`, { token })).body.legal;
      const counts = {};
      for (const a of actions) if (a.target && regions.has(a.target)) counts[a.target] = (counts[a.target] || 0) + 1;
      const target = Object.keys(counts).find((t) => counts[t] === 1);
      assert.ok(target, `a region one action points at (actions: ${JSON.stringify(actions).slice(0, 300)})`);
      const before = await seqShown(page);
      await page.locator(`svg.areamap .space[data-space="${target}"]`).click({ force: true });
      await movedPast(page, before);
      await movedPast(spectator, before);
      await page.context().close();
      await spectator.context().close();
    });

    it("a seat's page receives only what that seat may see", async () => {
      const { body: created } = await api("POST", "/api/games", {
        body: { scenario: `${title}/standard`, seats: { british: "invite", patriot: "invite" } },
      });
      assert.equal(created.seats.every((s) => s.token === null && s.invite_url), true, JSON.stringify(created.seats));
      // Each invited seat is claimed once, with its invite code (here, outside the browsers).
      let british, patriot;
      for (const s of created.seats) {
        const code = new URL(s.invite_url, env.server.base).hash.replace(/^#invite=/, "");
        const { status, body } = await api("POST", `/api/games/${created.id}/claim`, { body: { invite: code } });
        assert.equal(status, 200, JSON.stringify(body));
        s.token = body.token;
        s.url = body.url;
      }
      [british, patriot] = created.seats;
      let differ = 0;
      for (const [mine, theirs] of [[british, patriot], [patriot, british]]) {
        const bodies = [];
        const page = await (await env.browser.newContext({ viewport: VIEWPORT })).newPage();
        page.on("response", (r) => {
          if (!(r.headers()["content-type"] || "").startsWith("text/event-stream")) bodies.push(r.text().catch(() => ""));
        });
        await page.goto(`${env.server.base}${mine.url}`);
        await page.waitForSelector("svg.areamap .space", WAIT);
        const texts = (await Promise.all(bodies)).join("\n");
        // The other seat's view, through the API, holds what only it may know.
        const other = (await api("GET", `/api/games/${created.id}`, { token: theirs.token })).body;
        const mineView = (await api("GET", `/api/games/${created.id}`, { token: mine.token })).body;
        assert.ok(!texts.includes(theirs.token), "the other seat's token never reaches this page");
        // What the other seat's view says of a piece, where this seat's view
        // says something else (a hidden value, a unit under a marker), never
        // reaches this page.
        const here = new Map(mineView.view.board.pieces.map((p) => [p.id, JSON.stringify(p)]));
        for (const p of other.view.board.pieces) {
          if (here.get(p.id) === JSON.stringify(p)) continue;
          differ++;
          assert.ok(!texts.includes(JSON.stringify(p)), `${mine.seat} page received ${JSON.stringify(p)}`);
        }
        await page.context().close();
      }
      // From Boston to Concord: the British do not see the units under the Patriots' markers.
      if (title === "b2c") assert.ok(differ > 0, "the seats see the set-up differently");
    });
  });
}
