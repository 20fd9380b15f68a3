// Replay from the log: a click on a log line (or Enter on it) shows the game
// as it was when that line was written; the arrows step one move, a phase
// or a turn; "Back to now" returns.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { it } from "node:test";
import assert from "node:assert/strict";
import { createGame, serverAndBrowser, WAIT } from "./setup.js";

const env = serverAndBrowser();

it("a log line replays to the move that wrote it", { timeout: 120000 }, async () => {
  const { id, token } = await createGame(env.server, "b2c/standard", 3, { british: "hotseat", patriot: "hotseat" });
  const state = async (seat) => (await env.server.api("GET", `/api/games/${id}`, { token: token[seat] })).body;
  for (let i = 0; i < 12; i++) {
    const who = (await state("british")).to_act[0];
    const s = await state(who);
    await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: s.seq, action_id: s.legal[s.legal.length - 1].id } });
  }
  const now = await state("british");
  const moves = (await env.server.api("GET", `/api/games/${id}/log-moves`, { token: token.british })).body.moves;
  assert.equal(moves.length, now.log.length);
  // A line written after the first move and before the last.
  const line = moves.findIndex((m) => m > 0 && m < now.seq);
  assert.ok(line >= 0, `a line from the middle of the game (${moves})`);

  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${env.server.base}/play/${id}?nolive#${token.british}`);
  await page.waitForSelector("#log li", WAIT);
  const status = () => page.locator("#status-line").textContent();
  await page.locator(`#log li[data-entry="${line}"]`).click();
  await page.waitForFunction((t) => document.querySelector("#status-line").textContent === t, `replaying move ${moves[line]} of ${now.seq}`, WAIT);
  // The log shown is the log of that moment: the line is its last one.
  await page.waitForFunction((n) => document.querySelectorAll("#log li").length === n, moves.filter((m) => m <= moves[line]).length, WAIT);
  // One move back, one on.
  await page.click("#replay-back");
  await page.waitForFunction((t) => document.querySelector("#status-line").textContent === t, `replaying move ${moves[line] - 1} of ${now.seq}`, WAIT);
  await page.click("#replay-next");
  await page.waitForFunction((t) => document.querySelector("#status-line").textContent === t, `replaying move ${moves[line]} of ${now.seq}`, WAIT);
  // The keyboard reaches a line too.
  await page.focus('#log li[data-entry="0"]');
  await page.keyboard.press("Enter");
  await page.waitForFunction((t) => document.querySelector("#status-line").textContent === t, `replaying move ${moves[0]} of ${now.seq}`, WAIT);
  await page.click("#replay-now");
  await page.waitForFunction(() => /^move \d+ · to act/.test(document.querySelector("#status-line").textContent), null, WAIT);
  assert.match(await status(), new RegExp(`^move ${now.seq} `));
  assert.deepEqual(errors, []);
  await page.close();
});

it("the replay steps by phase and by turn", { timeout: 120000 }, async () => {
  const { id, token } = await createGame(env.server, "liberty/1775", 5, { british: "hotseat", american: "hotseat" });
  const state = async (seat) => (await env.server.api("GET", `/api/games/${id}`, { token: token[seat] })).body;
  // Play until a second turn has begun.
  let index;
  for (let i = 0; i < 400; i++) {
    const who = (await state("british")).to_act[0];
    const s = await state(who);
    await env.server.api("POST", `/api/games/${id}/actions`, { token: token[who], body: { seq_seen: s.seq, action_id: s.legal[s.legal.length - 1].id } });
    index = (await env.server.api("GET", `/api/games/${id}/log-moves`, { token: token.british })).body;
    if (index.stages.filter((st) => st.new_turn).length >= 2 && index.stages.at(-1).seq < index.seq) break;
  }
  const { seq: now, stages } = index;
  const turns = stages.filter((st) => st.new_turn);
  assert.ok(turns.length >= 2, JSON.stringify(stages));

  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${env.server.base}/play/${id}?nolive#${token.british}`);
  await page.waitForSelector("#log li", WAIT);
  const label = (st) => `move ${st.seq} of ${now} · ${st.turn} · ${st.phase}`;
  const shows = (text) =>
    page.waitForFunction((t) => document.querySelector("#replay-label").textContent === t, text, WAIT).catch(async (e) => {
      throw new Error(`wanted "${text}", shown "${await page.locator("#replay-label").textContent()}" (${JSON.stringify(stages)}): ${e.message}`);
    });
  // By turn: the start of the turn under way, then the turn before, then on.
  await page.click("#replay-turn-back");
  await shows(label(turns.at(-1)));
  await page.click("#replay-turn-back");
  await shows(label(turns.at(-2)));
  await page.click("#replay-turn-next");
  await shows(label(turns.at(-1)));
  // By phase, from the turn's start: the last two phases of the turn before, then on.
  const k = stages.indexOf(turns.at(-1));
  assert.ok(k >= 2, JSON.stringify(stages));
  await page.click("#replay-phase-back");
  await shows(label(stages[k - 1]));
  await page.click("#replay-phase-back");
  await shows(label(stages[k - 2]));
  await page.click("#replay-phase-next");
  await shows(label(stages[k - 1]));
  // The game shown is that moment's: its facts name that turn and phase.
  await page.waitForFunction((t) => document.querySelector("#status-line").textContent === t, `replaying move ${stages[k - 1].seq} of ${now}`, WAIT);
  const facts = await page.locator("#info").textContent();
  assert.ok(facts.includes(stages[k - 1].turn) && facts.includes(stages[k - 1].phase), facts);
  await page.click("#replay-turn-next");
  await shows(label(turns.at(-1)));
  // Past the last turn's start: back to now.
  await page.click("#replay-turn-next");
  await page.waitForFunction(() => /\(now\)/.test(document.querySelector("#replay-label").textContent), null, WAIT);
  assert.deepEqual(errors, []);
  await page.close();
});
