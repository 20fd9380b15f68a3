// A game at the server's move bound (--moves-per-game) is stopped: the page
// says so and why, offers no move, and still lets a player resign.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && node --test stopped.test.js
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser(["--moves-per-game", "2"]);

it("a stopped game says so, offers no move and may be resigned", { timeout: 60000 }, async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 7, { british: "hotseat", american: "hotseat" });
  // Two moves over the API, whoever is to act.
  for (let seq = 0; seq < 2; seq++) {
    const s = await env.server.api("GET", `/api/games/${id}`, { token: token.british });
    const mover = s.body.to_act[0];
    const m = await env.server.api("GET", `/api/games/${id}`, { token: token[mover] });
    const r = await env.server.api("POST", `/api/games/${id}/actions`, {
      token: token[mover],
      body: { seq_seen: seq, action_id: m.body.legal[0].id },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${env.server.base}/play/${id}#${token.british}`);
  await page.waitForFunction(() => /Game stopped at move 2/.test(document.querySelector("#status-line")?.textContent || ""), null, WAIT);
  const prompt = await page.textContent("#prompt");
  assert.match(prompt, /The game is stopped: no more moves may be played\./);
  assert.match(prompt, /resign/i, "the reason the server gives");
  assert.equal(await page.locator("#actions button").count(), 0, "no move is offered");
  assert.equal(await page.isEnabled("#resign"), true);
  await page.close();
});
