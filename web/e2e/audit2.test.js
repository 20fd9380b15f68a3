// What a new player's second audit found (run/audit-web2.md), kept fixed:
// the header names the turn and its segment whatever a title calls them
// (From Boston to Concord's and Bunker Hill's "Game Turn" and "Turn
// segment"); the key has a row only for what the drawing or the board has
// (no fort or leader ratings in From Boston to Concord; Liberty's towns,
// ports, hex numbers, hexsides, rivers, strength and combat rating); a
// reduced counter shows its strength over its full one on a white half; a
// face-down piece's tooltip says its states; a phone's first view of a
// decision with no place to pick frames the battle the facts name (or
// Give Me Liberty!'s battle marker, ringing its space); the
// chat has an unread mark, cleared once the chat is seen; the outcome
// speaks to the player.
//
// Some views are altered on their way to the page (`alter`): a reduced
// unit, a battle fact, a hidden piece's state, so that the renderer is
// checked on the data contract without playing a game up to them.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createGame, openMap, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();
const api = (...args) => env.server.api(...args);

/** Open `url` after `change(state)` alters each game state the page fetches. */
const alter = (url, change, viewport, opts) => openMap(env, url, viewport, opts, change);

const play = (id, token) => `/play/${id}#${token}`;

describe("the header and the key", () => {
  for (const scenario of ["b2c/standard", "bh/standard"]) {
    it(`${scenario}: the header names the turn and segment; the key has no other title's rows`, { timeout: 60000 }, async () => {
      const { id, token } = await createGame(env.server, scenario, 3, { british: "me", patriot: "me" });
      const page = await openMap(env, play(id, token.british));
      assert.match(await page.textContent("#stage-line"), /^Turn 1 of \d+ · \S/);
      await page.click("#map > .map-key > summary");
      const key = await page.textContent("#map > .map-key");
      for (const word of ["Inside the fort", "Entrenched", "2-6-3", "offensive"]) assert.ok(!key.includes(word), `no "${word}" row`);
      if (scenario.startsWith("b2c")) assert.match(key, /Road/);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  it("Liberty's key explains what its map draws", { timeout: 60000 }, async () => {
    const { id, token } = await createGame(env.server, "liberty/1775", 3, { british: "me", american: "me" });
    const page = await openMap(env, play(id, token.british));
    await page.click("#map > .map-key > summary");
    const key = await page.textContent("#map > .map-key");
    for (const word of ["Town", "Port", "Hex number", "Forest", "Marsh", "River", "Strength", "Combat rating"]) {
      assert.ok(key.includes(word), `the key explains ${word}`);
    }
    // Its samples are drawn as the map draws them, framed once the key is open.
    const samples = await page.evaluate(() => [...document.querySelectorAll(".map-key svg.key-sample")].map((s) => s.getAttribute("viewBox")));
    assert.ok(samples.length >= 2 && samples.every(Boolean), JSON.stringify(samples));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe("pieces", () => {
  it("a reduced counter reads as reduced; a hidden piece's tooltip says its states", { timeout: 60000 }, async () => {
    const { id, token } = await createGame(env.server, "gml/canada", 3, { british: "me", american: "me" });
    let reduced = null;
    const page = await alter(play(id, token.british), (s) => {
      const p = s.view.board.pieces.find((x) => x.strength && x.strength.max > 1);
      p.strength.now = p.strength.max - 1;
      p.states = [...(p.states || []), "reduced"];
      // Alone in a space of its own, drawn whole rather than in a pile.
      p.space = "rutland";
      reduced = p;
    });
    const drawn = await page.evaluate((pid) => {
      const g = document.querySelector(`svg.map g.piece[data-piece="${pid}"]`);
      return { band: !!g.querySelector(".reduced-band"), value: g.querySelector(".piece-value").textContent, title: g.querySelector("title").textContent };
    }, reduced.id);
    assert.deepEqual({ band: drawn.band, value: drawn.value }, { band: true, value: `${reduced.strength.now}/${reduced.strength.max}` });
    assert.match(drawn.title, /strength \d of \d.*reduced/);
    assert.deepEqual(page.errors, []);
    await page.context().close();

    // Bunker Hill's militia wait face down in the Muster Box, listed by its pile's count.
    const bh = await createGame(env.server, "bh/standard", 3, { british: "me", patriot: "me" });
    const hidden = await alter(play(bh.id, bh.token.british), (s) => {
      for (const p of s.view.board.pieces) if (p.face === "back") p.states = ["in reserve"];
    });
    await hidden.locator('.stack-badge[data-space="muster-box"]').dispatchEvent("click");
    await hidden.waitForSelector(".stack-list:not([hidden]) li", WAIT);
    const rows = await hidden.$$eval(".stack-list li", (li) => li.map((x) => x.textContent));
    const backs = rows.filter((t) => /hidden/.test(t));
    assert.ok(backs.length && backs.every((t) => /\(hidden\), in reserve$/.test(t)), JSON.stringify(rows));
    assert.deepEqual(hidden.errors, []);
    await hidden.context().close();
  });
});

describe("a phone's first view of a battle", () => {
  it("frames the place the battle fact names when no choice has a place", { timeout: 60000 }, async () => {
    // The British wait while the Americans deploy in Canada; a battle far from them.
    const { id, token } = await createGame(env.server, "gml/canada", 3, { british: "me", american: "me" });
    const page = await alter(play(id, token.british), (s) => {
      s.view.facts.push({ label: "Battle", value: "Falmouth, round 1", rule: "8.2" });
    }, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    const seen = await page.evaluate(() => {
      const map = document.querySelector("svg.map").getBoundingClientRect();
      const r = document.querySelector('svg.map .space[data-space="falmouth"]').getBoundingClientRect();
      const x = r.x + r.width / 2, y = r.y + r.height / 2;
      return x > map.left && x < map.right && y > map.top && y < map.bottom;
    });
    assert.ok(seen, "Falmouth in the first view");
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe("Give Me Liberty!'s battle marker", () => {
  it("rings the combat's space, and a phone's first view frames it with no battle fact", { timeout: 60000 }, async () => {
    // The view's battle marker (gml view.rs, 8.2) alone says where the battle is.
    const { id, token } = await createGame(env.server, "gml/canada", 3, { british: "me", american: "me" });
    const page = await alter(play(id, token.british), (s) => {
      s.view.facts = s.view.facts.filter((f) => !/battle|combat/i.test(f.label));
      (s.view.board.markers ||= []).push({ kind: "battle", name: "Battle", space: "falmouth", space_name: "Falmouth", rule: "8.2" });
    }, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    const seen = await page.evaluate(() => {
      const map = document.querySelector("svg.map").getBoundingClientRect();
      const r = document.querySelector('svg.map .rings .marker-ring.battle').getBoundingClientRect();
      const x = r.x + r.width / 2, y = r.y + r.height / 2;
      const key = [...document.querySelectorAll(".map-key li b")].map((b) => b.textContent);
      return { inView: x > map.left && x < map.right && y > map.top && y < map.bottom, keyed: key.includes("Battle") };
    });
    assert.deepEqual(seen, { inView: true, keyed: true });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe("chat and outcome", () => {
  it("an unread mark until the chat is seen; the outcome says who won to each player", { timeout: 60000 }, async () => {
    const { id, token } = await createGame(env.server, "liberty/1775", 3, { british: "me", american: "me" });
    for (const text of ["Good luck", "Boston first"]) {
      assert.equal((await api("POST", `/api/games/${id}/chat`, { token: token.british, body: { text } })).status, 200);
    }
    const page = await openMap(env, play(id, token.american), { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    await page.waitForSelector("#chat-unread:not([hidden])", WAIT);
    assert.equal(await page.textContent("#chat-unread"), "Chat: 2 new");
    assert.equal(await page.textContent('.tabs button[data-tab="chat"]'), "Chat (2)");
    await page.click("#chat-unread");
    await page.waitForSelector("#chat-unread[hidden]", { ...WAIT, state: "attached" });
    assert.equal(await page.textContent('.tabs button[data-tab="chat"]'), "Chat");
    // Seen stays seen.
    await page.reload();
    await page.waitForSelector("svg.map .piece", WAIT);
    await page.waitForTimeout(500);
    assert.equal(await page.locator("#chat-unread").isVisible(), false);
    // The British resign: each page says it in its player's words.
    assert.equal((await api("POST", `/api/games/${id}/resign`, { token: token.british, body: { seq_seen: 0 } })).status, 200);
    await page.reload();
    await page.waitForSelector("#outcome:not([hidden])", WAIT);
    assert.match(await page.textContent("#outcome"), /^You win — American victory\. British resigned\./);
    const loser = await openMap(env, play(id, token.british));
    assert.match(await loser.textContent("#outcome"), /^You lose — American victory\. British resigned\./);
    assert.deepEqual([...page.errors, ...loser.errors], []);
    await page.context().close();
    await loser.context().close();
  });
});
