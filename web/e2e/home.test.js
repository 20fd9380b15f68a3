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
  await page.click("#created a");
  await page.waitForSelector("svg.areamap polygon.area", WAIT);
  assert.match(await page.textContent("#as-seat"), /Patriot/);
  await page.close();
});
