// Give Me Liberty! (gml/saratoga) played on a phone by touch, as the
// British against the computer: a pile's count catches a tap near it and no
// farther (its neighbour's count gets its own), a choice's second line is
// never cut when the list scrolls, the only choice a prompt offers, a
// group (the places to raise a militia unit in), comes open and its points
// take a finger's tap, and what a move did reads under the prompt; each
// title's first scenario opens with its prompt and first choice in sight.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, createGame, WAIT } from "./setup.js";

const env = serverAndBrowser();

/** Tap the choice that says `text` and wait for the next move's choices
 * (`wait`: longer where the computer may move first). */
async function take(page, text, wait = WAIT) {
  const before = await page.locator("#status-line").textContent();
  await page.locator("#actions button.act", { hasText: text }).first().tap();
  await page.waitForFunction((b) => document.querySelector("#status-line").textContent !== b
    && !document.body.classList.contains("busy") && document.querySelector("#actions button.act"), before, wait);
}

it("Give Me Liberty! on a phone: piles, choices and a move by touch", { timeout: 300000 }, async () => {
  const game = await createGame(env.server, "gml/saratoga", 7, { british: "me", american: "computer" });
  const page = await (await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${env.server.base}/play/${game.id}#${game.token.british}`);
  await page.waitForSelector("svg.map .stack-badge", WAIT);
  await page.locator("#actions button.act").first().waitFor(WAIT);

  // Each count in sight is its own pile's below 17px from its middle and
  // never at 24px (its ring's unpainted stroke, a map unit wide, took taps
  // 60px off and opened New York's neighbour's list).
  const reach = await page.evaluate(() => [...document.querySelectorAll("svg.map .stack-badge")].map((b) => {
    const r = b.querySelector("circle").getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    if (x < 60 || x > 360 || y < 30 || y > 420) return null;
    // The count, or its tap ring (board.js countBadge: under every piece).
    const side = b.closest(".stack").classList.contains("british") ? "british" : "american";
    const ours = (e) => e?.closest(".stack-badge") === b || (e?.matches("circle.hit") && e.dataset.space === b.dataset.space && e.dataset.side === side);
    const at = (dx) => ours(document.elementFromPoint(x + dx, y));
    return { space: b.dataset.space, near: at(12), far: at(24) };
  }).filter(Boolean));
  assert.ok(reach.length >= 2, `piles in sight: ${JSON.stringify(reach)}`);
  for (const r of reach) assert.ok(r.near && !r.far, `the count of ${r.space}: ${JSON.stringify(r)}`);

  // Howe marches on White Plains: a single activation, his force, the move.
  await take(page, "Done forming");
  await take(page, "Done forming");
  await take(page, "Activate a single unit or leader");
  if (await page.locator("#actions button.act", { hasText: "End naval movement" }).count()) await take(page, "End naval movement");
  const leaders = page.locator("#actions details.group").first();
  if (!(await leaders.evaluate((d) => d.open))) await leaders.locator("summary").tap();
  await take(page, "Activate William Howe");
  await take(page, "Done forming");
  // Two-line choices ("Place William Howe and his command in reserve") read whole.
  const cut = await page.evaluate(() => [...document.querySelectorAll("#actions button.act")]
    .filter((b) => b.offsetParent && b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent));
  assert.deepEqual(cut, [], "choices cut short");
  await take(page, "Move William Howe's group");
  // Where the computer set Putnam up in White Plains (its set-up varies
  // from game to game: its search is seeded afresh for each move), it now
  // withdraws him or stays (6.3), thinking first: on a loaded machine (CI
  // beside a build) that took over a minute.
  await take(page, "Move to White Plains", { timeout: 180000 });
  await take(page, "Stop here");
  // Had he stayed, the British are asked whether to fight him, entrenched
  // (8.0): they fight no more. (The CI run of 3949cd9 waited three minutes
  // for the militia rolls behind that question.)
  if (/fight no more/.test(await page.locator("#prompt").textContent())) await take(page, "Fight no more");
  // What the move did (the phases it ended, the militia rolls) reads right
  // under the prompt, not only in the log a page further down.
  assert.match(await page.locator("#prompt").textContent(), /Place 1 militia/);
  const lately = await page.evaluate(() => {
    const p = document.querySelector("#prompt").getBoundingClientRect(), l = document.querySelector("#lately");
    return { gap: l.getBoundingClientRect().top - p.bottom, head: l.querySelector(".lately-head")?.textContent, text: l.textContent, visible: !l.hidden };
  });
  assert.ok(lately.visible && lately.gap >= 0 && lately.gap < 20, JSON.stringify(lately));
  assert.equal(lately.head, "Since your last move");
  assert.match(lately.text, /Militia Table, Canada .* a militia unit is raised/);
  // The militia raised in Canada is to be placed: its
  // places, the only choice, come open, no tap to open them.
  assert.match(await page.locator("#prompt").textContent(), /Place 1 militia/);
  assert.equal(await page.locator("#actions > *:not(.hint)").count(), 1, "one choice");
  assert.ok(await page.locator("#actions details.group").evaluate((d) => d.open), "the only group is open");
  // Its places are points 29px across: each lit one takes a finger's tap
  // from 44px around it (its tap ring), and a tap 15px off one places the unit there.
  await page.evaluate(() => window.scrollTo(0, 0));
  const rings = await page.evaluate(() => {
    const m = document.querySelector("svg.map").getBoundingClientRect();
    return [...document.querySelectorAll("svg.map .tap-ring")].map((c) => c.getBoundingClientRect())
      .filter((b) => b.x > m.x + 10 && b.right < m.right - 30 && b.y > m.y + 10 && b.bottom < m.bottom - 10)
      .map((b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width }));
  });
  assert.ok(rings.length >= 1 && rings.every((r) => r.w >= 43), JSON.stringify(rings));
  const before = await page.locator("#status-line").textContent();
  await page.touchscreen.tap(rings[0].x + 15, rings[0].y);
  await page.waitForFunction((b) => document.querySelector("#status-line").textContent !== b, before, WAIT);
  assert.match(await page.locator("#log li").last().textContent(), /militia/i);
  assert.deepEqual(errors, []);
  await page.context().close();
});

it("a new player's first choice on a phone is in sight with the prompt, for each title's first scenario", { timeout: 120000 }, async () => {
  // The page as it opens, at the top: the header, the map (half the
  // screen), the prompt and what happened lately, then the choices. At
  // 390x844 the first choice stood below the screen's foot in four of the
  // five titles (a first visit showed four lines of Lately).
  const games = [["liberty/1775", "american"], ["b2c/standard", "patriot"], ["bh/standard", "patriot"], ["gml/canada", "american"], ["fiw/on-to-quebec", "french"]];
  const faults = [];
  for (const [scenario, other] of games) {
    const game = await createGame(env.server, scenario, 5, { british: "me", [other]: "me" });
    for (const [seat, token] of Object.entries(game.token)) {
      const s = (await env.server.api("GET", `/api/games/${game.id}`, { token })).body;
      if (!s.legal.length) continue;
      const page = await (await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
      await page.goto(`${env.server.base}/play/${game.id}?nolive#${token}`);
      await page.locator("#actions button.act").first().waitFor(WAIT);
      const seen = await page.evaluate(() => {
        const p = document.querySelector("#prompt").getBoundingClientRect(), a = document.querySelector("#actions button.act").getBoundingClientRect();
        return { prompt: p.top >= 0 && p.bottom <= innerHeight, choice: a.top >= 0 && a.bottom <= innerHeight, at: Math.round(a.bottom) };
      });
      if (!seen.prompt || !seen.choice) faults.push(`${scenario}, ${seat}: ${JSON.stringify(seen)}`);
      await page.context().close();
    }
  }
  assert.deepEqual(faults, []);
});

it("a phone's header names the scenario, and a long pool folds and stays as the player leaves it", { timeout: 120000 }, async () => {
  const game = await createGame(env.server, "liberty/1775", 5, { british: "me", american: "computer" });
  const page = await (await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await page.goto(`${env.server.base}/play/${game.id}#${game.token.british}`);
  await page.locator("#actions button.act").first().waitFor(WAIT);
  // The scenario by its name, not its key ("1775"), on one line; the
  // title's name and the scenario's whole name in the tooltip.
  const title = await page.evaluate(() => {
    const t = document.querySelector("#game-title");
    return { text: t.innerText, tip: t.title, height: t.getBoundingClientRect().height / parseFloat(getComputedStyle(t).fontSize) };
  });
  assert.equal(title.text, "The 1775 campaign game");
  assert.equal(title.tip, "Liberty: The American Revolution 1775-83 · The 1775 campaign game");
  assert.ok(title.height < 1.6, JSON.stringify(title));
  // The British replacement pool (9 blocks) folds under its count; the
  // French pool (6) does not.
  const pool = page.locator("#offmap details.offmap-row", { hasText: "The replacement pool — British" });
  assert.match(await pool.locator("summary").textContent(), /\(9\)/);
  assert.equal(await pool.evaluate((d) => d.open), false);
  assert.equal(await page.locator("#offmap details.offmap-row", { hasText: "French pool" }).count(), 0);
  await pool.locator("summary").tap();
  assert.equal(await pool.evaluate((d) => d.open), true);
  // Opened, it stays open through the next move's redraw.
  await take(page, "Play Action");
  assert.equal(await page.locator("#offmap details.offmap-row", { hasText: "The replacement pool — British" }).evaluate((d) => d.open), true);
  await page.context().close();
});
