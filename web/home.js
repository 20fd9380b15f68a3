// Home page: start a game (scenario, options, seed, who plays each seat) and
// list the games this browser remembers.
import { api, el, remember, remembered, forget, cap, playUrl, copyButton } from "./common.js";

const KINDS = [
  ["me", "Me (in this browser)"],
  ["computer:normal", "The computer (normal)"],
  ["computer:easy", "The computer (easy)"],
  ["computer:hard", "The computer (hard)"],
  ["computer", "The computer (random moves)"],
  ["invite", "A friend (invite link)"],
  ["hotseat", "Hot-seat (same screen)"],
];

let titles = [];

async function init() {
  const data = await api("GET", "/api/titles");
  titles = data.titles;
  const sel = document.getElementById("scenario");
  for (const t of titles) {
    const group = el("optgroup", { label: t.name });
    for (const s of t.scenarios) group.append(el("option", { value: `${t.key}/${s.key}` }, `${s.name} (${t.key}/${s.key})`));
    sel.append(group);
  }
  sel.addEventListener("change", showTitle);
  showTitle();
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("save-file").addEventListener("change", openSave);
  listGames();
}

function currentTitle() {
  const key = document.getElementById("scenario").value.split("/")[0];
  return titles.find((t) => t.key === key);
}

function currentScenario() {
  const key = document.getElementById("scenario").value.split("/")[1];
  return currentTitle().scenarios.find((s) => s.key === key);
}

/** The title's rule options, each named by what it does (its key a small
 * hint). An option the API ties to the solitaire scenarios (a scenario's
 * `solo.bot_option`) is hidden in the others, which ignore it; it is still
 * sent, at its first value, as before. */
function showTitle() {
  const t = currentTitle();
  const solo = new Set(t.scenarios.filter((s) => s.solo).map((s) => s.solo.bot_option[0]));
  const ignored = (o) => solo.has(o.key) && !currentScenario().solo;
  const opts = document.getElementById("options");
  opts.replaceChildren(el("legend", {}, "Rule options"));
  for (const o of t.options) {
    const bot = botOption(o);
    const select = el("select", { name: o.key, id: `opt-${o.key}` });
    for (const v of o.values) select.append(el("option", { value: v }, bot ? bot.word(v) : v));
    select.addEventListener("change", showSeats);
    opts.append(el("label", { class: "opt-row", hidden: ignored(o) }, el("span", {}, bot ? bot.help : o.help), select, bot ? null : el("small", {}, o.key)));
  }
  opts.hidden = t.options.every(ignored);
  showSeats();
}

/** In a solitaire scenario, its option for how the side the player does
 * not take is played (the scenario's `solo.bot_option`), in a player's
 * words rather than the option's own (which speaks of seats and the tree
 * search): {help, word(value)}; null for any other option. */
function botOption(o) {
  const solo = currentScenario().solo;
  if (!solo || solo.bot_option[0] !== o.key) return null;
  const other = currentTitle().seats.filter((s) => s !== solo.player).map(cap).join(" and ");
  return {
    help: `Who plays the ${other} side (the bot sheet gives a reason for each move)`,
    word: (v) => (v === solo.bot_option[1] ? `Its bot sheet (${currentScenario().rule})` : "As chosen below"),
  };
}

/** Who plays each side. In a solitaire scenario the player takes the side
 * its name says; while the game itself plays the other side (its bot
 * sheet), that side has no choice to make here. */
function showSeats() {
  const t = currentTitle();
  const solo = currentScenario().solo;
  const option = solo && document.getElementById(`opt-${solo.bot_option[0]}`);
  const byGame = !!option && option.value === solo.bot_option[1];
  const seats = document.getElementById("seats");
  seats.replaceChildren(el("legend", {}, "Who plays each side"));
  t.seats.forEach((s, i) => {
    const side = el("span", { class: `side ${s}` }, cap(s));
    if (byGame && s !== solo.player) {
      seats.append(el("div", { class: "seat-row", id: `seat-${s}`, "data-kind": "computer" }, side,
        el("span", {}, `played by the game's bot sheet (rule ${currentScenario().rule})`)));
      return;
    }
    const select = el("select", { name: s, id: `seat-${s}` });
    for (const [k, label] of KINDS) select.append(el("option", { value: k }, label));
    select.value = (solo ? s === solo.player : i === 0) ? "me" : "computer:normal";
    seats.append(el("label", { class: "seat-row" }, side, select));
  });
}

async function create(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const t = currentTitle();
  const seats = {};
  for (const s of t.seats) {
    const seat = document.getElementById(`seat-${s}`);
    seats[s] = seat.value ?? seat.dataset.kind;
  }
  const options = {};
  for (const o of t.options) options[o.key] = document.getElementById(`opt-${o.key}`).value;
  const body = { scenario: document.getElementById("scenario").value, options, seats };
  const seed = document.getElementById("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  let res;
  try {
    res = await api("POST", "/api/games", { body });
  } catch (e) {
    err.textContent = e.message;
    return;
  }
  const mine = [];
  for (const s of res.seats) {
    if (s.token && (s.kind === "me" || s.kind === "hotseat")) {
      remember({ id: res.id, token: s.token, seat: s.seat, kind: s.kind, title: t.name, scenario: body.scenario });
      mine.push(s);
    }
  }
  if (mine.length === 0) {
    remember({ id: res.id, token: res.spectator.token, seat: null, kind: "spectator", title: t.name, scenario: body.scenario });
  }
  showCreated(res, mine);
  listGames();
}

function showCreated(res, mine) {
  const box = document.getElementById("created");
  box.hidden = false;
  const rows = res.seats.map((s) => {
    let what;
    if (s.kind.startsWith("computer")) what = el("span", {}, "played by the computer");
    else if (s.kind === "invite") {
      // The link claims the seat once: whoever opens it first plays it.
      const url = new URL(s.invite_url, location.origin).href;
      what = el("span", {}, "send this link to your opponent: ", el("input", { class: "link", readonly: true, value: url }), copyButton(url));
    } else what = el("a", { class: "button", href: playUrl(res.id, s.token) }, s.kind === "hotseat" ? "Play (hot-seat)" : "Play");
    return el("li", {}, el("span", { class: `side ${s.seat}` }, cap(s.seat)), " ", what);
  });
  const spec = playUrl(res.id, res.spectator.token);
  rows.push(el("li", {}, "Spectators: ", el("input", { class: "link", readonly: true, value: spec }), copyButton(spec)));
  // The page of a seat that must act (a hot-seat game's other seats would show the hand-over cover).
  const first = mine.find((s) => (res.to_act || []).includes(s.seat)) || mine[0];
  box.replaceChildren(
    el("h3", {}, "Game created"),
    el("ul", { class: "links" }, rows),
    first
      ? el("a", { class: "button primary", href: playUrl(res.id, first.token) }, "Go to the game")
      : el("a", { class: "button", href: spec }, "Watch the game"),
  );
  // On a phone the form fills the screen: the new game's links came below it, out of sight.
  box.scrollIntoView({ block: "nearest" });
}

async function listGames() {
  const box = document.getElementById("games-list");
  const list = remembered();
  if (list.length === 0) {
    box.replaceChildren(el("p", {}, "No games yet."));
    return;
  }
  let data;
  try {
    data = await api("POST", "/api/my-games", { body: { games: list.map((g) => ({ id: g.id, token: g.token })) } });
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  const rows = data.games.map((g) => {
    let status;
    if (g.status === "over") {
      const o = g.outcome || {};
      status = o.winner ? `over: ${cap(o.winner)} won` : "over";
    } else status = g.your_turn ? "your turn" : `waiting for ${g.to_act.map(cap).join(" and ") || "…"}`;
    return el(
      "tr",
      { class: g.your_turn ? "your-turn" : "" },
      el("td", {}, el("a", { href: playUrl(g.id, g.token) }, `${g.title_name}`), el("div", { class: "hint" }, g.scenario_name || g.scenario)),
      el("td", {}, g.seat ? el("span", { class: `side ${g.seat}` }, cap(g.seat)) : "spectator"),
      el("td", {}, status),
      // No move number for a game stored before the server kept one per list.
      el("td", {}, g.seq == null ? "" : `move ${g.seq}`),
      el("td", {}, new Date(g.created * 1000).toLocaleString()),
      el("td", {}, el("button", { class: "small", type: "button", onclick: () => { forget(g.id, g.token); listGames(); } }, "Forget")),
    );
  });
  box.replaceChildren(
    el("table", { class: "games" },
      el("thead", {}, el("tr", {}, ["Game", "Side", "Status", "Progress", "Started", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)),
  );
}


/** A save file opened here: the server checks it as the CLI loads it and
 * stores it as a new game whose every seat this browser plays. */
async function openSave(ev) {
  const err = document.getElementById("open-error");
  err.textContent = "";
  const file = ev.target.files[0];
  if (!file) return;
  let save;
  try {
    save = JSON.parse(await file.text());
  } catch (e) {
    err.textContent = `${file.name} is not a save file (not JSON: ${e.message})`;
    return;
  }
  const t = titles.find((x) => x.key === save.title);
  if (!t) {
    err.textContent = `${file.name} is not a save file of a title this server plays`;
    return;
  }
  let res;
  try {
    res = await api("POST", "/api/games/open", { body: { save, seats: Object.fromEntries(t.seats.map((s) => [s, "hotseat"])) } });
  } catch (e) {
    err.textContent = e.message;
    return;
  }
  const scenario = `${t.key}/${save.setup.scenario}`;
  for (const s of res.seats) remember({ id: res.id, token: s.token, seat: s.seat, kind: "hotseat", title: t.name, scenario });
  // The page of a seat that must act (the others would show the hand-over cover).
  const next = res.seats.find((s) => (res.to_act || []).includes(s.seat)) || res.seats[0];
  location.href = playUrl(res.id, next.token);
}

init().catch((e) => {
  document.getElementById("create-error").textContent = `Cannot reach the server: ${e.message}`;
});
