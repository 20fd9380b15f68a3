// Two players in two browser contexts against the real server binary:
// create a Liberty game with an invite link (the friend's page claims it), play the card phase from both
// seats, move a group by clicking on the map, watch the other page follow
// (a WebSocket), undo, reload, replay with the slider; and check that
// nothing the American page receives names a British block it may not know.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
//
// POWDERHORN_BIN overrides the server binary, CHROMIUM the browser.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { launchOptions } from "./browser.js";
import { startServer } from "./server.js";

const VIEWPORT = { width: 1400, height: 900 };
const WAIT = { timeout: 15000 };

let server, browser;
let bp, ap; // the British and the American pages
const game = {}; // id, british, american (tokens), spectator
const seen = { bodies: [], pending: [] }; // every response body of the American page
const views = []; // [seq, the American's state from the API] along the way

async function apiGet(path, token) {
  const r = await fetch(`${server.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.status, body: await r.json() };
}

async function stateOf(seat) {
  const { status, body } = await apiGet(`/api/games/${game.id}`, game[seat]);
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

/** What a game page shows: the status line, the blocks per hex (one by
 * one, and the piles a zoomed-out map draws, by their counts), the log. */
async function snapshot(page) {
  return page.evaluate(() => {
    const side = (g) => (g.classList.contains("british") ? "B" : "A");
    return {
      status: document.getElementById("status-line").textContent,
      blocks: [...document.querySelectorAll("svg.map .pieces > g.piece.block")].map((g) => `${g.dataset.space}:${side(g)}:${g.dataset.piece || "?"}`).sort(),
      piles: [...document.querySelectorAll("svg.map .pieces > g.stack")].map((g) => `${g.dataset.space}:${side(g)}:${g.querySelector(".stack-badge").dataset.count}`).sort(),
      log: [...document.querySelectorAll("#log li")].map((li) => li.textContent),
    };
  });
}

async function waitForSeq(page, seq) {
  await page.waitForFunction(
    (s) => new RegExp(`\\bmove ${s}\\b`).test(document.getElementById("status-line").textContent),
    seq,
    WAIT,
  );
}

/** Record every response the page receives (and its live-update messages). */
async function record(page) {
  await page.addInitScript(() => {
    window.__live = [];
    const add = WebSocket.prototype.addEventListener;
    WebSocket.prototype.addEventListener = function (type, fn, opts) {
      return add.call(this, type, (ev) => {
        if (type === "message") window.__live.push(ev.data);
        fn(ev);
      }, opts);
    };
  });
  page.on("response", (resp) => {
    seen.pending.push(
      resp.text().then(
        (text) => seen.bodies.push({ url: resp.url(), text }),
        () => {},
      ),
    );
  });
}

async function clickHex(page, hex) {
  // A real click at the hex's centre (a block drawn there passes it on).
  await page.locator(`svg.map .space[data-space="${hex}"]`).click({ force: true });
}

/** A click on a block of the hex: on the block itself, or, where the zoom
 * shows the hex's blocks as a pile, in the list its count opens. */
async function clickBlock(page, block, hex) {
  const drawn = page.locator(`svg.map g.piece[data-piece="${block}"]`);
  if (await drawn.count()) return drawn.click({ force: true });
  await page.locator(`svg.map .stack-badge[data-space="${hex}"]`).first().click();
  await page.locator(`.stack-list button.target[data-piece="${block}"]`).click();
}

async function act(page, seat, click) {
  const before = (await stateOf(seat)).seq;
  await click();
  try {
    await waitForSeq(page, before + 1);
  } catch (e) {
    await shots(`act-${seat}-${before}`);
    throw e;
  }
  return stateOf(seat);
}

/** With E2E_SHOTS=DIR, screenshots of both pages (when a step fails). */
async function shots(name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const [seat, page] of [["british", bp], ["american", ap]]) {
    if (page) await page.screenshot({ path: `${dir}/${name}-${seat}.png` }).catch(() => {});
  }
}

describe("Liberty in two browsers", () => {
  before(async () => {
    server = await startServer();
    browser = await chromium.launch(launchOptions());
  });

  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
  });

  it("creates a game with an invite link on the home page and opens both seats", async () => {
    // A game with an invited friend takes its dice from the server (no seed
    // of ours): deal until the British hold a higher Action card than the
    // Americans' lowest, so that the British move first (British win ties,
    // but a tie may ask for the initiative).
    for (let attempt = 1; ; attempt++) {
      bp = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
      await bp.goto(`${server.base}/`);
      await bp.selectOption("#scenario", "liberty/1775");
      await bp.selectOption("#seat-british", "me");
      await bp.selectOption("#seat-american", "invite");
      await bp.click("#create-form button[type=submit]");
      const invite = await bp.locator("#created li", { hasText: "American" }).locator("input.link").inputValue();
      const m = invite.match(/\/play\/([0-9a-f]+)#invite=([0-9a-f]+)$/);
      assert.ok(m, `invite link ${invite}`);
      game.id = m[1];
      await bp.click("text=Go to the game");
      await bp.waitForURL(/\/play\//);
      game.british = new URL(bp.url()).hash.slice(1);
      assert.match(game.british, /^[0-9a-f]{32}$/);

      // The friend opens the invite in another browser (its own storage):
      // the page claims the seat and puts its token in the address.
      ap = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
      await record(ap);
      await ap.goto(invite);
      await ap.waitForURL(/#[0-9a-f]{32}$/, WAIT);
      game.american = new URL(ap.url()).hash.slice(1);
      assert.notEqual(game.british, game.american);
      for (const p of [bp, ap]) await p.locator("#actions button.act").first().waitFor(WAIT);
      const cards = async (seat) =>
        (await stateOf(seat)).legal.map((a) => a.label.match(/^Play Action (\d)$/)).filter(Boolean).map((x) => Number(x[1]));
      const bc = await cards("british"), ac = await cards("american");
      if (bc.length && ac.length && Math.max(...bc) > Math.min(...ac)) break;
      assert.ok(attempt < 20, "no deal where the British move first in 20 games");
      await bp.context().close();
      await ap.context().close();
      seen.bodies.length = 0;
      seen.pending.length = 0;
    }
    assert.match(await ap.textContent("#as-seat"), /American/);
    assert.match(await bp.textContent("#as-seat"), /British/);
    views.push([0, await stateOf("american")]);
  });

  it("plays the card phase from both seats", async () => {
    const cards = async (page) => {
      const labels = await page.locator("#actions button.act").allTextContents();
      return labels.map((l) => l.match(/^Play Action (\d)$/)).filter(Boolean).map((m) => Number(m[1]));
    };
    const bc = await cards(bp), ac = await cards(ap);
    assert.ok(bc.length && ac.length, `action cards: British ${bc}, American ${ac}`);
    assert.ok(Math.max(...bc) > Math.min(...ac), `action cards: British ${bc}, American ${ac}`);
    // The British play their best action card, the Americans their worst:
    // the British should move first.
    await bp.click(`#actions button.act:text-is("Play Action ${Math.max(...bc)}")`);
    await waitForSeq(bp, 1);
    await waitForSeq(ap, 1); // live: the American page hears of it
    assert.match(await ap.textContent("#log"), /British plays a card face down/);
    await ap.click(`#actions button.act:text-is("Play Action ${Math.min(...ac)}")`);
    // The click only sends the action: read the state once it has landed.
    await waitForSeq(ap, 2);
    const st = await stateOf("british");
    await waitForSeq(bp, st.seq);
    await waitForSeq(ap, st.seq);
    assert.equal(st.view.phase, "actions", JSON.stringify(st.view.phase));
    assert.deepEqual(st.to_act, ["british"]);
    assert.match(await bp.textContent("#prompt"), /Actions? left/);
    assert.match(await ap.textContent("#prompt"), /Waiting for British/);
    views.push([st.seq, await stateOf("american")]);
  });

  it("moves a group by clicking on the map, and the American page follows", async () => {
    let st = await stateOf("british");
    const map = (await apiGet("/api/titles/liberty/map")).body;
    const onMap = new Set(map.spaces.filter((s) => s.terrain !== "box").map((s) => s.id));
    const group = st.legal.find((a) => a.id.startsWith("group-") && onMap.has(a.target));
    assert.ok(group, "a group on the map to move");
    await bp.click("#zoom-fit");

    // 1. the group's hex
    st = await act(bp, "british", () => clickHex(bp, group.target));
    const pick = st.legal.find((a) => a.id.startsWith("pick-"));
    assert.ok(pick, `a block to pick: ${JSON.stringify(st.legal)}`);
    // 2. the block
    st = await act(bp, "british", () => clickBlock(bp, pick.target, group.target));
    const step = st.legal.find((a) => a.id.startsWith("step-") && onMap.has(a.target));
    assert.ok(step, `a hex to step to: ${JSON.stringify(st.legal)}`);
    const dest = step.target;
    // 3. the destination
    st = await act(bp, "british", () => clickHex(bp, dest));
    const block = st.view.board.pieces.find((p) => p.id === pick.target);
    assert.equal(block.space, dest);
    game.moved = { block: pick.target, from: group.target, to: dest, seq: st.seq };

    // The British page shows the block there (or a British pile, at Fit);
    // the American page, live, a hidden block.
    const there = bp.locator(`svg.map g.piece[data-piece="${pick.target}"][data-space="${dest}"]`);
    await there.or(bp.locator(`svg.map g.stack.british[data-space="${dest}"]`)).first().waitFor(WAIT);
    await waitForSeq(ap, st.seq);
    await ap.locator(`svg.map g.piece.back.british[data-space="${dest}"]`).waitFor(WAIT);
    assert.equal(await ap.locator(`svg.map g.piece[data-piece="${pick.target}"]`).count(), 0);
    views.push([st.seq, await stateOf("american")]);
  });

  it("undoes the step, and the American page follows", async () => {
    const { to, block } = game.moved;
    assert.equal(await bp.isEnabled("#undo"), true);
    const st = await act(bp, "british", () => bp.click("#undo"));
    assert.notEqual(st.view.board.pieces.find((p) => p.id === block).space, to);
    await bp.locator(`svg.map g.piece[data-piece="${block}"][data-space="${to}"]`).waitFor({ state: "detached", ...WAIT });
    await waitForSeq(ap, st.seq);
    await ap.locator(`svg.map g.piece.british[data-space="${to}"]`).waitFor({ state: "detached", ...WAIT });
    views.push([st.seq, await stateOf("american")]);
  });

  it("shows the same state after reloading both pages", async () => {
    for (const page of [bp, ap]) {
      // Both at Fit: how many blocks a hex shows one by one depends on the zoom.
      await page.click("#zoom-fit");
      const before = await snapshot(page);
      const shown = before.blocks.length + before.piles.reduce((n, p) => n + Number(p.split(":")[2]), 0);
      assert.ok(shown > 20, `blocks drawn: ${shown}`);
      await page.reload();
      await page.locator("svg.map g.piece.block").first().waitFor(WAIT);
      await page.waitForFunction((t) => document.getElementById("status-line").textContent === t, before.status, WAIT);
      await page.click("#zoom-fit");
      assert.deepEqual(await snapshot(page), before);
    }
  });

  it("replays earlier moves with the slider (the seat's view only)", async () => {
    const now = (await stateOf("american")).seq;
    // Server: each recorded point replays to what the American saw then.
    for (const [seq, then] of views) {
      const { status, body } = await apiGet(`/api/games/${game.id}/at/${seq}`, game.american);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.seq, seq);
      assert.equal(body.current_seq, now);
      assert.deepEqual(body.view, then.view, `view at ${seq}`);
      assert.deepEqual(body.log, then.log, `log at ${seq}`);
      assert.equal(body.legal, undefined);
    }
    assert.equal((await apiGet(`/api/games/${game.id}/at/${now + 1}`, game.american)).status, 404);
    assert.equal((await apiGet(`/api/games/${game.id}/at/0`, "0".repeat(32))).status, 403);
    assert.equal((await apiGet(`/api/games/${game.id}/at/0`)).status, 403);

    // Browser: back to the move where the British block stood on its destination.
    const live = await snapshot(ap);
    const { to, seq } = game.moved;
    await ap.locator("#replay-range").fill(String(seq));
    await ap.waitForFunction((s) => document.getElementById("status-line").textContent.startsWith(`replaying move ${s} of`), seq, WAIT);
    await ap.locator(`svg.map g.piece.back.british[data-space="${to}"]`).waitFor(WAIT);
    assert.equal(await ap.locator("#actions button.act").count(), 0);
    // and to the set-up
    await ap.locator("#replay-range").fill("0");
    await ap.waitForFunction(() => document.getElementById("status-line").textContent.startsWith("replaying move 0 of"), null, WAIT);
    assert.match(await ap.textContent("#prompt"), /Replay/);
    await ap.click("#replay-now");
    await ap.waitForFunction((t) => document.getElementById("status-line").textContent === t, live.status, WAIT);
    assert.deepEqual(await snapshot(ap), live);
  });

  it("never sends the American page a British block's identity", async () => {
    // The British see all their blocks (pool included): their ids and names.
    const british = (await stateOf("british")).view.board.pieces.filter((p) => p.side === "british" && p.face === "up");
    assert.ok(british.length >= 20, `British blocks: ${british.length}`);
    // A few blocks share their name with a place on the map (Mohawk...):
    // those are checked by id only.
    const map = (await apiGet("/api/titles/liberty/map")).body;
    const places = new Set(map.spaces.filter((s) => (s.features || []).includes("town")).map((s) => s.name));
    const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const patterns = british.flatMap((b) => [
      [b.id, new RegExp(`(?<![\\w-])${esc(b.id)}(?![\\w-])`)],
      ...(places.has(b.name) ? [] : [[b.id, new RegExp(`\\b${esc(b.name)}\\b`)]]),
    ]);

    await Promise.all(seen.pending);
    const live = await ap.evaluate(() => window.__live);
    const bodies = [...seen.bodies, ...live.map((text) => ({ url: "live update", text }))];
    assert.ok(bodies.some((b) => b.url.includes(`/api/games/${game.id}/at/`)), "the replay was recorded");
    assert.ok(bodies.filter((b) => b.url.includes(`/api/games/${game.id}`)).length >= 5, "game states were recorded");
    assert.ok(live.some((e) => JSON.parse(e).event === "changed"), `live updates were recorded: ${live}`);

    for (const { url, text } of bodies) {
      // A British block the American may know: revealed in battle, or a prisoner.
      let known = new Set();
      try {
        const v = JSON.parse(text).view;
        for (const b of (v && v.board && v.board.pieces) || []) {
          // A back shows only its side; a block face up is known by its id.
          if (b.side !== "british" || b.face !== "up") continue;
          const revealed = (b.states || []).includes("revealed");
          assert.ok(revealed || b.space === "prisoner", `${url} shows ${b.id} neither revealed nor a prisoner`);
          known.add(b.id);
        }
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
      }
      for (const [id, re] of patterns) {
        if (known.has(id)) continue;
        const m = text.match(re);
        assert.ok(!m, `${url} names the British block ${id}: …${m && text.slice(Math.max(0, m.index - 80), m.index + 80)}…`);
      }
    }
    // Turn 1, cards and moves only: no British block is known at all.
    assert.ok(views.every(([, s]) => !s.view.board.pieces.some((p) => p.side === "british" && p.face === "up")));
  });
});

describe("Rematch", () => {
  let srv, br;
  before(async () => {
    srv = await startServer();
    br = await chromium.launch(launchOptions());
  });

  after(async () => {
    if (br) await br.close();
    if (srv) await srv.stop();
  });

  it("after a resignation starts a new game with the sides swapped", async () => {
    const r = await fetch(`${srv.base}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scenario: "liberty/1775", seed: 7, seats: { british: "me", american: "computer" } }),
    });
    const created = await r.json();
    assert.equal(r.status, 201, JSON.stringify(created));
    const mine = created.seats.find((s) => s.seat === "british");
    // The computer plays its card after the answer: let it, so the resign
    // below is not refused as stale.
    for (let i = 0; i < 300; i++) {
      const s = await (await fetch(`${srv.base}/api/games/${created.id}`, { headers: { authorization: `Bearer ${mine.token}` } })).json();
      if (!s.thinking) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const page = await (await br.newContext({ viewport: VIEWPORT })).newPage();
    await page.goto(`${srv.base}/play/${created.id}#${mine.token}`);
    page.on("dialog", (d) => d.accept());
    await page.click("#resign");
    await page.waitForSelector("#rematch:not([hidden])", WAIT);
    await page.click("#rematch");
    await page.waitForURL((u) => !u.pathname.endsWith(created.id), WAIT);
    const [, , id] = new URL(page.url()).pathname.split("/");
    const token = new URL(page.url()).hash.slice(1);
    const s = await (await fetch(`${srv.base}/api/games/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.equal(s.seat, "american", "the sides are swapped");
    assert.deepEqual(
      s.seats.map((x) => `${x.seat}:${x.kind}`).sort(),
      ["american:me", "british:computer"],
    );
    assert.equal(`${s.title}/${s.scenario}`, "liberty/1775");
  });
});
