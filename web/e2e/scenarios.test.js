// Every scenario played by clicking, as a new player would, at desktop and
// phone sizes: against the computer, the player takes a dozen decisions
// on the page (a choice in the list, a group opened and one of its places
// taken, a lit space or piece clicked on the map, a warning confirmed),
// the computer answers, and the page never shows an error.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();
const DECISIONS = 12;

const ONLY = process.env.E2E_ONLY;
const SCENARIOS = [
  ["liberty/1775", { british: "me", american: "computer" }],
  ["b2c/standard", { british: "me", patriot: "computer" }],
  ["b2c/solo-british", { british: "me", patriot: "computer" }],
  ["b2c/solo-patriot", { british: "computer", patriot: "me" }],
  ["bh/standard", { british: "computer", patriot: "me" }],
  ["bh/solo-british", { british: "me", patriot: "computer" }],
  ["bh/solo-patriot", { british: "computer", patriot: "me" }],
  ["gml/canada", { british: "computer", american: "me" }],
  ["gml/saratoga", { british: "me", american: "computer" }],
  ["gml/southern-1780", { british: "computer", american: "me" }],
  ["gml/greene", { british: "me", american: "computer" }],
  ["fiw/on-to-quebec", { british: "me", french: "computer" }],
];

const moveShown = () => Number((document.querySelector("#status-line").textContent.match(/\bmove (\d+)/) || [])[1] || -1);

/** Wait until the page offers this seat a choice, or the game is over. */
async function myTurn(page) {
  await page.waitForFunction(() => {
    const over = /Game over/.test(document.querySelector("#status-line").textContent);
    // (Choices drawn while a move is sent are disabled.)
    const offered = [...document.querySelectorAll("#actions button.act, #actions details.group")].some((b) => b.offsetParent !== null && !b.disabled);
    return over || offered;
  }, null, { timeout: 60000 });
  return !/Game over/.test(await page.locator("#status-line").textContent());
}

/** Wait until the map holds still: its size on the page and its view
 * unchanged for longer than the page's resize debounce (150 ms), so that a
 * point found on it is still the same place when it is clicked. (A move
 * can change the boxes beside the map, the svg's size with them, and the
 * view follows a moment later.) */
async function settled(page) {
  await page.evaluate(() => new Promise((resolve) => {
    const svg = document.querySelector("svg.map");
    const look = () => {
      const r = svg.getBoundingClientRect();
      return `${r.x} ${r.y} ${r.width} ${r.height} ${svg.getAttribute("viewBox")}`;
    };
    let last = look(), since = performance.now();
    const tick = () => {
      const now = look();
      if (now !== last) [last, since] = [now, performance.now()];
      if (performance.now() - since > 300) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
}

/** What the page shows when a decision did not advance the game: for the failure's message. */
const pageNow = () => {
  const text = (sel) => (document.querySelector(sel)?.textContent || "").trim().slice(0, 300);
  const shown = (sel) => { const e = document.querySelector(sel); return !!e && !e.hidden && e.offsetParent !== null; };
  return JSON.stringify({
    status: text("#status-line"), prompt: text("#prompt"), error: text("#error"),
    popup: shown("#popup") ? text("#popup") : null, stackList: shown(".stack-list:not([hidden])"),
    choices: [...document.querySelectorAll("#actions button.act, #actions summary.act")].filter((b) => b.offsetParent !== null).slice(0, 8).map((b) => b.textContent.slice(0, 80)),
  });
};

/** One decision, taken the k-th way: the map, a group, or the list. */
async function decide(page, k) {
  await settled(page);
  const before = await page.evaluate(moveShown);
  let taken;
  // A point of each lit place and piece in sight where a click reaches it
  // (a player pans to the others, and clicks where a box or a name is not on
  // top, nor a pile's count or its tap ring, which list the pile).
  const inSight = await page.evaluate(() => {
    const m = document.querySelector("svg.map").getBoundingClientRect();
    const points = [];
    for (const e of document.querySelectorAll("svg.map .clickable[data-space], svg.map g.piece.target")) {
      const r = e.getBoundingClientRect();
      search: for (const fy of [0.5, 0.35, 0.65, 0.2, 0.8]) {
        for (const fx of [0.5, 0.35, 0.65, 0.2, 0.8]) {
          const x = r.x + r.width * fx, y = r.y + r.height * fy;
          if (x < m.left + 4 || x > m.right - 4 || y < m.top + 4 || y > Math.min(m.bottom, window.innerHeight) - 4) continue;
          const hit = document.elementFromPoint(x, y);
          const space = e.dataset.space, piece = e.dataset.piece;
          const same = hit && (e.contains(hit) || (!piece && hit.closest(`[data-space="${space}"]`) && !hit.closest(".piece:not(.target), .stack-badge, .hits")));
          if (same) {
            points.push({ x, y });
            break search;
          }
        }
      }
    }
    return points;
  });
  const groups = page.locator("#actions details.group");
  if (k % 3 === 1 && inSight.length > 0) {
    const { x, y } = inSight[k % inSight.length];
    taken = `the map at ${Math.round(x)},${Math.round(y)}: ${await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 160), [x, y])}`;
    await page.mouse.click(x, y);
  } else if ((await groups.count()) > 0 && (k % 3 === 2 || !(await page.locator("#actions button.act:visible").count()))) {
    const g = groups.first();
    if (!(await g.evaluate((d) => d.open))) await g.locator("summary").click();
    taken = `the group's first choice: ${await g.locator("button.act").first().textContent()}`;
    await g.locator("button.act").first().click();
  } else {
    const buttons = page.locator("#actions button.act:visible");
    const n = await buttons.count();
    assert.ok(n > 0, "a choice is offered");
    taken = `the choice: ${await buttons.nth((k * 7) % n).textContent()}`;
    await buttons.nth((k * 7) % n).click();
  }
  // A pile's list opened: take its first piece that acts.
  const list = page.locator(".stack-list:not([hidden])");
  if (await list.isVisible()) {
    const b = list.locator("button.target");
    if (await b.count()) await b.first().click();
    else {
      await page.keyboard.press("Escape");
      await page.locator("#actions button.act:visible").first().click();
    }
  }
  // A choice among several at one place, or a warning to confirm: take the first.
  const popup = page.locator("#popup:not([hidden])");
  if (await popup.isVisible()) {
    const confirm = popup.locator("#confirm-action");
    if (await confirm.count()) await confirm.click();
    else await popup.locator("button:not(.cancel)").first().click();
    if (await popup.isVisible() && (await popup.locator("#confirm-action").count())) await popup.locator("#confirm-action").click();
  }
  try {
    await page.waitForFunction((b) => {
      const m = Number((document.querySelector("#status-line").textContent.match(/\bmove (\d+)/) || [])[1] || -1);
      return m > b || /Game over/.test(document.querySelector("#status-line").textContent);
    }, before, WAIT);
  } catch (e) {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/stuck-${k}.png` });
    throw new Error(`decision ${k} (${taken}) left the game at move ${before}; the page: ${await page.evaluate(pageNow)}`, { cause: e });
  }
}

for (const [scenario, seats] of SCENARIOS.filter(([s]) => !ONLY || s === ONLY)) {
  describe(scenario, () => {
    for (const [w, h] of [[1400, 900], [390, 844]]) {
      it(`played by clicking at ${w}x${h}`, { timeout: 240000 }, async () => {
        const { status, body } = await env.server.api("POST", "/api/games", { body: { scenario, seats, seed: 21 } });
        assert.equal(status, 201, JSON.stringify(body));
        const me = body.seats.find((s) => s.url);
        const page = await (await env.browser.newContext({ viewport: { width: w, height: h }, isMobile: w < 600, hasTouch: w < 600 })).newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(e.message));
        page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
        await page.goto(`${env.server.base}${me.url}`);
        await page.waitForSelector("svg.map .space", WAIT);
        let taken = 0;
        for (let k = 0; k < DECISIONS; k++) {
          if (!(await myTurn(page))) break;
          await decide(page, k);
          taken++;
        }
        assert.ok(taken >= Math.min(DECISIONS, 3), `decisions taken: ${taken}`);
        // The map still shows the board and the facts panel its facts.
        assert.ok(await page.locator("svg.map .piece, svg.map .stack").count() > 0, "pieces on the map");
        assert.ok(await page.locator("#info table.facts tr").count() > 2, "facts shown");
        assert.deepEqual(errors, []);
        await page.context().close();
      });
    }
  });
}
