// Many choices of one kind ("Place hinder-muster in X" for every region)
// show as one line that opens, its places lit on the map; a choice taken
// from inside it is taken. At desktop and phone sizes.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, createGame, movedPast, WAIT } from "./setup.js";

const env = serverAndBrowser();
const GROUP_MIN = 4;

/** Play the first choice until a seat is offered GROUP_MIN or more of one group. */
async function gameWithAGroup(scenario, seats) {
  const created = await env.server.api("POST", "/api/games", { body: { scenario, seed: 3, seats } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const token = Object.fromEntries(created.body.seats.map((s) => [s.seat, s.token]));
  const first = Object.keys(seats)[0];
  for (let i = 0; i < 60; i++) {
    const who = (await env.server.api("GET", `/api/games/${id}`, { token: token[first] })).body.to_act[0];
    const s = (await env.server.api("GET", `/api/games/${id}`, { token: token[who] })).body;
    const counts = new Map();
    for (const a of s.legal) if (a.group) counts.set(a.group, (counts.get(a.group) || 0) + 1);
    const group = [...counts].find(([, n]) => n >= GROUP_MIN);
    if (group) return { id, token: token[who], seq: s.seq, group: group[0], members: s.legal.filter((a) => a.group === group[0]) };
    const r = await env.server.api("POST", `/api/games/${id}/actions`, {
      token: token[who],
      body: { seq_seen: s.seq, action_id: s.legal[0].id },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  throw new Error(`no group of ${GROUP_MIN} choices in ${scenario}`);
}

for (const [scenario, seats, size] of [
  ["b2c/standard", { british: "hotseat", patriot: "hotseat" }, { width: 1400, height: 900 }],
  ["liberty/1775", { british: "hotseat", american: "hotseat" }, { width: 390, height: 844 }],
]) {
  it(`${scenario} at ${size.width}x${size.height}: like choices are one line that opens`, { timeout: 120000 }, async () => {
    const g = await gameWithAGroup(scenario, seats);
    const page = await env.browser.newPage({ viewport: size });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${env.server.base}/play/${g.id}#${g.token}`);
    const group = page.locator("#actions details.group", { hasText: g.group });
    await group.waitFor(WAIT);
    const summary = await group.locator("summary").textContent();
    const places = new Set(g.members.map((a) => a.target)).size;
    assert.ok(summary.includes(`${places} place`), `the line counts its places: ${summary}`);
    // No member has a button of its own. The only group, beside one plain
    // choice, comes open with its places lit (the choice to make is in it).
    assert.equal(await page.locator("#actions > button.act", { hasText: g.members[0].label }).count(), 0);
    assert.ok(await group.evaluate((d) => d.open), "the only group comes open");
    assert.equal(await group.locator("button.act").count(), g.members.length);
    assert.ok((await page.locator("svg.map .hover").count()) > 0, "the group's places are lit");
    // Shut by the player, its places are no longer lit; opened, lit again.
    await group.locator("summary").click();
    assert.equal(await group.locator("button.act").first().isVisible(), false);
    await page.waitForFunction(() => !document.querySelector("svg.map .hover"), null, WAIT);
    await group.locator("summary").click();
    assert.equal(await group.locator("button.act").count(), g.members.length);
    await page.waitForFunction(() => document.querySelector("svg.map .hover"), null, WAIT);
    await group.locator("button.act").first().click();
    await movedPast(page, g.seq);
    // What the list lit goes out with it: lit now only what the next
    // decision points at.
    const next = (await env.server.api("GET", `/api/games/${g.id}`, { token: g.token })).body;
    const targets = new Set(next.legal.map((a) => a.target).filter(Boolean));
    const lit = await page.locator("svg.map .space.hover").evaluateAll((es) => es.map((e) => e.dataset.space));
    assert.deepEqual(lit.filter((s) => !targets.has(s)), [], `lit after the move: ${lit.join(" ")}; pointed at: ${[...targets].join(" ")}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

it("a place with actions is reached by the keyboard and named for screen readers", { timeout: 120000 }, async () => {
  const g = await gameWithAGroup("b2c/standard", { british: "hotseat", patriot: "hotseat" });
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${env.server.base}/play/${g.id}#${g.token}`);
  const target = page.locator(`svg.map [role=button][tabindex="0"]`);
  await target.first().waitFor({ ...WAIT, state: "attached" });
  // Every place an action points at is a button, named by its actions.
  const named = await target.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  assert.ok(named.length >= new Set(g.members.map((a) => a.target)).size, `${named.length} targets`);
  assert.ok(named.some((n) => g.members.some((a) => n.includes(a.label))), named.join(" | "));
  // Tab reaches one; Enter offers its actions, or takes the only one.
  await target.first().focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    (seq) => !document.querySelector("#popup").hidden ||
      Number((document.querySelector("#status-line").textContent.match(/\bmove (\d+)/) || [])[1]) > seq,
    g.seq,
    WAIT,
  );
  await page.close();
});

it("The French & Indian War's secret purchases: the recruits by kind, and what is bought so far", { timeout: 120000 }, async () => {
  const created = await env.server.api("POST", "/api/games", { body: { scenario: "fiw/on-to-quebec", seed: 3, seats: { british: "hotseat", french: "hotseat" } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  const token = Object.fromEntries(created.body.seats.map((s) => [s.seat, s.token]));
  // To turn 2's Income/Expenditure Phase the quickest way: every side
  // ends what it may end, or takes its last choice.
  for (let i = 0; ; i++) {
    assert.ok(i < 400, "the purchases reached");
    const who = (await env.server.api("GET", `/api/games/${id}`, { token: token.british })).body.to_act[0];
    const s = (await env.server.api("GET", `/api/games/${id}`, { token: token[who] })).body;
    if (s.prompt && s.prompt.rule === "9.2") break;
    const ids = s.legal.map((a) => a.id);
    const pick = ids.find((x) => ["done", "commit", "halt"].includes(x)) || ids[ids.length - 1];
    await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: s.seq, action_id: pick } });
  }
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${env.server.base}/play/${id}#${token.british}`);
  // Some sixty recruits, in closed lines by kind that count their choices;
  // they have no place on the map, so none is lit.
  const regulars = page.locator("#actions details.group", { hasText: "Recruit regulars" });
  await regulars.waitFor(WAIT);
  assert.match(await regulars.locator("summary").textContent(), /· \d+ choices/);
  assert.equal(await page.locator("#actions details.group[open]").count(), 0, "all closed");
  assert.ok(await page.locator("#actions > button.act").count() < 12, "a short list");
  assert.match(await page.locator("#prompt").textContent(), /So far: nothing yet \(leaves £\d+/);
  await regulars.locator("summary").click();
  await regulars.locator("button.act", { hasText: "Recruit Foot line" }).click();
  await page.locator("#prompt", { hasText: "choose where it goes" }).waitFor(WAIT);
  await page.locator("#actions button.act", { hasText: "Place it in British Home Base" }).click();
  await page.locator("#prompt", { hasText: "So far: Foot line in British Home Base" }).waitFor(WAIT);
  assert.deepEqual(errors, []);
  await page.close();
});

it("Give Me Liberty!: a pile holding a unit a choice points at is lit, and a click on it lists that unit as a button", { timeout: 120000 }, async () => {
  // Saratoga opens on Howe's command in New York, a pile of twenty-odd
  // counters: its Join and Leave choices point at units under his.
  const game = await createGame(env.server, "gml/saratoga", 7, { british: "me", american: "computer" });
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${env.server.base}/play/${game.id}#${game.token.british}`);
  await page.locator("#actions button.act").first().waitFor(WAIT);
  const s = (await env.server.api("GET", `/api/games/${game.id}`, { token: game.token.british })).body;
  const units = new Set(s.view.board.pieces.filter((p) => p.id).map((p) => p.id));
  const pieceTargets = new Set(s.legal.map((a) => a.target).filter((t) => units.has(t)));
  assert.ok(pieceTargets.size > 0, `the Form step points at units: ${s.legal.map((a) => a.id).join(" ")}`);
  const lit = page.locator("svg.map g.stack.holds-target");
  assert.ok((await lit.count()) >= 1, "a pile holding them is lit");
  // Every lit pile holds one; one that holds none is not lit.
  const piles = await page.locator("svg.map g.stack").evaluateAll((gs) => gs.map((g) => ({ space: g.dataset.space, lit: g.classList.contains("holds-target"), side: g.classList.contains("british") ? "british" : "american" })));
  for (const p of piles.filter((p) => p.side === "american")) assert.equal(p.lit, false, `${p.space}: no choice points at an American unit`);
  // A click on the lit pile's top counter lists the space, the units the
  // choices point at as buttons; one taken is the move.
  await lit.first().locator(".piece").click();
  const button = page.locator(".stack-list button.target[data-piece]");
  await button.first().waitFor(WAIT);
  const ids = await button.evaluateAll((bs) => bs.map((b) => b.dataset.piece));
  assert.ok(ids.every((id) => pieceTargets.has(id)), ids.join(" "));
  await button.first().click();
  if (await page.locator("#popup").isVisible()) await page.locator("#popup button").first().click();
  await movedPast(page, s.seq);
  assert.deepEqual(errors, []);
  await page.close();
});
