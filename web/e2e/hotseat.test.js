// Hot-seat: when the seat on screen has played and the other seat of this
// browser must act, a cover asks to hand the screen over, and nothing of
// the seat that just played is in the page behind it (checked in the DOM,
// not by eye); the next player then sees its own side.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

it("the hand-over cover leaves nothing of the other seat in the page", { timeout: 120000 }, async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 11, { british: "hotseat", american: "hotseat" });
  // This browser holds both seats, as the home page remembers them.
  const games = ["british", "american"].map((seat) => ({
    id, token: token[seat], seat, kind: "hotseat", title: "Liberty", scenario: "liberty/1775",
  }));
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    const context = await env.browser.newContext({ viewport });
    await context.addInitScript((g) => localStorage.setItem("powderhorn.games", JSON.stringify(g)), games);
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.goto(`${env.server.base}/play/${id}#${token.british}`);
    const state = (await env.server.api("GET", `/api/games/${id}`, { token: token.british })).body;
    if (state.to_act.includes("british")) {
      // The British play a card; their hand was on the page.
      await page.waitForSelector("#actions button.act", WAIT);
      const hand = (await page.textContent("#info")) || "";
      assert.match(hand, /hand/i, hand);
      await page.locator("#actions button.act").first().click();
    }
    await page.waitForSelector("#pass .pass-box", WAIT);
    assert.equal(await page.locator("#pass").isVisible(), true);
    const html = await page.evaluate(() => document.body.innerHTML);
    assert.equal(await page.locator("svg.map").count(), 0, "no map behind the cover");
    assert.doesNotMatch(html, /You play/, "the British private log line");
    assert.doesNotMatch(html, /Your hand/i, "the British hand");
    assert.equal(await page.locator("#log li").count(), 0, "no log behind the cover");
    // The header names no seat as "You" while the screen is handed over.
    assert.doesNotMatch(await page.textContent("#as-seat"), /You/);
    // The American takes the screen: its own side, no cover.
    await page.click("#pass button.primary");
    await page.waitForSelector("svg.map .space", WAIT);
    await page.waitForSelector("#actions button.act", WAIT);
    assert.equal(await page.locator("#pass").isVisible(), false);
    assert.match(await page.textContent("#as-seat"), /American/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
