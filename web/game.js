// The game page: one generic client (prompt, legal actions, log, chat,
// notes, undo, resign, draws by agreement, live updates) and the one map renderer, for every
// title whose game says it has a map.
import { api, el, remember, localSeats, cap, playUrl, copyButton } from "./common.js";
import { create as createBoard } from "./board.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
let token = location.hash.slice(1);
let state = null;
let renderer = null;
let busy = false;
let focused = false;
// The move the page last drew (a new one may pan the map to its choices).
let shownSeq = -1;
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

// Answers to refresh() may come back out of order (a live update and a move
// at once): only the latest request's answer is shown.
let refreshGen = 0;

async function refresh() {
  const mine = ++refreshGen;
  let s;
  try {
    s = await api("GET", `/api/games/${gameId}`, { token });
  } catch (e) {
    if (mine !== refreshGen) return;
    showError(e.status === 403 ? "This link does not open this game: check the whole link was copied." : e.message);
    return;
  }
  if (mine !== refreshGen) return;
  state = s;
  const known = localSeats(gameId).find((g) => g.token === token);
  if (!known || !known.title) {
    // (A claimed invite is remembered before its game's title is known.)
    remember({
      ...(known || {}), id: gameId, token, seat: s.seat,
      kind: known ? known.kind : s.seat ? "me" : "spectator", title: s.title_name, scenario: `${s.title}/${s.scenario}`,
    });
  }
  if (handOver(s)) return;
  if (!renderer && s.map) {
    try {
      renderer = await createBoard($("map"), { choose, select }, s.title);
    } catch (e) {
      showError(`The map could not be drawn: ${e.message}`);
    }
  }
  render();
}

/** A scenario's name for the header, without its length in turns: "Saratoga, 1777 (13 turns)" is "Saratoga, 1777". */
function shortScenario(name) {
  return name ? name.replace(/\s*\([^)]*\)$/, "") : name;
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
  if (handOver(state)) return;
  const s = shown();
  document.title = `${s.title_name} — Powderhorn`;
  // A phone shows the scenario alone (style.css): the title took a second line.
  $("game-title").replaceChildren(el("span", { class: "title-name" }, `${s.title_name} · `), shortScenario(s.scenario_name) || s.scenario);
  $("game-title").title = `${s.title_name} · ${s.scenario_name || s.scenario}`;
  $("as-seat").replaceChildren(
    s.seat ? el("span", { class: `chip ${s.seat}` }, `You: ${cap(s.seat)}`) : el("span", { class: "chip" }, "Spectator"),
  );
  const acting = s.to_act.map(cap).join(" and ");
  $("status-line").textContent = s.replaying
    ? `replaying move ${s.seq} of ${state.seq}`
    : s.status === "over" ? "Game over"
    : s.status === "stopped" ? `Game stopped at move ${s.seq}`
    : `move ${s.seq} · to act: ${acting || "—"}`;
  $("stage-line").textContent = stageLine(s);
  document.body.classList.toggle("replaying", !!s.replaying);
  renderReplay();
  renderOutcome(s);
  renderPrompt(s);
  renderLately(s);
  renderActions(s, s.seq !== shownSeq);
  $("undo").disabled = !s.can_undo || busy;
  $("resign").disabled = !s.seat || s.status === "over" || !!s.replaying;
  // Only where the title's rules provide draws by agreement (FIW 29.3); a
  // standing offer is answered in its own box.
  $("draw").hidden = !s.agreed_draw;
  // (A declined offer is made again only once a move has been made.)
  $("draw").disabled =
    !s.seat || s.status !== "active" || !!s.replaying || !!s.draw_offer || !s.may_offer_draw || busy;
  renderDraw(s);
  $("rematch").hidden = !s.seat || s.status !== "over" || !!s.replaying || !!state.rematch;
  renderInvites();
  renderRematch();
  renderSave(s);
  renderLog(s.log);
  renderSeatSwitch(s);
  renderUnread();
  // A "why not?" answered a position that is gone.
  if (s.seq !== shownSeq) $("hexinfo").querySelector(".why")?.remove();
  if (renderer) {
    renderer.update(s, s.legal);
    refreshSpaceInfo();
    renderer.showTrail(trail(s));
    $("info").replaceChildren(...[renderer.info(s), diceInfo(s)].filter(Boolean));
    $("offmap").replaceChildren(...renderer.offMap(s));
    if (!focused) {
      renderer.focus(renderer.interesting(s));
      focused = true;
    } else if (s.seq !== shownSeq) renderer.revealTargets(s);
  }
  shownSeq = s.seq;
  if (!renderer) $("info").replaceChildren(...[diceInfo(s)].filter(Boolean));
  $("chat-form").hidden = !s.seat;
  $("tab-notes-button").hidden = !s.seat;
}

/** "May II 1777, turn 2 of 13 · British Activation Phase": the turn and
 * phase of the view's facts, for the header (empty if it has none). Every
 * title lists its turn and its phase among its facts (engine::Stage), in
 * its rulebook's words: the turn is the first fact that names a turn (its
 * label, "Turn" or "Game Turn", or its value, "1775, Game Turn 1 of 3"),
 * the phase the first whose label names a phase or a segment of the turn. */
function stageLine(s) {
  const facts = (s.view && s.view.facts) || [];
  const turn = facts.find((x) => /\bturn\b/i.test(x.label) || /\bturn\b/i.test(x.value));
  const phase = facts.find((x) => x !== turn && /\b(phase|segment)\b/i.test(x.label));
  return [turn, phase].filter(Boolean).map((x) => x.value).join(" · ");
}

/** The space panel, drawn anew from the view shown (a piece that came or
 * left since the click): the space it shows, with a "why not?" of this move. */
function refreshSpaceInfo() {
  const box = $("hexinfo");
  const id = box.dataset.space;
  if (box.hidden || !id || !renderer) return;
  const info = renderer.spaceInfo(id);
  if (!info) return;
  const why = box.querySelector(".why");
  box.replaceChildren(...[info, why].filter(Boolean));
}

/** A standing offer of a draw (FIW 29.3 Concession): the other seat's asks
 * this one to accept or decline; this seat's own waits for the answer. */
function renderDraw(s) {
  const box = $("draw-box");
  const by = s.replaying || s.status === "over" ? null : s.draw_offer;
  const rule = s.agreed_draw ? ` (${s.agreed_draw})` : "";
  let content = null;
  if (by && s.seat && by !== s.seat) {
    content = [
      el("div", { class: "prompt-text" }, `${cap(by)} offers a draw${rule}`),
      el("div", { class: "draw-answer" },
        el("button", { type: "button", class: "primary", id: "draw-accept", onclick: () => draw(false) }, "Accept"),
        el("button", { type: "button", id: "draw-decline", onclick: () => draw(true) }, "Decline")),
    ];
  } else if (by && s.seat) {
    content = [el("div", {}, "Draw offered; it lapses at the next move")];
  } else if (by) {
    content = [el("div", { class: "hint" }, `${cap(by)} offers a draw${rule}.`)];
  } else if (s.draw_declined && s.seat && s.draw_declined !== s.seat && !s.replaying && s.status !== "over") {
    content = [el("div", {}, `${cap(s.draw_declined)} declines the draw.`)];
  }
  box.hidden = !content;
  box.replaceChildren(...(content || []));
}

/** Offer a draw (or accept the other seat's), or decline it. A computer
 * answers at once; a refusal, the computer's or a person's, is told to the
 * offerer from the game's state (`draw_declined`). */
async function draw(decline) {
  await post("draw", { seq_seen: state.seq, decline });
}

/** A rematch, made by the server: the same scenario and options with the
 * sides swapped. This browser gets the asker's seats (remembered here) and
 * goes to the new game; an invited opponent finds the offer on this game's
 * page (its own state: never in the chat, which spectators read). */
async function rematch() {
  const s = state;
  $("rematch").disabled = true;
  try {
    const res = await api("POST", `/api/games/${gameId}/rematch`, { token, body: {} });
    const mine = res.seats.filter((x) => x.token && (x.kind === "me" || x.kind === "hotseat"));
    for (const x of mine) {
      remember({ id: res.id, token: x.token, seat: x.seat, kind: x.kind, title: s.title_name, scenario: `${s.title}/${s.scenario}` });
    }
    // The asker plays the other side now.
    const go = mine.find((x) => x.seat !== s.seat) || mine[0];
    if (go) location.href = playUrl(res.id, go.token);
    else await refresh();
  } catch (e) {
    showError(e.status === 409 ? "A rematch of this game was made already." : e.message);
    await refresh();
  } finally {
    $("rematch").disabled = false;
  }
}

/** The rematch of this finished game, as this seat sees it. */
function renderRematch() {
  const box = $("rematch-box");
  const r = state && state.seat ? state.rematch : null;
  let content = null;
  if (r && r.invite_url) {
    content = [
      el("div", { class: "prompt-text" }, `Your opponent offers a rematch — you play ${cap(r.seat)}.`),
      el("a", { class: "button primary", href: r.invite_url, id: "rematch-accept" }, `Play the rematch as ${cap(r.seat)}`),
    ];
  } else if (r) {
    const here = localSeats(r.id).find((g) => g.seat);
    if (here) {
      content = [
        el("div", {}, "A rematch of this game was started. "),
        el("a", { href: playUrl(r.id, here.token), id: "rematch-go" }, `Go to the rematch (you play ${cap(here.seat)})`),
      ];
    }
  }
  box.hidden = !content;
  box.replaceChildren(...(content || []));
}

// ---------------------------------------------------------------- invites

// Invited seats this page showed unclaimed to the creator: once claimed, the
// creator is told the opponent has joined.
const inviting = new Set();

/** The creator's invite links (while an invited seat is unclaimed), or a
 * note that an invited player has not joined yet. */
function renderInvites() {
  const box = $("invite-box");
  const parts = [];
  for (const x of state.seats || []) {
    if (x.kind !== "invite") continue;
    if (x.invite_url) {
      inviting.add(x.seat);
      const url = new URL(x.invite_url, location.origin).href;
      const input = el("input", { class: "link", readonly: true, value: url, "aria-label": `Invite link for the ${cap(x.seat)} seat` });
      input.addEventListener("focus", () => input.select());
      parts.push(el("div", { class: "invite", "data-seat": x.seat },
        el("div", { class: "prompt-text" }, "Send this link to your opponent"),
        el("div", { class: "hint" }, `It gives the ${cap(x.seat)} seat to whoever opens it first; it works once.`),
        el("div", { class: "invite-row" }, input, copyButton(url),
          el("button", { type: "button", class: "small new-invite", title: "Make a new link: the old one stops working", onclick: () => newInvite(x.seat) }, "New link"))));
    } else if (x.claimed === false) {
      parts.push(el("div", { class: "hint invite" }, `The ${cap(x.seat)} player has not joined yet.`));
    } else if (x.claimed && inviting.has(x.seat)) {
      parts.push(el("div", { class: "invite joined" }, `Your opponent has joined: they play ${cap(x.seat)}.`));
    }
  }
  if (state.status === "over") parts.length = 0;
  box.hidden = parts.length === 0;
  box.replaceChildren(...parts);
}

async function newInvite(seat) {
  showError("");
  try {
    await api("POST", `/api/games/${gameId}/invite`, { token, body: { seat } });
  } catch (e) {
    showError(e.status === 409 ? `Your opponent has taken the ${cap(seat)} seat already: no new link is needed.` : e.message);
  }
  await refresh();
}

/** `#invite=CODE`: claim the invited seat (once), or open the seat this
 * browser holds already. Returns the token to play with, or null. */
async function claimInvite(code) {
  const here = localSeats(gameId);
  const same = here.find((g) => g.invite === code);
  if (same) return same.token;
  // The creator (or a player) opening the link in their own browser: their
  // seat, and the invite stays for the opponent.
  const seat = here.find((g) => g.seat);
  if (seat) return seat.token;
  try {
    const res = await api("POST", `/api/games/${gameId}/claim`, { body: { invite: code } });
    remember({ id: gameId, token: res.token, seat: res.seat, kind: "me", invite: code });
    return res.token;
  } catch (e) {
    const fallback = here[0];
    if (fallback && (e.status === 409 || e.status === 403)) return fallback.token;
    if (e.status === 409) {
      showError("This invite was used already: the seat is taken. Ask your opponent for a new link.");
    } else if (e.status === 403) {
      showError("This invite link no longer works (it may have been replaced by a new one). Ask your opponent for a new link.");
    } else {
      showError(`The invite could not be used: ${e.message}`);
    }
    $("prompt").replaceChildren(el("div", { class: "prompt-text waiting" }, "No seat for you in this game."));
    return null;
  }
}

// ---------------------------------------------------------------- dice

/** The dice commitment (and, once over, the seed, salt and record). */
function diceInfo(s) {
  const d = s.dice;
  if (!d) return null;
  const rows = [];
  if (d.commitment) {
    rows.push(el("div", { class: "dice-commit", title: `sha256 ${d.commitment}` },
      "Dice: committed (sha256 ", el("code", {}, d.commitment.slice(0, 8)), "…)"));
  } else {
    rows.push(el("div", { class: "dice-commit" }, "Dice: no commitment (an older game)"));
  }
  if (d.seed_chosen) {
    rows.push(el("div", { class: "seed-chosen" }, "The creator chose the seed: whoever made this game could know every die roll."));
  }
  if (d.seed !== null && d.seed !== undefined) {
    rows.push(el("div", {}, "Seed ", el("code", {}, d.seed), d.salt ? [" · salt ", el("code", { class: "salt" }, d.salt)] : null));
    const msg = el("span", { class: "error record-error" });
    rows.push(el("div", {},
      el("button", { type: "button", class: "small", id: "record-download", onclick: () => downloadRecord(msg) }, "Download the game record"),
      " ", msg));
    rows.push(el("div", { class: "hint" }, "Check it with ", el("code", {}, `powderhorn verify powderhorn-${gameId}.json`), "."));
  }
  return el("div", { class: "dice-info hint" }, rows);
}

/** Download `GET /api/games/ID/WHAT` as FILE; a failure is told in `msg`. */
async function download(what, file, msg, failed) {
  msg.textContent = "";
  try {
    const resp = await fetch(`/api/games/${gameId}/${what}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!resp.ok) {
      let text = `${resp.status} ${resp.statusText}`;
      try {
        text = (await resp.json()).error || text;
      } catch (_) {
        /* not JSON */
      }
      throw new Error(text);
    }
    const blob = new Blob([await resp.text()], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = el("a", { href: url, download: file, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    msg.textContent = `${failed}: ${e.message}`;
  }
}

const downloadRecord = (msg) => download("record", `powderhorn-${gameId}.json`, msg, "The record could not be downloaded");

/** The save file, for play by e-mail and review: offered where the server
 * gives it (the game is over, or every seat is this player's), with what it
 * holds said plainly. */
function renderSave(s) {
  const box = $("save-box");
  const invited = (s.seats || []).some((x) => x.kind === "invite");
  box.hidden = s.status !== "over" && (invited || !s.seat);
  if (box.hidden) return;
  const msg = el("span", { class: "error record-error", role: "alert" });
  const file = `powderhorn-${s.title}-${s.scenario}-${gameId}.save.json`;
  // Folded to one line (its text took the panel's top and pushed the log
  // below the fold); it stays open across updates once opened.
  const was = box.querySelector("details");
  box.replaceChildren(el("details", { open: was && was.open ? "" : null },
    el("summary", {}, "Save file", el("span", { class: "hint" }, " — for play by e-mail")),
    el("button", { type: "button", class: "small", id: "save-download", onclick: () => download("save", file, msg, "The save file could not be downloaded") }, "Download the save file"),
    el("div", { class: "hint" },
      "For play by e-mail or to review the game in the terminal: ", el("code", {}, `powderhorn status ${file}`),
      ", then ", el("code", {}, "legal"), " and ", el("code", {}, "act"), ". It holds both sides' hidden blocks and cards: send it only to someone you trust. For fog of war between strangers, play here with an invite link."),
    msg));
}

/** "You win — American victory (decisive). British resigned (12.3)": who
 * won, said to this seat, then why. */
function renderOutcome(s) {
  const box = $("outcome");
  if (!s.outcome) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const o = s.outcome;
  // (A draw's level "draw" says it twice.)
  const level = o.level && o.level !== "draw" ? ` (${o.level})` : "";
  const result = o.winner ? `${cap(o.winner)} victory${level}` : `A draw${level}`;
  const mine = !o.winner || !s.seat ? null : o.winner === s.seat ? "You win" : "You lose";
  const reason = o.reason ? cap(o.reason.replace(/\.$/, "")) : "";
  // replaceChildren would write a null as the text "null": el() skips it.
  box.replaceChildren(el("span", {},
    el("b", {}, mine ? `${mine} — ${result}` : result), reason ? `. ${reason}` : null,
    o.rule ? el("span", { class: "rule" }, ` (${o.rule})`) : null, ".",
    s.seed ? el("span", { class: "hint" }, ` · seed ${s.seed}`) : null,
  ));
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
  } else if (s.status === "stopped") {
    // The server's move bound (--moves-per-game): no move may follow, only a resignation.
    box.replaceChildren(
      el("div", { class: "prompt-text" }, "The game is stopped: no more moves may be played."),
      el("div", { class: "hint" }, s.stopped_reason || ""),
    );
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

/** Many actions of one kind (a title's `group`: "Place hinder-muster" in
 * each of nine regions) show as one choice that opens, with its places lit
 * on the map to pick from; fewer stay plain buttons. */
const GROUP_MIN = 4;
const openGroups = new Set();
const shutGroups = new Set();
// A group opens by itself when it is the only one and at most this many
// plain choices stand beside it ("Move a group · 11 places" and "Pass";
// FIW's "Add to the force · 13 pieces" and "Set out"): the choice to make
// is in it. Several groups (FIW's recruits by kind) come closed.
const BESIDE_OPEN = 3;

/** Choices that read alike (seven unnamed Regulars in one region) as one
 * button: nothing the player sees tells them apart, so any will do. */
function alike(actions) {
  const seen = new Map();
  for (const a of actions) {
    const key = `${a.label}\u0000${a.warning || ""}`;
    if (seen.has(key)) seen.get(key).n += 1;
    else seen.set(key, { a, n: 1 });
  }
  return [...seen.values()];
}

function actionButton(a, n = 1) {
  const cls = ["act", a.target ? "has-target" : "", a.warning ? "has-warning" : ""].filter(Boolean).join(" ");
  const label = n > 1 ? `${a.label} (any of ${n})` : a.label;
  const b = el("button", { type: "button", class: cls, title: a.warning || a.id }, label);
  b.disabled = busy;
  b.addEventListener("click", () => doAction(a));
  if (a.target && renderer) {
    // (A finger has no hover: a tap's highlight would stay lit.)
    b.addEventListener("pointerenter", (ev) => ev.pointerType === "mouse" && renderer.highlight(a.target, true));
    b.addEventListener("pointerleave", (ev) => ev.pointerType === "mouse" && renderer.highlight(a.target, false));
  }
  return b;
}

function actionGroup(name, members, pieceIds, open = false) {
  const light = (on) => {
    if (renderer) for (const a of members) renderer.highlight(a.target, on);
  };
  const targets = new Set(members.map((a) => a.target));
  const onMap = members.some((a) => a.target);
  const places = onMap ? targets.size : alike(members).length;
  // Leaders or blocks to pick are counted as pieces, spaces as places.
  const noun = !onMap ? ["choice", "choices"] : [...targets].every((t) => pieceIds.has(t)) ? ["piece", "pieces"] : ["place", "places"];
  const box = el(
    "details",
    { class: "group" },
    el("summary", { class: "act" }, name, el("span", { class: "count" }, ` · ${places} ${noun[places === 1 ? 0 : 1]}`)),
    ...(onMap ? [el("div", { class: "hint" }, "Pick one on the map, or here:")] : []),
    ...alike(members).map(({ a, n }) => actionButton(a, n)),
  );
  // Opened or shut by the player, it stays so; else as renderActions says.
  box.open = openGroups.has(name) || (open && !shutGroups.has(name));
  // (Opening it here fires a toggle too, which is not the player's.)
  let ours = box.open;
  box.addEventListener("toggle", () => {
    if (ours && box.open) {
      ours = false;
      return;
    }
    ours = false;
    (box.open ? openGroups : shutGroups).add(name);
    (box.open ? shutGroups : openGroups).delete(name);
    light(box.open);
  });
  const summary = box.querySelector("summary");
  summary.addEventListener("pointerenter", (ev) => ev.pointerType === "mouse" && light(true));
  summary.addEventListener("pointerleave", (ev) => ev.pointerType === "mouse" && light(box.open));
  if (box.open) queueMicrotask(() => light(true));
  return box;
}

/** The choices; `fresh`: a new position, whose list starts at its top
 * (a list scrolled down for the last prompt hid the new one's first choices). */
function renderActions(s, fresh = false) {
  const box = $("actions");
  // The old list's lit places go out with it (its buttons never see the
  // pointer leave, nor its groups shut).
  if (renderer) renderer.unlightAll();
  if (!s.legal.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const byGroup = new Map();
  for (const a of s.legal) {
    if (a.group) byGroup.set(a.group, [...(byGroup.get(a.group) || []), a]);
  }
  // One place only: nothing to pick on the map, the buttons say it all.
  // A group with no place at all (FIW's sixty recruits, by kind) opens as
  // a list.
  const folds = (members) => members && members.length >= GROUP_MIN &&
    (new Set(members.map((m) => m.target)).size >= 2 || !members.some((m) => m.target));
  const groups = [...byGroup.keys()].filter((g) => folds(byGroup.get(g)));
  const plain = alike(s.legal.filter((a) => !groups.includes(a.group))).length;
  const items = [];
  const shown = new Set();
  const counted = new Map(alike(s.legal).map(({ a, n }) => [a, n]));
  for (const a of s.legal) {
    if (!groups.includes(a.group)) {
      if (counted.has(a)) items.push(actionButton(a, counted.get(a)));
    } else if (!shown.has(a.group)) {
      shown.add(a.group);
      const pieceIds = new Set((s.view?.board?.pieces || []).map((p) => p.id).filter(Boolean));
      items.push(actionGroup(a.group, byGroup.get(a.group), pieceIds, groups.length === 1 && plain <= BESIDE_OPEN));
    }
  }
  const hint = s.legal.some((a) => a.target) ? el("div", { class: "hint" }, "Or click a highlighted place or block on the map.") : null;
  box.replaceChildren(...items, ...(hint ? [hint] : []));
  if (fresh) box.scrollTop = 0;
}

const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** The log; a click (or Enter) on a line replays the game to the move that wrote it. */
function renderLog(log) {
  const list = $("log");
  const atBottom = list.parentElement.scrollTop + list.parentElement.clientHeight >= list.parentElement.scrollHeight - 30;
  list.replaceChildren(...log.map(logLine));
  if (atBottom) list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

/** Log entry `i` as a list item, with its dice and rule. */
function logLine(e, i) {
  const li = el("li", { class: e.audience.seat === undefined ? "" : "private", tabindex: 0, "data-entry": i, title: "Replay to this moment" },
    e.text,
    e.dice && e.dice.length ? el("span", { class: "dice", title: e.dice.join(", ") }, " ", e.dice.map((d) => DICE[d] || `[${d}]`).join("")) : null,
    e.rule ? el("span", { class: "rule" }, ` ${e.rule}`) : null);
  li.addEventListener("click", () => replayToEntry(i));
  li.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    replayToEntry(i);
  });
  return li;
}

// What just happened, under the prompt: the log since this seat last acted
// (its own move's dice and results, then the other side's moves). A phone
// shows the log a page below the choices; a battle or a Command Table roll
// read nowhere near them. The latest LATELY lines, the others on request;
// a phone's first visit shows its last two (the game's opening lines put
// a new player's first choices below the screen's foot, under the map).
const LATELY = 4;
const PHONE = window.matchMedia("(max-width: 760px)");
let latelyOpen = false;

function renderLately(s) {
  const box = $("lately");
  const mark = s.seat && !s.replaying ? sessionStorage.getItem(seenKey()) : null;
  const since = mark !== null && Number(mark) <= s.log.length;
  const from = since ? Number(mark) : Math.max(0, s.log.length - LATELY);
  const entries = s.seat && !s.replaying ? s.log.map((e, i) => [e, i]).slice(from) : [];
  box.hidden = !entries.length;
  if (!entries.length) {
    box.replaceChildren();
    return;
  }
  const hidden = latelyOpen ? 0 : Math.max(0, entries.length - (!since && PHONE.matches ? 2 : LATELY));
  const more = hidden
    ? el("button", { type: "button", class: "small more", onclick: () => { latelyOpen = true; renderLately(shown()); } }, `Show ${hidden} earlier`)
    : null;
  // The latest few whole; all of them (on request) in a box that scrolls.
  const list = el("ol", { class: `lately-list${latelyOpen && entries.length > LATELY ? " all" : ""}`, start: String(from + hidden + 1) }, ...entries.slice(hidden).map(([e, i]) => logLine(e, i)));
  box.replaceChildren(...[el("div", { class: "lately-head" }, since ? "Since your last move" : "Lately"), more, list].filter(Boolean));
  list.scrollTop = list.scrollHeight;
}

function seenKey() {
  return `powderhorn-seen:${gameId}:${state.seat}`;
}

// The replay index of the game at move `seq` (GET /api/games/ID/log-moves):
// per log entry the move that wrote it, and where each turn and phase began.
let replayIndex = { seq: -1, moves: [], stages: [] };

let indexLoading = null;

/** The replay index of the game as it is now, fetched once per move (one
 * request at a time, however fast the slider moves). */
function loadReplayIndex() {
  if (replayIndex.seq === state.seq) return Promise.resolve(replayIndex);
  if (!indexLoading || indexLoading.seq !== state.seq) {
    const seq = state.seq;
    const promise = api("GET", `/api/games/${gameId}/log-moves`, { token }).then((r) => {
      replayIndex = { seq: r.seq, moves: r.moves, stages: r.stages };
      return replayIndex;
    });
    indexLoading = { seq, promise };
    promise.catch(() => {}).finally(() => {
      if (indexLoading && indexLoading.promise === promise) indexLoading = null;
    });
  }
  return indexLoading.promise;
}

/** Replay to the move `pick` finds in the replay index (none: stay). */
async function replayToIndexed(pick) {
  if (!state) return;
  try {
    await loadReplayIndex();
  } catch (e) {
    showError(e.message);
    return;
  }
  const seq = pick(replayIndex);
  if (seq === undefined) return;
  $("replay-range").value = String(seq);
  replayTo(seq);
}

/** Replay to the move after which log entry `i` was written. */
function replayToEntry(i) {
  replayToIndexed((index) => index.moves[i]);
}

/** Replay to where the current or previous (d < 0) or the next (d > 0)
 * phase begins, or the turn when `turns`; past the last, back to now. */
function replayByStage(d, turns) {
  replayToIndexed((index) => {
    const at = replay ? replay.seq : state.seq;
    const starts = index.stages.filter((s) => !turns || s.new_turn).map((s) => s.seq);
    if (d < 0) return starts.filter((q) => q < at).pop();
    const next = starts.find((q) => q > at);
    return next === undefined ? state.seq : next;
  });
}

/** "1776, Game Turn 2 of 5 · Actions": the stage at move `at`, once known. */
function stageAt(at) {
  if (replayIndex.seq !== state.seq) return "";
  const s = replayIndex.stages.filter((x) => x.seq <= at).pop();
  return s ? ` · ${s.turn} · ${s.phase}` : "";
}

/** The header's other seats of this browser. A hot-seat switch goes
 * through the hand-over cover even while both seats act at once (card
 * play, secret purchases): the one who asks is not always the one who
 * will look. */
function renderSeatSwitch(s) {
  const others = localSeats(gameId).filter((g) => g.token !== token && g.seat);
  $("seat-switch").replaceChildren(
    ...others.map((g) => el("button", { type: "button", class: "small", onclick: () => askSwitch(g) }, `Play ${cap(g.seat)}`)),
  );
}

// The seat the player asked for in the header, shown behind the cover until
// its player says they have the screen (null: none asked).
let handingTo = null;

function askSwitch(g) {
  if (!isHotSeat(g) && !isHotSeat(localSeats(gameId).find((x) => x.token === token))) {
    switchTo(g.token);
    return;
  }
  handingTo = g;
  render();
}

const isHotSeat = (g) => !!g && g.kind === "hotseat";

/** Hot-seat: when this seat waits and another hot-seat seat here must act,
 * or the player asked for the other seat, the next player takes the
 * screen. Behind the cover nothing of the seat on screen stays in the page
 * (its blocks, hand, log, notes, choices): the map is dropped and drawn
 * anew for the next seat. True while covered. */
function handOver(s) {
  const pass = $("pass");
  const next = handingTo || passTo(s);
  pass.hidden = !next;
  if (!next) return false;
  renderer = null;
  focused = false;
  for (const id of ["map", "offmap", "prompt", "lately", "actions", "info", "hexinfo", "log", "error", "invite-box", "rematch-box", "draw-box", "seat-switch"]) {
    $(id).replaceChildren();
  }
  $("lately").hidden = true;
  $("hexinfo").hidden = true;
  $("notes").value = "";
  hidePopup();
  // The header names no seat: the one on screen is being handed over.
  $("as-seat").replaceChildren(el("span", { class: "chip" }, "Hot-seat"));
  $("status-line").textContent = `move ${s.seq} · to act: ${s.to_act.map(cap).join(" and ") || "—"}`;
  $("stage-line").textContent = "";
  // An asked-for switch may be taken back by the seat that asked.
  const back = handingTo
    ? el("button", { type: "button", class: "pass-back", onclick: () => { handingTo = null; refresh(); } }, `Back to the ${cap(s.seat)}`)
    : null;
  pass.replaceChildren(
    el("div", { class: "pass-box" },
      el("h2", {}, `Hand the screen to the ${cap(next.seat)} player`),
      el("p", {}, `${cap(s.seat)}, look away: the next screen shows what only the ${cap(next.seat)} may see.`),
      el("div", { class: "pass-buttons" },
        el("button", { type: "button", class: "primary", onclick: () => switchTo(next.token) }, `I am the ${cap(next.seat)} player`),
        back)),
  );
  return true;
}

/** The hot-seat seat of this browser that must act while this one waits. */
function passTo(s) {
  if (s.status === "over" || !s.seat || s.to_act.includes(s.seat)) return null;
  const mine = localSeats(gameId).find((g) => g.token === token);
  if (!isHotSeat(mine)) return null;
  return localSeats(gameId).find((g) => isHotSeat(g) && g.token !== token && s.to_act.includes(g.seat)) || null;
}

function switchTo(t) {
  token = t;
  handingTo = null;
  showError("");
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
  $("replay-label").textContent = (replay ? `move ${at} of ${state.seq}` : `move ${state.seq} (now)`) + stageAt(at);
  $("replay-now").hidden = !replay;
  $("replay").hidden = state.seq === 0;
  for (const id of ["replay-back", "replay-phase-back", "replay-turn-back"]) $(id).disabled = at <= 0;
  for (const id of ["replay-next", "replay-phase-next", "replay-turn-next"]) $(id).disabled = at >= state.seq;
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
  // The label names the turn and phase once the index has come.
  if (replayIndex.seq !== state.seq) loadReplayIndex().then(() => replay && renderReplay(), () => {});
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

/** A write to the game; its answer, or null when it failed. */
async function post(path, body) {
  if (busy) return null;
  busy = true;
  showError("");
  let done = null;
  const before = state.log.length;
  try {
    done = await api("POST", `/api/games/${gameId}/${path}`, { token, body });
  } catch (e) {
    if (e.status === 409) showError("The game moved on while you were choosing: here is the new position.");
    else showError(e.message);
  } finally {
    busy = false;
  }
  await refresh();
  // What this seat has seen up to its own move: the trail starts after it.
  if (done && state.seat) {
    sessionStorage.setItem(trailKey(), String(state.log.length));
    // (What the move itself wrote stays "since your last move": its dice.)
    sessionStorage.setItem(seenKey(), String(before));
    latelyOpen = false;
    if (renderer && !replay) renderer.showTrail(trail(state));
    // (Not behind a hot-seat cover: its lines are this seat's.)
    if ($("pass").hidden) renderLately(shown());
  }
  return done;
}

function trailKey() {
  return `powderhorn-trail:${gameId}:${state.seat}`;
}

/** The log entries that name places since this seat's own last move (the
 * other side's moves, battles and losses), drawn on the map; on a first
 * visit, those of the last few entries. */
function trail(s) {
  if (!s.seat || s.replaying) return [];
  const mark = Number(sessionStorage.getItem(trailKey()));
  const from = sessionStorage.getItem(trailKey()) !== null && mark <= s.log.length ? mark : Math.max(0, s.log.length - 8);
  return s.log.slice(from).filter((e) => e.path && e.path.length);
}

/** Take an action; one with a risk or a cost the rules attach (its
 * warning) is first confirmed. */
function doAction(a, confirmed = false) {
  if (a.warning && !confirmed) {
    confirmAction(a);
    return;
  }
  hidePopup();
  return post("actions", { seq_seen: state.seq, action_id: a.id });
}

function confirmAction(a) {
  const pop = $("popup");
  pop.replaceChildren(
    el("div", { class: "warning", role: "alert" }, a.warning),
    el("button", { type: "button", class: "primary", id: "confirm-action", onclick: () => doAction(a, true) }, a.label),
    el("button", { type: "button", class: "cancel", onclick: hidePopup }, "Cancel"),
  );
  pop.hidden = false;
  pop.style.left = `${Math.max(8, (window.innerWidth - pop.offsetWidth) / 2)}px`;
  pop.style.top = `${Math.max(8, (window.innerHeight - pop.offsetHeight) / 2)}px`;
  $("confirm-action").focus();
}

/** A map click that has several actions, or one beyond undo (a block
 * that fires): a small menu at the pointer, so no click rolls dice unasked. */
function choose(actions, ev) {
  if (actions.length === 1 && !actions[0].irreversible) {
    doAction(actions[0]);
    return;
  }
  const pop = $("popup");
  // Why a single choice asks first: it is beyond undo.
  const final = actions.filter((a) => a.irreversible).length;
  const why = !final ? null
    : final === actions.length ? "This cannot be undone: it rolls dice or shows what was hidden."
    : "Those marked ⚠ cannot be undone: they roll dice or show what was hidden.";
  pop.replaceChildren(...[
    why ? el("div", { class: "hint" }, why) : null,
    ...actions.map((a) => el("button", { type: "button", onclick: () => doAction(a) }, a.irreversible && final < actions.length ? `⚠ ${a.label}` : a.label)),
    el("button", { type: "button", class: "cancel", onclick: hidePopup }, "Cancel"),
  ].filter(Boolean));
  pop.hidden = false;
  const x = Math.min(ev.clientX + 8, window.innerWidth - 320);
  const y = Math.min(ev.clientY + 8, window.innerHeight - pop.offsetHeight - 8);
  pop.style.left = `${x}px`;
  pop.style.top = `${Math.max(8, y)}px`;
}

function hidePopup() {
  $("popup").hidden = true;
}

// Only the answer to the latest "why not?" is shown.
let whyGen = 0;

async function select(id) {
  hidePopup();
  if (!renderer) return;
  const info = renderer.spaceInfo(id);
  const box = $("hexinfo");
  box.hidden = !info;
  if (info) box.replaceChildren(info);
  box.dataset.space = info ? id : "";
  if (info) showInSide(box);
  // On this seat's turn, a click where nothing is offered asks the rules
  // why not: each rule that forbids it, with its section.
  const asked = ++whyGen;
  if (!state || !state.seat || !state.legal.length || replay) return;
  let w;
  try {
    w = await api("GET", `/api/games/${gameId}/why/${encodeURIComponent(id)}`, { token });
  } catch (_) {
    return; // nothing to explain (an id the rules do not know)
  }
  if (asked !== whyGen || w.answer !== "forbidden") return;
  const rules = w.rules.map((r) => el("li", {}, el("span", { class: "rule" }, r.rule), " ", r.reason));
  const why = el("div", { class: "why" }, el("h4", {}, "Why not?"), el("ul", {}, ...rules));
  if (info) box.append(why);
  else box.replaceChildren(why);
  box.hidden = false;
  showInSide(box);
}

/** Scroll the side panel, where it scrolls by itself (wide screens), so
 * that `box` is in sight; a phone's page is not scrolled away from the map. */
function showInSide(box) {
  const side = $("side");
  if (side.scrollHeight <= side.clientHeight || getComputedStyle(side).overflowY === "visible") return;
  const top = box.getBoundingClientRect().top - side.getBoundingClientRect().top + side.scrollTop, bottom = top + box.offsetHeight;
  if (bottom > side.scrollTop + side.clientHeight) side.scrollTop = Math.min(top, bottom - side.clientHeight);
  else if (top < side.scrollTop) side.scrollTop = top;
}

// ---------------------------------------------------------------- chat and notes

// The chat, in pages: the messages numbered above the last one shown.
let chatLast = 0;
let chatBusy = false;
let chatAgain = false;

// The chat's unread mark: the others' messages numbered above the last one
// this seat saw in this browser, counted on the Chat tab and in the header
// (a phone's tabs are screens below the map, where a message went unseen).
// The chat is seen once it is on the screen.
let chatFrom = []; // [n, seat] of each message the page has
let chatInSight = false;

function chatSeenKey() {
  return `powderhorn-chat-seen:${gameId}:${state ? state.seat : ""}`;
}

function renderUnread() {
  if (!state) return;
  const seen = Number(localStorage.getItem(chatSeenKey())) || 0;
  const n = chatFrom.filter(([k, seat]) => k > seen && seat !== state.seat).length;
  const tab = document.querySelector('.tabs button[data-tab="chat"]');
  tab.textContent = n ? `Chat (${n})` : "Chat";
  tab.classList.toggle("unread", n > 0);
  const mark = $("chat-unread");
  mark.hidden = !n;
  mark.textContent = `Chat: ${n} new`;
}

function markChatSeen() {
  if (!state) return;
  localStorage.setItem(chatSeenKey(), String(chatLast));
  renderUnread();
}

/** The header's mark opens the chat and brings it into sight. */
function showChat() {
  document.querySelector('.tabs button[data-tab="chat"]').click();
  $("tab-chat").scrollIntoView({ block: "nearest" });
}

function chatLine(m) {
  return el("li", { "data-n": m.n }, el("span", { class: `chip ${m.seat}` }, cap(m.seat)), " ", m.text,
    el("span", { class: "hint" }, ` ${new Date(m.created * 1000).toLocaleTimeString()}`));
}

async function refreshChat() {
  if (chatBusy) {
    chatAgain = true;
    return;
  }
  chatBusy = true;
  try {
    do {
      chatAgain = false;
      let more = true;
      while (more) {
        const data = await api("GET", `/api/games/${gameId}/chat?after=${chatLast}&limit=200`, { token });
        const fresh = data.messages.filter((m) => m.n > chatLast);
        if (fresh.length) {
          const box = $("chat").parentElement;
          const atBottom = chatLast === 0 || box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
          $("chat").append(...fresh.map(chatLine));
          chatLast = Math.max(chatLast, ...fresh.map((m) => m.n));
          chatFrom.push(...fresh.map((m) => [m.n, m.seat]));
          if (atBottom) box.scrollTop = box.scrollHeight;
          if (chatInSight) markChatSeen();
          else renderUnread();
        }
        more = data.more && fresh.length > 0;
      }
    } while (chatAgain);
  } catch (_) {
    /* shown by refresh */
  } finally {
    chatBusy = false;
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
    $("chat-error").textContent = "";
    try {
      await api("POST", `/api/games/${gameId}/chat`, { token, body: { text } });
      $("chat-text").value = "";
    } catch (e) {
      // 429: too many messages a minute; 507: the game's chat is full.
      $("chat-error").textContent = e.message;
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
  new IntersectionObserver((entries) => {
    chatInSight = entries.some((e) => e.isIntersecting);
    if (chatInSight) markChatSeen();
  }).observe($("tab-chat"));
  $("chat-unread").addEventListener("click", showChat);
  $("undo").addEventListener("click", () => post("undo", { seq_seen: state.seq }));
  $("replay-range").addEventListener("input", (ev) => replayTo(Number(ev.target.value)));
  $("replay-now").addEventListener("click", leaveReplay);
  const step = (d) => {
    const at = (replay ? replay.seq : state.seq) + d;
    $("replay-range").value = String(at);
    replayTo(Math.max(0, Math.min(state.seq, at)));
  };
  $("replay-back").addEventListener("click", () => step(-1));
  $("replay-next").addEventListener("click", () => step(1));
  $("replay-phase-back").addEventListener("click", () => replayByStage(-1, false));
  $("replay-phase-next").addEventListener("click", () => replayByStage(1, false));
  $("replay-turn-back").addEventListener("click", () => replayByStage(-1, true));
  $("replay-turn-next").addEventListener("click", () => replayByStage(1, true));
  $("resign").addEventListener("click", () => {
    if (confirm(`Resign the game as ${cap(state.seat)}?`)) post("resign", { seq_seen: state.seq });
  });
  $("draw").addEventListener("click", () => draw(false));
  $("rematch").addEventListener("click", rematch);
  $("zoom-in").addEventListener("click", () => renderer && renderer.zoom(1 / 1.3));
  $("zoom-out").addEventListener("click", () => renderer && renderer.zoom(1.3));
  $("zoom-fit").addEventListener("click", () => renderer && renderer.fit());
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") hidePopup();
  });
  document.addEventListener("click", (ev) => {
    const pop = $("popup");
    if (!pop.hidden && !pop.contains(ev.target) && !ev.target.closest("svg, #actions")) hidePopup();
  });
}

// Live updates over a WebSocket (a browser shares six HTTP/1.1 connections
// per host among all its tabs, and a stream of server-sent events would hold
// one per tab; WebSockets are not counted there). A single-use ticket (POST
// .../ticket, with the token in the header) opens it; when it closes, a new
// ticket is asked for after a pause that grows (2 s to 30 s): also when the
// server says too many are open.
let liveGen = 0;
let liveTimer = null;
let liveDelay = 2000;
let liveStarted = false;

async function listen() {
  // ?nolive: no live updates (for headless screenshots, which wait for the network to go idle).
  if (new URLSearchParams(location.search).has("nolive")) return;
  const gen = ++liveGen;
  clearTimeout(liveTimer);
  if (events) events.close();
  events = null;
  let ticket;
  try {
    ({ ticket } = await api("POST", `/api/games/${gameId}/ticket`, { token, body: {} }));
  } catch (_) {
    if (gen === liveGen) retryLive(gen);
    return;
  }
  if (gen !== liveGen) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/api/games/${gameId}/live?ticket=${encodeURIComponent(ticket)}`);
  events = ws;
  // The first notice tells the game's move number: on the first connection
  // it is usually the state just loaded; after a reconnection something may
  // have been missed.
  let first = !liveStarted;
  liveStarted = true;
  ws.addEventListener("message", (ev) => {
    liveDelay = 2000;
    const d = JSON.parse(ev.data);
    if (d.event === "chat") {
      refreshChat();
      return;
    }
    const skip = first && state && d.seq === state.seq && d.seq !== 0;
    first = false;
    // (Claims and rematches tell the same move number: refresh anyway.)
    if (!skip) refresh();
  });
  ws.addEventListener("close", () => {
    if (events !== ws) return;
    events = null;
    retryLive(gen);
  });
}

function retryLive(gen) {
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => {
    if (gen !== liveGen) return;
    // A reconnection refreshes the chat too (messages may have come meanwhile).
    listen().then(() => refreshChat());
  }, liveDelay);
  liveDelay = Math.min(liveDelay * 2, 30000);
}

async function init() {
  setupPanels();
  if (gameId && token.startsWith("invite=")) {
    const t = await claimInvite(decodeURIComponent(token.slice("invite=".length)));
    if (!t) return;
    token = t;
    history.replaceState(null, "", `#${t}`);
  }
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

window.addEventListener("hashchange", async () => {
  let t = location.hash.slice(1);
  if (t.startsWith("invite=")) {
    t = await claimInvite(decodeURIComponent(t.slice("invite=".length)));
    if (!t) return;
    history.replaceState(null, "", `#${t}`);
    if (!state) {
      token = t;
      await refresh();
      if (!state) return;
      refreshChat();
      loadNotes();
      listen();
      return;
    }
  }
  if (t && t !== token) switchTo(t);
});

init();
