// What most browser tests start with: the real server on a free port and a
// headless Chromium, for the whole file, stopped after it. The returned
// object's `server` and `browser` are set once the file's tests begin.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { launchOptions } from "./browser.js";
import { startServer } from "./server.js";

export const WAIT = { timeout: 15000 };

/** Wait until the page's status line shows a move after `seq` (the other
 * seat may answer at once, so the number only has to grow). */
export function movedPast(page, seq) {
  return page.waitForFunction(
    (s) => Number((document.querySelector("#status-line").textContent.match(/\bmove (\d+)/) || [])[1]) > s,
    seq,
    WAIT,
  );
}

export function serverAndBrowser(args = []) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(args);
    env.browser = await chromium.launch(launchOptions());
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** A game made over the API: its id and each seat's link token. */
export async function createGame(server, scenario, seed, seats) {
  const created = await server.api("POST", "/api/games", { body: { scenario, seed, seats } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.id, token: Object.fromEntries(created.body.seats.map((s) => [s.seat, s.token])) };
}

/** A game page at `url` (live updates off) once its map has pieces; the
 * page's `errors` collects its script errors and console errors.
 * `change(state)`, if given, alters each game state the page fetches (to
 * reach a state without playing to it). */
export async function openMap(env, url, viewport = { width: 1400, height: 900 }, opts = {}, change = null) {
  const context = await env.browser.newContext({ viewport, ...opts });
  if (change) {
    await context.route(/\/api\/games\/[0-9a-f]+$/, async (route) => {
      const resp = await route.fetch();
      const state = await resp.json();
      change(state);
      await route.fulfill({ response: resp, json: state });
    });
  }
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${env.server.base}${url.replace("#", "?nolive#")}`);
  await page.waitForSelector("svg.map .piece", WAIT);
  page.errors = errors;
  return page;
}
