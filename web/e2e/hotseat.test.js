// Hot-seat: when the seat on screen has played and the other seat of this
// browser must act, a cover asks to hand the screen over, and nothing of
// the seat that just played is in the page behind it (checked in the DOM,
// not by eye); the next player then sees its own side. While both seats act
// at once (Liberty's card play), the header's seat switch goes through the
// same cover, which the seat on screen may also take back.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

/** The cover is up and nothing of either seat is in the page behind it. */
async function assertCovered(page, seat) {
  await page.waitForSelector("#pass .pass-box", WAIT);
  assert.equal(await page.locator("#pass").isVisible(), true);
  assert.match(await page.textContent("#pass h2"), new RegExp(`Hand the screen to the ${seat} player`));
  const html = await page.evaluate(() => document.body.innerHTML);
  assert.equal(await page.locator("svg.map").count(), 0, "no map behind the cover");
  assert.doesNotMatch(html, /You play/, "a private log line");
  assert.doesNotMatch(html, /Your hand/i, "a hand");
  assert.equal(await page.locator("#log li").count(), 0, "no log behind the cover");
  assert.equal(await page.locator("#actions button").count(), 0, "no choices behind the cover");
  // The header names no seat as "You" while the screen is handed over.
  assert.doesNotMatch(await page.textContent("#as-seat"), /You/);
}

/** The seat on screen, with its own hand and choices. */
async function assertSeat(page, seat) {
  await page.waitForSelector("svg.map .space", WAIT);
  await page.waitForSelector("#actions button.act", WAIT);
  assert.equal(await page.locator("#pass").isVisible(), false);
  assert.match(await page.textContent("#as-seat"), new RegExp(seat));
  assert.match((await page.textContent("#info")) || "", /Your hand/i);
}

it("every seat switch goes through the hand-over cover, which leaves nothing of either seat in the page", { timeout: 120000 }, async () => {
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    const { id, token } = await createGame(env.server, "liberty/1775", 11, { british: "hotseat", american: "hotseat" });
    // This browser holds both seats, as the home page remembers them.
    const games = ["british", "american"].map((seat) => ({
      id, token: token[seat], seat, kind: "hotseat", title: "Liberty", scenario: "liberty/1775",
    }));
    const context = await env.browser.newContext({ viewport });
    await context.addInitScript((g) => localStorage.setItem("powderhorn.games", JSON.stringify(g)), games);
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.goto(`${env.server.base}/play/${id}#${token.british}`);
    // Both seats play a card at once: the header's switch covers the screen.
    await assertSeat(page, "British");
    await page.click("#seat-switch button:has-text('Play American')");
    await assertCovered(page, "American");
    await page.click("#pass button.primary");
    await assertSeat(page, "American");
    // Asked by mistake: the American takes it back, and then hands over.
    await page.click("#seat-switch button:has-text('Play British')");
    await assertCovered(page, "British");
    await page.click("#pass button.pass-back");
    await assertSeat(page, "American");
    await page.click("#seat-switch button:has-text('Play British')");
    await assertCovered(page, "British");
    await page.click("#pass button.primary");
    await assertSeat(page, "British");
    // The British play a card; the cover comes up by itself.
    await page.locator("#actions button.act").first().click();
    await assertCovered(page, "American");
    // The American takes the screen: its own side, no cover.
    await page.click("#pass button.primary");
    await assertSeat(page, "American");
    assert.deepEqual(errors, []);
    await context.close();
  }
});
