// "Why not?" in the browser: on a player's turn, a click on a hex where
// nothing is offered shows each rule that forbids it, with its section.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

it("a click on a hex a picked block cannot reach says why not", async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 7, { british: "hotseat", american: "hotseat" });
  // Play the first choices until a group move has picked a block.
  let seat = null;
  for (let i = 0; i < 40 && !seat; i++) {
    const who = (await env.server.api("GET", `/api/games/${id}`, { token: token.british })).body.to_act[0];
    const s = (await env.server.api("GET", `/api/games/${id}`, { token: token[who] })).body;
    const ids = s.legal.map((a) => a.id);
    const pick = ids.find((a) => a.startsWith("pick-"));
    const move = pick ?? ids.find((a) => a.startsWith("group-")) ?? ids[0];
    const r = await env.server.api("POST", `/api/games/${id}/actions`, {
      token: token[who],
      body: { seq_seen: s.seq, action_id: move },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (pick) seat = who;
  }
  assert.ok(seat, "a block was picked");
  for (const [name, viewport] of [["desktop", { width: 1400, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
    const page = await env.browser.newPage({ viewport });
    await page.goto(`${env.server.base}/play/${id}#${token[seat]}`);
    // Savannah: far from any block of 1775's first moves.
    await page.waitForSelector('svg.map [data-space="0618"]', WAIT);
    await page.dispatchEvent('svg.map [data-space="0618"]', "click");
    await page.waitForSelector("#hexinfo .why", WAIT);
    const text = await page.textContent("#hexinfo .why");
    assert.match(text, /Why not\?/);
    assert.match(text, /5\.1.*not next to/, text);
    if (process.env.E2E_SHOTS) {
      await page.evaluate(() => document.querySelector("#hexinfo").scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/why-${name}.png` });
    }
    await page.close();
  }
});
