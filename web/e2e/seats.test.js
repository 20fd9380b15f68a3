// Invites, rematches, live updates and the dice record in the browser,
// against the real server binary:
//  * an invite link gives its seat once: the friend's page claims it, a third
//    browser opening the same link is told the seat is taken, the creator's
//    page shows the link (with "New link", which retires the old one) until
//    the friend has joined;
//  * a rematch after a resignation is offered on the other player's page
//    (never in the chat), who takes it with one click;
//  * live updates (a single-use ticket per stream) bring the other side's
//    moves without a reload, also after the stream broke; no URL carries a
//    token;
//  * the dice commitment, and once over the seed, salt and the record as a
//    file download.
//
//     cargo build --release -p cli && cd web/e2e && npm ci && npm test
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { launchOptions } from "./browser.js";
import { startServer } from "./server.js";

const VIEWPORT = { width: 1400, height: 900 };
const WAIT = { timeout: 15000 };

let server, browser;
const pages = [];

before(async () => {
  server = await startServer();
  browser = await chromium.launch(launchOptions());
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const api = (...args) => server.api(...args);

/** A page in a new browser context (its own storage), recording every
 * request URL and the page's live-update WebSockets (window.__ws). */
async function newPage(name) {
  const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
  const page = await context.newPage();
  page.__name = name;
  page.__urls = [];
  page.on("request", (r) => page.__urls.push(r.url()));
  await page.addInitScript(() => {
    window.__ws = [];
    const Original = window.WebSocket;
    window.WebSocket = class extends Original {
      constructor(...args) {
        super(...args);
        window.__ws.push(this);
      }
    };
  });
  pages.push(page);
  return page;
}

/** With E2E_SHOTS=DIR, a screenshot of every open page (when a step fails). */
async function shots(name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const page of pages) {
    if (!page.isClosed()) await page.screenshot({ path: `${dir}/${name}-${page.__name}.png` }).catch(() => {});
  }
}

async function step(name, fn) {
  try {
    return await fn();
  } catch (e) {
    await shots(name);
    throw e;
  }
}

async function waitText(page, selector, re) {
  await page.waitForFunction(
    ([sel, src]) => {
      const e = document.querySelector(sel);
      return !!e && !e.closest("[hidden]") && new RegExp(src).test(e.textContent);
    },
    [selector, re.source],
    WAIT,
  );
}

const tokenOf = (page) => new URL(page.url()).hash.slice(1);
const codeOf = (inviteUrl) => new URL(inviteUrl, server.base).hash.replace(/^#invite=/, "");

/** Wait until no computer seat must act (the computer moves after the answer). */
async function computerDone(id, token) {
  for (let i = 0; i < 300; i++) {
    const s = (await api("GET", `/api/games/${id}`, { token })).body;
    if (!s.thinking) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the computer did not move within 15 s");
}

function noTokenInUrls(page, tokens) {
  for (const u of page.__urls) {
    assert.ok(!/[?&]token=/.test(u), `${page.__name} requested ${u}`);
    for (const t of tokens) {
      const url = new URL(u);
      assert.ok(!(url.pathname + url.search).includes(t), `${page.__name} sent a token in the address ${u}`);
    }
  }
}

describe("Invite links", () => {
  it("give the seat to the first browser that opens them, and tell the next one it is taken", async () => {
    const creator = await newPage("creator");
    await creator.goto(`${server.base}/`);
    await creator.selectOption("#scenario", "liberty/1775");
    await creator.selectOption("#seat-british", "me");
    await creator.selectOption("#seat-american", "invite");
    assert.match(await creator.textContent("#seed-hint"), /only for games without an invited friend/i);

    // A seed with an invited friend: the server refuses, the page says why.
    await creator.fill("#seed", "5");
    await creator.click("#create-form button[type=submit]");
    await waitText(creator, "#create-error", /seed/);
    assert.equal(await creator.isHidden("#created"), true);
    await creator.fill("#seed", "");
    await creator.click("#create-form button[type=submit]");
    await waitText(creator, "#create-error", /^$/);

    const invite = await creator.locator("#created li", { hasText: "American" }).locator("input.link").inputValue();
    const m = invite.match(/^http:\/\/127\.0\.0\.1:\d+\/play\/([0-9a-f]+)#invite=([0-9a-f]+)$/);
    assert.ok(m, `invite link ${invite}`);
    const id = m[1];
    await creator.click("text=Go to the game");
    await creator.waitForURL(/\/play\/.+#[0-9a-f]{32}$/);
    const british = tokenOf(creator);

    // The creator's page shows the link while nobody has taken the seat.
    await step("invite-box", async () => {
      await waitText(creator, "#invite-box", /Send this link to your opponent/);
      assert.equal(await creator.locator("#invite-box input.link").inputValue(), invite);
      await creator.locator("#invite-box button.new-invite").waitFor(WAIT);
    });

    // The friend opens it: the seat is theirs, its token replaces the code.
    const friend = await newPage("friend");
    await friend.goto(invite);
    await friend.waitForURL(/#[0-9a-f]{32}$/, WAIT);
    const american = tokenOf(friend);
    assert.notEqual(american, british);
    await waitText(friend, "#as-seat", /American/);
    await friend.locator("#actions button.act").first().waitFor(WAIT);
    const remembered = await friend.evaluate(() => JSON.parse(localStorage.getItem("powderhorn.games")));
    assert.ok(remembered.some((g) => g.id === id && g.token === american && g.seat === "american" && g.kind === "me"),
      JSON.stringify(remembered));

    // The creator's page hears of it (live) and drops the link.
    await step("joined", () => waitText(creator, "#invite-box", /Your opponent has joined/));
    assert.equal(await creator.locator("#invite-box input.link").count(), 0);
    const st = (await api("GET", `/api/games/${id}`, { token: british })).body;
    assert.deepEqual(st.seats.find((s) => s.seat === "american"), { seat: "american", kind: "invite", claimed: true });

    // A third browser with the same link: taken.
    const third = await newPage("third");
    await third.goto(invite);
    await step("taken", () => waitText(third, "#error", /This invite was used already: the seat is taken\. Ask your opponent for a new link\./));
    assert.equal(await third.locator("svg.map").count(), 0);
    assert.equal(tokenOf(third), `invite=${m[2]}`);

    // The friend reopening the link (a new tab, same browser) gets the seat back.
    const again = await friend.context().newPage();
    await again.goto(invite);
    await again.waitForURL((u) => u.hash === `#${american}`, WAIT);
    await waitText(again, "#as-seat", /American/);
    await again.close();

    // The creator opening their own invite link plays their own seat (and
    // would not have used the invite up).
    const own = await creator.context().newPage();
    await own.goto(invite);
    await own.waitForURL((u) => u.hash === `#${british}`, WAIT);
    await own.close();
    noTokenInUrls(friend, [american, british]);
    noTokenInUrls(creator, [american, british]);
  });

  it("can be replaced by a new link while unclaimed: the old one stops working", async () => {
    const { status, body: created } = await api("POST", "/api/games", {
      body: { scenario: "liberty/1775", seats: { british: "invite", american: "me" } },
    });
    assert.equal(status, 201, JSON.stringify(created));
    const me = created.seats.find((s) => s.seat === "american");
    const invited = created.seats.find((s) => s.seat === "british");
    assert.equal(invited.token, null);
    assert.equal(invited.url, null);
    assert.match(invited.invite_url, new RegExp(`^/play/${created.id}#invite=[0-9a-f]+$`));
    const old = `${server.base}${invited.invite_url}`;

    const creator = await newPage("creator2");
    await creator.goto(`${server.base}${me.url}`);
    await waitText(creator, "#invite-box", /Send this link to your opponent/);
    assert.equal(await creator.locator("#invite-box input.link").inputValue(), old);
    await creator.click("#invite-box button.new-invite");
    await creator.waitForFunction((o) => {
      const i = document.querySelector("#invite-box input.link");
      return i && i.value !== o;
    }, old, WAIT);
    const fresh = await creator.locator("#invite-box input.link").inputValue();
    assert.match(fresh, new RegExp(`/play/${created.id}#invite=[0-9a-f]+$`));

    const late = await newPage("late");
    await late.goto(old);
    await waitText(late, "#error", /no longer works.*new link/);

    const friend = await newPage("friend2");
    await friend.goto(fresh);
    await friend.waitForURL(/#[0-9a-f]{32}$/, WAIT);
    await waitText(friend, "#as-seat", /British/);
    await waitText(creator, "#invite-box", /Your opponent has joined/);
    // Too late for a new link now.
    const r = await api("POST", `/api/games/${created.id}/invite`, { token: me.token, body: { seat: "british" } });
    assert.equal(r.status, 409, JSON.stringify(r.body));
  });
});

describe("Rematch, live updates and the dice record", () => {
  const g = {};
  let a, b; // the creator (British, then American) and the invited friend

  it("follows the other side's moves live, also after the stream broke", async () => {
    const { status, body: created } = await api("POST", "/api/games", {
      body: { scenario: "liberty/1775", seats: { british: "me", american: "invite" } },
    });
    assert.equal(status, 201, JSON.stringify(created));
    g.id = created.id;
    g.british = created.seats.find((s) => s.seat === "british").token;
    g.spectator = created.spectator.token;
    a = await newPage("a");
    await a.goto(`${server.base}/play/${g.id}#${g.british}`);
    b = await newPage("b");
    await b.goto(`${server.base}${created.seats.find((s) => s.seat === "american").invite_url}`);
    await b.waitForURL(/#[0-9a-f]{32}$/, WAIT);
    g.american = tokenOf(b);
    for (const p of [a, b]) await p.locator("#actions button.act").first().waitFor(WAIT);

    // The WebSocket is opened with a ticket, never with the token.
    const streams = await a.evaluate(() => window.__ws.map((e) => e.url));
    assert.equal(streams.length, 1, JSON.stringify(streams));
    assert.match(streams[0], new RegExp(`^ws://[^/]+/api/games/${g.id}/live\\?ticket=[^&]+$`));

    // The British play a card: the American page shows move 1 by itself.
    await a.locator("#actions button.act").first().click();
    await step("live-1", () => waitText(b, "#status-line", /\bmove 1\b/));
    await waitText(b, "#log", /British plays a card face down/);

    // The British page's connection breaks: it takes a new ticket and a new
    // WebSocket, and the American's card still shows up there without a reload.
    await a.evaluate(() => window.__ws[0].close());
    await a.waitForFunction(() => window.__ws.length === 2 && window.__ws[1].readyState === 1, null, WAIT);
    const [first, second] = await a.evaluate(() => window.__ws.map((e) => [e.url, e.readyState]));
    assert.equal(first[1], 3, "the broken connection is closed");
    assert.notEqual(first[0], second[0], "a new ticket");
    await b.locator("#actions button.act").first().click();
    await step("live-2", () => waitText(a, "#status-line", /\bmove 2\b/));
    await waitText(a, "#log", /Cards revealed/);

    // A used ticket opens nothing.
    const used = new URL(first[0]);
    const again = await fetch(`${server.base}${used.pathname}${used.search}`);
    assert.equal(again.status, 403);
    noTokenInUrls(a, [g.british, g.american]);
    noTokenInUrls(b, [g.british, g.american]);
  });

  it("shows the dice commitment while playing", async () => {
    const st = (await api("GET", `/api/games/${g.id}`, { token: g.british })).body;
    assert.match(st.dice.commitment, /^[0-9a-f]{64}$/);
    assert.equal(st.dice.seed_chosen, false);
    assert.equal(st.dice.seed, null);
    await waitText(a, "#info .dice-commit", new RegExp(`Dice: committed \\(sha256 ${st.dice.commitment.slice(0, 8)}…\\)`));
    assert.equal(await a.getAttribute("#info .dice-commit", "title"), `sha256 ${st.dice.commitment}`);
    assert.equal(await a.locator("#info .seed-chosen").count(), 0);
    assert.equal(await a.locator("#record-download").count(), 0);
    g.commitment = st.dice.commitment;
  });

  it("after a resignation offers the rematch on the other player's page", async () => {
    a.on("dialog", (d) => d.accept());
    await a.click("#resign");
    await waitText(a, "#status-line", /Game over/);
    await step("over-b", () => waitText(b, "#status-line", /Game over/));
    for (const p of [a, b]) await p.locator("#rematch:not([hidden])").waitFor(WAIT);

    // The British ask for the rematch and go to the new game, as Americans.
    await a.click("#rematch");
    await a.waitForURL((u) => !u.pathname.endsWith(g.id), WAIT);
    g.next = new URL(a.url()).pathname.split("/")[2];
    const aNew = tokenOf(a);
    await waitText(a, "#as-seat", /American/);
    await step("rematch-invite", () => waitText(a, "#invite-box", /Send this link to your opponent/));

    // The friend's page (old game) shows the offer, live.
    await step("offer", () => waitText(b, "#rematch-box", /Your opponent offers a rematch — you play British/));
    assert.equal(await b.isHidden("#rematch"), true);
    // Nothing of it in the chat, which spectators read; spectators see no offer.
    const chat = (await api("GET", `/api/games/${g.id}/chat`, { token: g.spectator })).body;
    assert.deepEqual(chat.messages, []);
    const spec = (await api("GET", `/api/games/${g.id}`, { token: g.spectator })).body;
    assert.equal(spec.rematch ?? null, null);

    // One click: the friend claims the British seat of the new game.
    await b.click("#rematch-accept");
    await b.waitForURL((u) => u.pathname.endsWith(g.next) && /^#[0-9a-f]{32}$/.test(u.hash), WAIT);
    await waitText(b, "#as-seat", /British/);
    await step("rematch-joined", () => waitText(a, "#invite-box", /Your opponent has joined/));
    const st = (await api("GET", `/api/games/${g.next}`, { token: aNew })).body;
    assert.equal(st.seat, "american");
    assert.deepEqual(st.seats.map((x) => `${x.seat}:${x.kind}`).sort(), ["american:me", "british:invite"]);

    // Back on the old game, the asker finds a link to the rematch, and no Rematch button.
    await a.goto(`${server.base}/play/${g.id}#${g.british}`);
    await waitText(a, "#rematch-box", /Go to the rematch \(you play American\)/);
    assert.equal(await a.isHidden("#rematch"), true);
    const r = await api("POST", `/api/games/${g.id}/rematch`, { token: g.american, body: {} });
    assert.equal(r.status, 409, JSON.stringify(r.body));
  });

  it("shows the seed and salt of the finished game and downloads its record", async () => {
    const st = (await api("GET", `/api/games/${g.id}`, { token: g.british })).body;
    assert.equal(st.status, "over");
    assert.ok(st.dice.seed && st.dice.salt, JSON.stringify(st.dice));
    await waitText(a, "#info .dice-info", new RegExp(`Seed ${st.dice.seed}`));
    await waitText(a, "#info .dice-info", new RegExp(`salt ${st.dice.salt}`));
    await waitText(a, "#info .dice-info", /powderhorn verify/);
    const [download] = await Promise.all([a.waitForEvent("download", WAIT), a.click("#record-download")]);
    assert.equal(download.suggestedFilename(), `powderhorn-${g.id}.json`);
    const rec = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.equal(rec.id, g.id);
    assert.equal(JSON.stringify(rec).includes(st.dice.salt), true);
    assert.equal(JSON.stringify(rec).includes(g.commitment), true);
    noTokenInUrls(a, [g.british, g.american]);
  });

  it("says so clearly when the creator chose the seed", async () => {
    const { status, body: created } = await api("POST", "/api/games", {
      body: { scenario: "liberty/1775", seed: 7, seats: { british: "me", american: "computer" } },
    });
    assert.equal(status, 201, JSON.stringify(created));
    const mine = created.seats.find((s) => s.seat === "british");
    await computerDone(created.id, mine.token);
    const p = await newPage("chosen");
    await p.goto(`${server.base}${mine.url}`);
    await waitText(p, "#info .seed-chosen", /The creator chose the seed/);
    await p.context().close();
  });
});

describe("Chat", () => {
  it("appends only new messages and shows a refusal next to the chat box", async () => {
    const { body: created } = await api("POST", "/api/games", {
      body: { scenario: "liberty/1775", seats: { british: "me", american: "hotseat" } },
    });
    const [brit, amer] = ["british", "american"].map((s) => created.seats.find((x) => x.seat === s));
    for (let i = 1; i <= 3; i++) {
      const r = await api("POST", `/api/games/${created.id}/chat`, { token: amer.token, body: { text: `early ${i}` } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const p = await newPage("chat");
    await p.goto(`${server.base}${brit.url}`);
    await p.click('.tabs button[data-tab="chat"]');
    await p.waitForFunction(() => document.querySelectorAll("#chat li").length === 3, null, WAIT);
    p.__urls.length = 0;
    await p.fill("#chat-text", "hello");
    await p.click("#chat-form button[type=submit]");
    await waitText(p, "#chat", /hello/);
    // The live update fetches the messages after the last one shown.
    await p.waitForFunction(() => document.querySelectorAll("#chat li").length === 4, null, WAIT);
    assert.ok(p.__urls.some((u) => /\/chat\?after=3\b/.test(u)), JSON.stringify(p.__urls));
    await p.waitForTimeout(500);
    assert.equal(await p.locator("#chat li").count(), 4);
    // At most 20 messages a minute from one seat: the 21st is refused, and said so.
    let refused = null;
    for (let i = 0; i < 25 && !refused; i++) {
      const r = await api("POST", `/api/games/${created.id}/chat`, { token: brit.token, body: { text: `spam ${i}` } });
      if (r.status === 429) refused = r.body.error;
    }
    assert.ok(refused, "a 429");
    await p.fill("#chat-text", "one more");
    await p.click("#chat-form button[type=submit]");
    await waitText(p, "#chat-error", /chat messages a minute from one seat: try again in \d+ s/);
    assert.equal(await p.inputValue("#chat-text"), "one more");
    await p.context().close();
  });
});
