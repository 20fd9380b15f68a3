// The game page: one generic client (prompt, legal actions, log, chat,
// notes, undo, resign, live updates) plus a map renderer per title.
import { api, el, remember, localSeats, cap, playUrl } from "./common.js";

const RENDERERS = {
  liberty: () => import("./liberty.js"),
  b2c: () => import("./areamap.js"),
  bh: () => import("./areamap.js"),
};

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
let token = location.hash.slice(1);
let state = null;
let renderer = null;
let busy = false;
let focused = false;
let events = null;
// The replay slider: null while showing the game as it is now, otherwise
// {seq, data} with this seat's view and log after move `seq` (from the server).
let replay = null;
let replayTimer = null;
let replayWanted = null;

const $ = (id) => document.getElementById(id);

function showError(msg) {
  $("error").textContent = msg || "";
}

async function refresh() {
  let s;
  try {
    s = await api("GET", `/api/games/${gameId}`, { token });
  } catch (e) {
    showError(e.status === 403 ? "This link does not open this game: check the whole link was copied." : e.message);
    return;
  }
  state = s;
  if (!localSeats(gameId).some((g) => g.token === token)) {
    remember({ id: gameId, token, seat: s.seat, kind: s.seat ? "me" : "spectator", title: s.title_name, scenario: `${s.title}/${s.scenario}` });
  }
  if (!renderer && RENDERERS[s.title]) {
    try {
      const mod = await RENDERERS[s.title]();
      renderer = await mod.create($("map"), { choose, select }, s.title);
    } catch (e) {
      showError(`The map could not be drawn: ${e.message}`);
    }
  }
  render();
}

/** What the page shows: the game now, or (replaying) the seat's view at an earlier move. */
function shown() {
  if (!replay || !replay.data) return state;
  const p = replay.data;
  return {
    ...state, seq: p.seq, status: p.status, to_act: p.to_act, prompt: p.prompt, legal: [], can_undo: false,
    view: p.view, log: p.log, outcome: p.outcome, seed: null, replaying: true, thinking: false,
  };
}

function render() {
  const s = shown();
  document.title = `${s.title_name} — Powderhorn`;
  $("game-title").textContent = `${s.title_name} · ${s.scenario}`;
  $("as-seat").replaceChildren(
    s.seat ? el("span", { class: `chip ${s.seat}` }, `You: ${cap(s.seat)}`) : el("span", { class: "chip" }, "Spectator"),
  );
  const acting = s.to_act.map(cap).join(" and ");
  $("status-line").textContent = s.replaying
    ? `replaying move ${s.seq} of ${state.seq}`
    : s.status === "over" ? "Game over" : `move ${s.seq} · to act: ${acting || "—"}`;
  document.body.classList.toggle("replaying", !!s.replaying);
  renderReplay();
  renderOutcome(s);
  renderPrompt(s);
  renderActions(s);
  $("undo").disabled = !s.can_undo || busy;
  $("resign").disabled = !s.seat || s.status === "over" || !!s.replaying;
  $("rematch").hidden = !s.seat || s.status !== "over" || !!s.replaying;
  renderLog(s.log);
  renderSeatSwitch(s);
  if (renderer) {
    renderer.update(s, s.legal);
    $("info").replaceChildren(renderer.info(s));
    $("offmap").replaceChildren(...renderer.offMap(s));
    if (!focused) {
      renderer.focus(renderer.interesting(s));
      focused = true;
    }
  }
  $("chat-form").hidden = !s.seat;
  $("tab-notes-button").hidden = !s.seat;
  maybePass(s);
}

/** A new game of the same scenario and options with the sides swapped: the
 * other seat keeps its kind (computer level, invite or hot-seat); an invited
 * friend finds the new link in this game's chat. */
async function rematch() {
  const s = state;
  const others = s.seats.filter((x) => x.seat !== s.seat);
  const seats = {};
  for (const x of s.seats) {
    const swapped = x.seat === s.seat ? others[0] : s.seats.find((y) => y.seat === s.seat);
    seats[x.seat] = x.seat === s.seat ? swapped.kind : "me";
  }
  try {
    const res = await api("POST", "/api/games", { body: { scenario: `${s.title}/${s.scenario}`, options: s.options, seats } });
    let mine = null;
    for (const x of res.seats) {
      if (x.token && x.kind !== "invite") {
        remember({ id: res.id, token: x.token, seat: x.seat, kind: x.kind, title: s.title_name, scenario: `${s.title}/${s.scenario}` });
        if (x.kind === "me") mine = x;
      }
      if (x.kind === "invite") {
        const link = playUrl(res.id, x.token);
        await api("POST", `/api/games/${gameId}/chat`, { token, body: { text: `Rematch as ${cap(x.seat)}: ${link}` } });
      }
    }
    if (mine) location.href = playUrl(res.id, mine.token);
  } catch (e) {
    showError(e.message);
  }
}

function renderOutcome(s) {
  const box = $("outcome");
  if (!s.outcome) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const o = s.outcome;
  const who = o.winner ? `${cap(o.winner)} win${o.winner === s.seat ? " — you win!" : ""}` : "A draw";
  box.replaceChildren(
    el("b", {}, who), ": ", o.reason, o.rule ? el("span", { class: "rule" }, ` (${o.rule})`) : null,
    s.seed ? el("span", { class: "hint" }, ` · seed ${s.seed}`) : null,
  );
}

function renderPrompt(s) {
  const box = $("prompt");
  if (s.replaying) {
    box.replaceChildren(
      el("div", { class: "prompt-text" }, `Replay: the game as you saw it after move ${s.seq} of ${state.seq}.`),
      el("div", { class: "hint" }, "Move the slider, or go back to now to play."),
    );
  } else if (s.status === "over") {
    box.replaceChildren(el("div", { class: "prompt-text" }, "The game is over."));
  } else if (s.prompt) {
    // (replaceChildren would show a null as the text "null".)
    box.replaceChildren(...[
      el("div", { class: "prompt-text" }, s.prompt.text),
      s.prompt.rule ? el("div", { class: "rule" }, `Rule ${s.prompt.rule}`) : null,
      s.thinking ? el("div", { class: "hint thinking" }, "The computer is thinking…") : null,
    ].filter(Boolean));
  } else if (s.thinking) {
    // A computer seat must act: its move comes as a live update.
    box.replaceChildren(el("div", { class: "prompt-text waiting thinking" }, "The computer is thinking…"));
  } else if (s.seat) {
    box.replaceChildren(el("div", { class: "prompt-text waiting" }, `Waiting for ${s.to_act.map(cap).join(" and ")}…`));
  } else {
    box.replaceChildren(el("div", { class: "prompt-text waiting" }, `Watching. To act: ${s.to_act.map(cap).join(" and ") || "—"}`));
  }
}

function renderActions(s) {
  const box = $("actions");
  if (!s.legal.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const buttons = s.legal.map((a) => {
    const b = el("button", { type: "button", class: a.target ? "act has-target" : "act", title: a.id }, a.label);
    b.disabled = busy;
    b.addEventListener("click", () => doAction(a));
    if (a.target && renderer) {
      b.addEventListener("mouseenter", () => renderer.highlight(a.target, true));
      b.addEventListener("mouseleave", () => renderer.highlight(a.target, false));
    }
    return b;
  });
  const hint = s.legal.some((a) => a.target) ? el("div", { class: "hint" }, "Or click a highlighted place or block on the map.") : null;
  box.replaceChildren(...buttons, ...(hint ? [hint] : []));
}

const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

function renderLog(log) {
  const list = $("log");
  const atBottom = list.parentElement.scrollTop + list.parentElement.clientHeight >= list.parentElement.scrollHeight - 30;
  list.replaceChildren(
    ...log.map((e) =>
      el("li", { class: e.audience === "all" ? "" : "private" },
        e.text,
        e.dice && e.dice.length ? el("span", { class: "dice", title: e.dice.join(", ") }, " ", e.dice.map((d) => DICE[d] || `[${d}]`).join("")) : null,
        e.rule ? el("span", { class: "rule" }, ` ${e.rule}`) : null),
    ),
  );
  if (atBottom) list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

function renderSeatSwitch(s) {
  const others = localSeats(gameId).filter((g) => g.token !== token && g.seat);
  $("seat-switch").replaceChildren(
    ...others.map((g) => el("button", { type: "button", class: "small", onclick: () => switchTo(g.token) }, `Play ${cap(g.seat)}`)),
  );
}

/** Hot-seat: when this seat waits and another hot-seat seat here must act, hand over. */
function maybePass(s) {
  const pass = $("pass");
  pass.hidden = true;
  if (s.status === "over" || !s.seat || s.to_act.includes(s.seat)) return;
  const mine = localSeats(gameId).find((g) => g.token === token);
  if (!mine || mine.kind !== "hotseat") return;
  const next = localSeats(gameId).find((g) => g.kind === "hotseat" && g.token !== token && s.to_act.includes(g.seat));
  if (!next) return;
  pass.hidden = false;
  pass.replaceChildren(
    el("div", { class: "pass-box" },
      el("h2", {}, `Hand the screen to the ${cap(next.seat)} player`),
      el("p", {}, `${cap(s.seat)}, look away: the next screen shows what only the ${cap(next.seat)} may see.`),
      el("button", { type: "button", class: "primary", onclick: () => switchTo(next.token) }, `I am the ${cap(next.seat)} player`)),
  );
}

function switchTo(t) {
  token = t;
  replay = null;
  replayWanted = null;
  history.replaceState(null, "", `#${t}`);
  focused = false;
  $("pass").hidden = true;
  refresh();
  loadNotes();
}

// ---------------------------------------------------------------- replay slider

function renderReplay() {
  const range = $("replay-range");
  range.max = String(state.seq);
  if (!replay) range.value = String(state.seq);
  const at = replay ? replay.seq : state.seq;
  $("replay-label").textContent = replay ? `move ${at} of ${state.seq}` : `move ${state.seq} (now)`;
  $("replay-now").hidden = !replay;
  $("replay").hidden = state.seq === 0;
}

/** Show the game after move `seq` (the slider's value); the last move is now. */
function replayTo(seq) {
  if (seq >= state.seq) {
    leaveReplay();
    return;
  }
  replayWanted = seq;
  replay = { seq, data: replay ? replay.data : null };
  renderReplay();
  clearTimeout(replayTimer);
  replayTimer = setTimeout(async () => {
    const want = replayWanted;
    try {
      const data = await api("GET", `/api/games/${gameId}/at/${want}`, { token });
      if (replay && replayWanted === want) {
        replay = { seq: want, data };
        hidePopup();
        render();
      }
    } catch (e) {
      showError(e.message);
    }
  }, 120);
}

function leaveReplay() {
  clearTimeout(replayTimer);
  replayWanted = null;
  if (!replay) return;
  replay = null;
  if (state) render();
}

// ---------------------------------------------------------------- acting

async function post(path, body) {
  if (busy) return;
  busy = true;
  showError("");
  try {
    await api("POST", `/api/games/${gameId}/${path}`, { token, body });
  } catch (e) {
    if (e.status === 409) showError("The game moved on while you were choosing: here is the new position.");
    else showError(e.message);
  } finally {
    busy = false;
  }
  await refresh();
}

function doAction(a) {
  hidePopup();
  return post("actions", { seq_seen: state.seq, action_id: a.id });
}

/** A map click that has several actions: a small menu at the pointer. */
function choose(actions, ev) {
  if (actions.length === 1) {
    doAction(actions[0]);
    return;
  }
  const pop = $("popup");
  pop.replaceChildren(
    ...actions.map((a) => el("button", { type: "button", onclick: () => doAction(a) }, a.label)),
    el("button", { type: "button", class: "cancel", onclick: hidePopup }, "Cancel"),
  );
  pop.hidden = false;
  const x = Math.min(ev.clientX + 8, window.innerWidth - 320);
  const y = Math.min(ev.clientY + 8, window.innerHeight - pop.offsetHeight - 8);
  pop.style.left = `${x}px`;
  pop.style.top = `${Math.max(8, y)}px`;
}

function hidePopup() {
  $("popup").hidden = true;
}

function select(id) {
  hidePopup();
  if (!renderer) return;
  const info = renderer.spaceInfo(id);
  const box = $("hexinfo");
  box.hidden = !info;
  if (info) box.replaceChildren(info);
}

// ---------------------------------------------------------------- chat and notes

async function refreshChat() {
  try {
    const data = await api("GET", `/api/games/${gameId}/chat`, { token });
    const list = $("chat");
    list.replaceChildren(
      ...data.messages.map((m) => el("li", {}, el("span", { class: `chip ${m.seat}` }, cap(m.seat)), " ", m.text,
        el("span", { class: "hint" }, ` ${new Date(m.created * 1000).toLocaleTimeString()}`))),
    );
    list.parentElement.scrollTop = list.parentElement.scrollHeight;
  } catch (_) {
    /* shown by refresh */
  }
}

let notesTimer = null;

async function loadNotes() {
  if (!state || !state.seat) return;
  try {
    const data = await api("GET", `/api/games/${gameId}/notes`, { token });
    $("notes").value = data.text;
    $("notes-state").textContent = "";
  } catch (_) {
    /* spectators have none */
  }
}

function setupPanels() {
  $("chat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    try {
      await api("POST", `/api/games/${gameId}/chat`, { token, body: { text } });
      $("chat-text").value = "";
    } catch (e) {
      showError(e.message);
    }
    refreshChat();
  });
  $("notes").addEventListener("input", () => {
    $("notes-state").textContent = "…";
    clearTimeout(notesTimer);
    notesTimer = setTimeout(async () => {
      try {
        await api("PUT", `/api/games/${gameId}/notes`, { token, body: { text: $("notes").value } });
        $("notes-state").textContent = "Saved.";
      } catch (e) {
        $("notes-state").textContent = e.message;
      }
    }, 700);
  });
  for (const b of document.querySelectorAll(".tabs button")) {
    if (b.dataset.tab === "notes") b.id = "tab-notes-button";
    b.addEventListener("click", () => {
      for (const o of document.querySelectorAll(".tabs button")) o.classList.toggle("active", o === b);
      for (const t of ["log", "chat", "notes"]) $(`tab-${t}`).hidden = t !== b.dataset.tab;
    });
  }
  $("undo").addEventListener("click", () => post("undo", { seq_seen: state.seq }));
  $("replay-range").addEventListener("input", (ev) => replayTo(Number(ev.target.value)));
  $("replay-now").addEventListener("click", leaveReplay);
  $("resign").addEventListener("click", () => {
    if (confirm(`Resign the game as ${cap(state.seat)}?`)) post("resign", { seq_seen: state.seq });
  });
  $("rematch").addEventListener("click", rematch);
  $("zoom-in").addEventListener("click", () => renderer && renderer.zoom(1 / 1.3));
  $("zoom-out").addEventListener("click", () => renderer && renderer.zoom(1.3));
  $("zoom-fit").addEventListener("click", () => renderer && renderer.fit());
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") hidePopup();
  });
  document.addEventListener("click", (ev) => {
    const pop = $("popup");
    if (!pop.hidden && !pop.contains(ev.target) && !ev.target.closest("svg")) hidePopup();
  });
}

function listen() {
  // ?nolive: no live updates (for headless screenshots, which wait for the network to go idle).
  if (new URLSearchParams(location.search).has("nolive")) return;
  if (events) events.close();
  events = new EventSource(`/api/games/${gameId}/events?token=${encodeURIComponent(token)}`);
  events.addEventListener("changed", (ev) => {
    const d = JSON.parse(ev.data);
    if (!state || d.seq !== state.seq || d.seq === 0) refresh();
  });
  events.addEventListener("chat", () => refreshChat());
}

async function init() {
  setupPanels();
  if (!gameId || !token) {
    showError("This page needs a game link with its token (…/play/GAME#TOKEN).");
    return;
  }
  await refresh();
  if (!state) return;
  refreshChat();
  loadNotes();
  listen();
}

window.addEventListener("hashchange", () => {
  const t = location.hash.slice(1);
  if (t && t !== token) switchTo(t);
});

init();
