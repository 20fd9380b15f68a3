// The home page's solitaire defaults: the player takes the side the
// scenario's name says, and the side the game's bot sheet plays offers no
// choice of computer; with the bot option at "seat" it is an ordinary seat.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

it("a solitaire scenario seats the player on its side, against the bot sheet", { timeout: 60000 }, async () => {
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${env.server.base}/`);
  await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
  for (const [scenario, player, bot, rule] of [
    ["b2c/solo-patriot", "patriot", "british", "15.4"],
    ["b2c/solo-british", "british", "patriot", "15.3"],
    ["bh/solo-patriot", "patriot", "british", "12.4"],
  ]) {
    await page.selectOption("#scenario", scenario);
    assert.equal(await page.inputValue(`#seat-${player}`), "me", scenario);
    assert.equal(await page.locator(`select#seat-${bot}`).count(), 0, `${scenario}: no choice for the bot's side`);
    assert.match(await page.textContent(`#seat-${bot}`), new RegExp(`bot sheet \\(rule ${rule.replace(".", "\\.")}\\)`));
    // The bot option at "seat": the side is an ordinary seat again.
    await page.selectOption("#opt-bot", "seat");
    assert.equal(await page.locator(`select#seat-${bot}`).count(), 1, scenario);
    await page.selectOption("#opt-bot", "sheet");
  }
  // Created, the game opens on the player's side.
  await page.selectOption("#scenario", "b2c/solo-patriot");
  await page.click("#create-form button[type=submit]");
  // The phone's screen scrolls to the new game's button (it came below the form).
  const go = await page.locator("#created a.button.primary").boundingBox();
  assert.ok(go.y >= 0 && go.y + go.height <= 845, `"Go to the game" in sight (top ${go.y})`);
  // Each seat's own link is a button a finger finds (it was 20px of text).
  const links = await page.locator("#created li a").evaluateAll((as) => as.map((a) => [a.textContent, a.getBoundingClientRect().height]));
  assert.ok(links.length >= 1 && links.every(([, h]) => h >= 40), JSON.stringify(links));
  await page.click("#created a.button.primary");
  await page.waitForSelector("svg.areamap .space", WAIT);
  assert.match(await page.textContent("#as-seat"), /Patriot/);
  await page.close();
});

it("a save file opened on the home page continues the game in this browser", { timeout: 60000 }, async () => {
  const created = await env.server.api("POST", "/api/games", {
    body: { scenario: "liberty/1775", seed: 9, seats: { british: "hotseat", american: "hotseat" } },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const token = Object.fromEntries(created.body.seats.map((s) => [s.seat, s.token]));
  const s = (await env.server.api("GET", `/api/games/${created.body.id}`, { token: token.british })).body;
  const r = await env.server.api("POST", `/api/games/${created.body.id}/actions`, {
    token: token.british, body: { seq_seen: s.seq, action_id: s.legal[0].id },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const save = await env.server.api("GET", `/api/games/${created.body.id}/save`, { token: token.british });
  assert.equal(save.status, 200, JSON.stringify(save.body));
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${env.server.base}/`);
  await page.waitForSelector("#scenario option", { ...WAIT, state: "attached" });
  // Not a save file: said, nothing opened.
  await page.setInputFiles("#save-file", { name: "notes.json", mimeType: "application/json", buffer: Buffer.from("hello") });
  await page.waitForFunction(() => /not a save file/.test(document.querySelector("#open-error").textContent), null, WAIT);
  await page.setInputFiles("#save-file", {
    name: "game.save.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(save.body)),
  });
  await page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{32}$/, WAIT);
  await page.waitForSelector("svg.map .space", WAIT);
  await page.waitForFunction(() => /\bmove 1\b/.test(document.querySelector("#status-line").textContent), null, WAIT);
  assert.notEqual(new URL(page.url()).pathname, `/play/${created.body.id}`, "a new game");
  await page.close();
});
