// Shared helpers of the Powderhorn browser client: API calls, remembered
// games (localStorage), and DOM building without innerHTML.

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** Call the JSON API. `token` goes in the Authorization header. */
export async function api(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const resp = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await resp.json();
  } catch (_) {
    data = null;
  }
  if (!resp.ok) {
    const msg = (data && data.error) || `${resp.status} ${resp.statusText}`;
    throw new ApiError(resp.status, msg, data);
  }
  return data;
}

/** el("div", {class: "x", onclick: f}, "text", child...) */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG_NS, tag);
  setAttrs(e, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
}

// ---- remembered games: [{id, token, seat, kind, title, scenario, created}]

const KEY = "powderhorn.games";

export function remembered() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(v) ? v : [];
  } catch (_) {
    return [];
  }
}

export function remember(entry) {
  const list = remembered().filter((g) => !(g.id === entry.id && g.token === entry.token));
  list.unshift({ ...entry, saved: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 300)));
}

export function forget(id, token) {
  localStorage.setItem(KEY, JSON.stringify(remembered().filter((g) => !(g.id === id && g.token === token))));
}

/** Tokens this browser holds for a game. */
export function localSeats(id) {
  return remembered().filter((g) => g.id === id);
}

export function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

export function playUrl(id, token) {
  return `${location.origin}/play/${id}#${token}`;
}

/** A button that copies text to the clipboard. */
export function copyButton(text) {
  const b = el("button", { class: "small", type: "button" }, "Copy");
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = "Copied";
    } catch (_) {
      b.textContent = "Select and copy";
    }
    setTimeout(() => (b.textContent = "Copy"), 1500);
  });
  return b;
}

/** A title's facts (label, value, rule) as the side panel's table. */
export function factsTable(facts) {
  return el("table", { class: "facts" }, facts.map((f) =>
    el("tr", {}, el("th", {}, f.label), el("td", {}, f.value, f.rule ? el("span", { class: "rule" }, ` ${f.rule}`) : null))));
}
