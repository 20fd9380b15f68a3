// What just happened: after the other side moves, its moves are drawn on
// the map (an arrow from where to where, the log line as its tooltip).
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, movedPast, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

it("the other side's moves are drawn on the map", { timeout: 180000 }, async () => {
  const { id, token } = await createGame(env.server, "b2c/standard", 11, { british: "hotseat", patriot: "hotseat" });
  const state = async (seat) => (await env.server.api("GET", `/api/games/${id}`, { token: token[seat] })).body;
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The British open their page and take a move there, so the page knows
  // where their own moves end.
  let s = await state("british");
  for (let i = 0; i < 80 && !(s.to_act.length === 1 && s.to_act[0] === "british"); i++) {
    const who = s.to_act[0];
    const mine = await state(who);
    await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: mine.seq, action_id: mine.legal[0].id } });
    s = await state("british");
  }
  assert.deepEqual(s.to_act, ["british"], "the British are to act");
  await page.goto(`${env.server.base}/play/${id}#${token.british}`);
  await page.waitForSelector("#actions .act", { ...WAIT, state: "attached" });
  await page.evaluate(() => {
    for (const d of document.querySelectorAll("#actions details.group")) d.open = true;
  });
  await page.locator("#actions button.act").first().click();
  await movedPast(page, s.seq);
  // The Patriots play (over the API) until one of their entries moves pieces.
  let moved = null;
  for (let i = 0; i < 200 && !moved; i++) {
    const b = await state("british");
    if (b.status === "over") break;
    const who = b.to_act[0];
    if (who === "british") {
      // Not through the page: the trail must show only what the Patriots did.
      await env.server.api("POST", `/api/games/${id}/actions`, { token: token.british, body: { seq_seen: b.seq, action_id: b.legal[b.legal.length - 1].id } });
      continue;
    }
    const p = await state(who);
    const move = p.legal.find((a) => a.id.startsWith("move-")) ?? p.legal.find((a) => a.id.startsWith("to-")) ?? p.legal[0];
    await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: p.seq, action_id: move.id } });
    const after = await state("british");
    moved = after.log.find((e) => e.path && e.path.length >= 2 && /^The Patriots move/.test(e.text));
  }
  assert.ok(moved, "the Patriots moved pieces");
  // The live update redraws the British page: the move is on the map.
  const arrow = page.locator("svg.map .trail .trail-move", { hasText: moved.text });
  await arrow.first().waitFor({ ...WAIT, state: "attached" });
  assert.deepEqual(errors, []);
  await page.close();
});
