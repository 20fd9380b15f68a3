// Many tabs of one browser: a browser keeps six HTTP/1.1 connections per
// host for all its tabs, so a live-update stream per tab over plain HTTP
// froze the seventh tab. Eight tabs of eight games in one browser each
// load and each follow its game live (over WebSockets).
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();
const TABS = 8;

it("eight tabs of one browser load and follow their games live", { timeout: 120000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const tabs = [];
  for (let i = 0; i < TABS; i++) {
    const created = await env.server.api("POST", "/api/games", {
      body: { scenario: "liberty/1775", seed: 100 + i, seats: { british: "hotseat", american: "hotseat" } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const token = Object.fromEntries(created.body.seats.map((s) => [s.seat, s.token]));
    const page = await context.newPage();
    // Connected once the server's first notice has come.
    const connected = new Promise((resolve) => page.on("websocket", (ws) => ws.on("framereceived", resolve)));
    await page.goto(`${env.server.base}/play/${created.body.id}#${token.british}`);
    await page.waitForSelector("svg.map .space", WAIT);
    await page.waitForSelector("#actions button.act", WAIT);
    await connected;
    tabs.push({ page, id: created.body.id, token });
  }
  // A move in each game (the American plays a card, from elsewhere): every
  // tab shows it without a reload.
  for (const t of tabs) {
    const s = (await env.server.api("GET", `/api/games/${t.id}`, { token: t.token.american })).body;
    const r = await env.server.api("POST", `/api/games/${t.id}/actions`, {
      token: t.token.american,
      body: { seq_seen: s.seq, action_id: s.legal[0].id },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  for (const [i, t] of tabs.entries()) {
    await t.page.waitForFunction(() => /\bmove 1\b/.test(document.querySelector("#status-line").textContent), null, WAIT)
      .catch(() => assert.fail(`tab ${i + 1} did not follow its game`));
  }
  await context.close();
});
