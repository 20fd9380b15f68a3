// An action with a risk the rules attach (Liberty's force march, 5.5) asks
// for a confirmation that says the risk; cancelling takes nothing.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, movedPast, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

it("a force march is confirmed before it is taken", { timeout: 120000 }, async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 7, { british: "hotseat", american: "hotseat" });
  // Play group moves until a step is a force march.
  let found = null;
  for (let i = 0; i < 80 && !found; i++) {
    const who = (await env.server.api("GET", `/api/games/${id}`, { token: token.british })).body.to_act[0];
    const s = (await env.server.api("GET", `/api/games/${id}`, { token: token[who] })).body;
    // Other warnings come first (an Action left unused): the force march's.
    const march = s.legal.find((a) => /^Force march \(5\.5\)/.test(a.warning ?? ""));
    found = march ? { seat: who, action: march, seq: s.seq } : null;
    if (found) break;
    const ids = s.legal.map((a) => a.id);
    const next = ids.find((a) => a.startsWith("step-")) ?? ids.find((a) => a.startsWith("pick-")) ??
      ids.find((a) => a.startsWith("group-")) ?? ids[0];
    const r = await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: s.seq, action_id: next } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  assert.ok(found, "a force march was offered");
  assert.match(found.action.warning, /^Force march \(5\.5\)/);
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${env.server.base}/play/${id}#${token[found.seat]}`);
  const button = page.locator("#actions button.act.has-warning", { hasText: found.action.label });
  // A step among many is inside its group's line: open it (the only
  // group comes open).
  const group = page.locator("#actions details.group", {
    has: page.locator("button.act.has-warning", { hasText: found.action.label }),
  });
  await page.waitForSelector("#actions .act", { ...WAIT, state: "attached" });
  if ((await group.count()) && !(await group.evaluate((d) => d.open))) await group.locator("summary").click();
  await button.first().click(WAIT);
  await page.waitForSelector("#popup .warning", WAIT);
  assert.match(await page.textContent("#popup .warning"), /1-3 loses a step/);
  await page.click("#popup .cancel");
  const after = (await env.server.api("GET", `/api/games/${id}`, { token: token[found.seat] })).body;
  assert.equal(after.seq, found.seq, "cancelling took nothing");
  await button.first().click(WAIT);
  await page.click("#confirm-action");
  await movedPast(page, found.seq);
  await page.close();
});

it("a map click beyond undo asks first, and says why", { timeout: 120000 }, async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 7, { british: "hotseat", american: "hotseat" });
  // Seeded random moves until a block may fire (7.2): beyond undo, its dice.
  let seed = 1;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let found = null;
  for (let i = 0; i < 1500 && !found; i++) {
    const who = (await env.server.api("GET", `/api/games/${id}`, { token: token.british })).body.to_act[0];
    const s = (await env.server.api("GET", `/api/games/${id}`, { token: token[who] })).body;
    const fire = s.legal.find((a) => a.irreversible && a.target);
    if (fire) found = { seat: who, action: fire };
    else await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: s.seq, action_id: s.legal[rand(s.legal.length)].id } });
  }
  assert.ok(found, "a block offered to fire");
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${env.server.base}/play/${id}#${token[found.seat]}`);
  await page.waitForSelector("svg.map .space", WAIT);
  // The block on the map, or in its space's list when piled.
  const block = page.locator(`svg.map g[data-piece="${found.action.target}"]`);
  if (await block.count()) await block.first().click({ force: true });
  else {
    await page.locator(".stack-badge", { has: page.locator("text") }).first().click();
    await page.locator(`.stack-list button[data-piece="${found.action.target}"]`).click();
  }
  await page.locator("#popup:not([hidden])").waitFor(WAIT);
  assert.match(await page.textContent("#popup"), /cannot be undone: it rolls dice or shows what was hidden/);
  await page.click("#popup .cancel");
  await page.close();
});
