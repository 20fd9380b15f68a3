// Draws by agreement (The French & Indian War 29.3 Concession): in an On to
// Quebec game, the British offer a draw on a phone-sized page and the French
// page is asked, live, to accept or decline it; a decline clears it and is
// told to the British, a move lapses an offer, and an accepted offer ends the game drawn.
// A title whose rules have no draw by agreement shows no "Offer draw".
//
//     cargo build --release -p cli && cd web/e2e && npm ci && node --test draw.test.js
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

async function waitText(page, selector, re) {
  await page.waitForFunction(
    ([sel, src, flags]) => new RegExp(src, flags).test(document.querySelector(sel)?.textContent || ""),
    [selector, re.source, re.flags],
    WAIT,
  );
}

it("a draw is offered, declined, lapsed and agreed between two pages", { timeout: 120000 }, async () => {
  const { id, token } = await createGame(env.server, "fiw/on-to-quebec", 5, { british: "hotseat", french: "hotseat" });
  const errors = [];
  // Each page knows only its own seat (as two players' browsers would).
  const open = async (seat, viewport) => {
    const page = await env.browser.newPage({ viewport });
    page.on("console", (m) => m.type() === "error" && errors.push(`${seat}: ${m.text()}`));
    page.on("pageerror", (e) => errors.push(`${seat}: ${e.message}`));
    page.on("response", (r) => r.status() >= 400 && errors.push(`${seat}: ${r.status()} ${r.url()}`));
    await page.goto(`${env.server.base}/play/${id}#${token[seat]}`);
    await page.locator("#draw:not([hidden])").waitFor(WAIT);
    return page;
  };
  const phone = { width: 390, height: 844 };
  const b = await open("british", phone);
  const f = await open("french", { width: 1400, height: 900 });
  assert.equal(await b.textContent("#draw"), "Offer draw");
  for (const p of [b, f]) assert.equal(await p.isEnabled("#draw"), true);

  // Offered by the British: they wait, the French are asked.
  await b.click("#draw");
  await waitText(b, "#draw-box", /^Draw offered; it lapses at the next move$/);
  assert.equal(await b.isDisabled("#draw"), true, "no second offer");
  await waitText(f, "#draw-box", /^British offers a draw \(29\.3\)/);
  assert.equal(await f.isDisabled("#draw"), true, "the offer is answered in its box");
  // At phone width the box and its buttons fit the screen.
  for (const sel of ["#draw-box", "#draw", "#resign"]) {
    const box = await b.locator(sel).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= phone.width, `${sel} fits: ${JSON.stringify(box)}`);
  }

  // Declined: the French are asked no more, the British are told.
  await f.click("#draw-decline");
  await f.locator("#draw-box").waitFor({ ...WAIT, state: "hidden" });
  await waitText(b, "#draw-box", /^French declines the draw\.$/);
  await waitText(b, "#status-line", /\bmove 2\b/);
  // A declined offer is made again only once a move has been made.
  assert.equal(await b.isDisabled("#draw"), true, "no new offer before a move");
  const frenchMove = async () => {
    const s = (await env.server.api("GET", `/api/games/${id}`, { token: token.french })).body;
    const moved = await env.server.api("POST", `/api/games/${id}/actions`, {
      token: token.french, body: { seq_seen: s.seq, action_id: s.legal[0].id },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
  };
  await frenchMove();
  await waitText(b, "#status-line", /\bmove 3\b/);
  await b.locator("#draw:not([disabled])").waitFor(WAIT);

  // Offered again, then a move (the French set up, over the API): lapsed.
  await b.click("#draw");
  await waitText(f, "#draw-box", /British offers a draw/);
  await frenchMove();
  for (const p of [f, b]) await p.locator("#draw-box").waitFor({ ...WAIT, state: "hidden" });

  // Offered by the French, accepted on the phone: drawn.
  await f.click("#draw");
  await waitText(f, "#draw-box", /^Draw offered; it lapses at the next move$/);
  await waitText(b, "#draw-box", /^French offers a draw \(29\.3\)/);
  await b.click("#draw-accept");
  for (const p of [b, f]) {
    await waitText(p, "#status-line", /Game over/);
    await waitText(p, "#outcome", /A draw\. Drawn by agreement \(29\.3\)/);
    await waitText(p, "#log", /The players agree to a draw\./);
    assert.equal(await p.isHidden("#draw-box"), true);
    assert.equal(await p.isDisabled("#draw"), true);
  }
  assert.deepEqual(errors, []);
  await b.close();
  await f.close();
});

it("a title without draws by agreement shows no offer", { timeout: 60000 }, async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 5, { british: "hotseat", american: "hotseat" });
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${env.server.base}/play/${id}#${token.british}`);
  await page.locator("#resign").waitFor(WAIT);
  await waitText(page, "#status-line", /move 0/);
  assert.equal(await page.isHidden("#draw"), true);
  await page.close();
});
