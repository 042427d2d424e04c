// meeple view: fetches the picture and the legal moves from the local server, sends clicks back.
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;
let playing = null;
let games = [];

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  const data = await res.json();
  if (!res.ok) {
    $("error").textContent = data.error || res.statusText;
    return null;
  }
  $("error").textContent = "";
  return data;
}

function viewSeat() {
  const v = $("viewseat").value;
  return v === "all" ? null : Number(v);
}

async function refresh() {
  const seat = viewSeat();
  const data = await api("/api/state" + (seat === null ? "" : "?seat=" + seat));
  if (data) show(data);
}

async function post(path, body) {
  const data = await api(path, Object.assign({view_seat: viewSeat()}, body || {}));
  if (data) show(data);
  return data;
}

function statusText(s) {
  if (s.terminal) {
    const w = s.winners.map((x) => "seat " + x).join(", ");
    return "Game over: " + (w || "no winner") + " · scores " + s.scores.join(" / ");
  }
  if (s.mode === "replay") return "Replay · step " + s.step + " of " + s.steps;
  if (s.current_player === s.seat) return "Your move (seat " + s.seat + ")";
  return "Waiting for seat " + s.current_player;
}

function show(s) {
  state = s;
  // A counter of pictures shown, for scripts (and tests) waiting for the next one.
  document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
  document.body.dataset.mode = s.mode;
  document.body.dataset.game = s.game;
  $("board").innerHTML = s.svg;
  $("status").textContent = statusText(s);
  $("undo").disabled = !s.can_undo;
  $("replay").hidden = s.mode !== "replay";
  if (s.mode === "replay") {
    $("slider").max = s.steps;
    $("slider").value = s.step;
    $("stepinfo").textContent = s.step + " / " + s.steps;
    const vs = $("viewseat");
    if (vs.options.length !== s.players + 1) {
      vs.innerHTML = '<option value="all">everything</option>';
      for (let i = 0; i < s.players; i++) vs.add(new Option("seat " + i, String(i)));
    }
  }
  // Moves grouped by kind (the first word of the label).
  const box = $("moves");
  box.innerHTML = "";
  const groups = new Map();
  for (const m of s.moves) {
    const kind = m.label.split(" ")[0];
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(m);
  }
  for (const [kind, ms] of groups) {
    const h = document.createElement("div");
    h.className = "kind";
    h.textContent = kind + " (" + ms.length + ")";
    box.appendChild(h);
    for (const m of ms) box.appendChild(moveButton(m));
  }
  if (!s.moves.length) box.textContent = s.mode === "play" && !s.terminal ? "…" : "—";
  const log = $("log");
  log.innerHTML = "";
  for (const line of s.log.slice(-200)) {
    const li = document.createElement("li");
    li.textContent = line;
    log.appendChild(li);
  }
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
  for (const el of $("board").querySelectorAll(".hot")) {
    el.addEventListener("click", (ev) => clickKey(el.dataset.key, ev));
  }
}

function moveButton(m) {
  const b = document.createElement("button");
  b.textContent = m.label;
  b.dataset.action = m.action;
  b.addEventListener("click", () => play(m.action));
  return b;
}

async function play(action) {
  hideChooser();
  await post("/api/move", {action: action});
}

function clickKey(key, ev) {
  if (!state) return;
  const ms = state.moves.filter((m) => m.keys.includes(key));
  if (ms.length === 1) {
    play(ms[0].action);
  } else if (ms.length > 1) {
    const c = $("chooser");
    const items = c.querySelector(".items");
    items.innerHTML = "";
    for (const m of ms) items.appendChild(moveButton(m));
    c.style.left = Math.min(ev.clientX, window.innerWidth - 260) + "px";
    c.style.top = Math.min(ev.clientY, window.innerHeight - 40 - 26 * ms.length) + "px";
    c.hidden = false;
  }
  ev.stopPropagation();
}

function hideChooser() { $("chooser").hidden = true; }

function fitPlayers() {
  const g = games.find((x) => x.name === $("game").value);
  if (!g) return;
  const p = $("players");
  p.min = g.min_players;
  p.max = g.max_players;
  const v = Number(p.value);
  if (v < g.min_players || v > g.max_players) p.value = Math.min(Math.max(v, g.min_players), g.max_players);
}

// "scenario=fishermen vp_to_win=8" -> {scenario: "fishermen", vp_to_win: 8} (values as JSON
// where they parse, else as words), the same as the command line's --option.
function parseOptions(text) {
  const out = {};
  for (const pair of text.trim().split(/\s+/)) {
    if (!pair) continue;
    const i = pair.indexOf("=");
    if (i < 1) throw new Error("bad option " + JSON.stringify(pair) + ": expected name=value");
    const value = pair.slice(i + 1);
    try { out[pair.slice(0, i)] = JSON.parse(value); } catch (e) { out[pair.slice(0, i)] = value; }
  }
  return out;
}

async function newGame() {
  hideChooser();
  $("viewseat").value = "all";
  let options;
  try {
    options = parseOptions($("options").value);
  } catch (e) {
    $("error").textContent = e.message;
    return;
  }
  await post("/api/new", {
    game: $("game").value, players: Number($("players").value), seat: Number($("seat").value),
    bots: $("bots").value, seed: Number($("seed").value), options: options,
  });
}

async function step(n) {
  if (!state) return;
  await post("/api/step", {step: n});
}

function togglePlay() {
  if (playing) {
    clearInterval(playing);
    playing = null;
    $("playpause").textContent = "Play";
    return;
  }
  $("playpause").textContent = "Pause";
  playing = setInterval(async () => {
    if (!state || state.step >= state.steps) { togglePlay(); return; }
    await step(state.step + 1);
  }, 400);
}

async function loadFile(file) {
  const text = await file.text();
  await post("/api/load", {record: text});
}

async function main() {
  games = (await api("/api/games")) || [];
  for (const g of games) $("game").add(new Option(g.title, g.name));
  $("game").addEventListener("change", fitPlayers);
  $("new").addEventListener("click", newGame);
  $("undo").addEventListener("click", () => post("/api/undo"));
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(state.step - 1));
  $("next").addEventListener("click", () => step(state.step + 1));
  $("last").addEventListener("click", () => step(state.steps));
  $("slider").addEventListener("input", (e) => step(Number(e.target.value)));
  $("playpause").addEventListener("click", togglePlay);
  $("viewseat").addEventListener("change", refresh);
  $("load").addEventListener("change", (e) => { if (e.target.files[0]) loadFile(e.target.files[0]); });
  document.addEventListener("click", (e) => {
    if (!$("chooser").contains(e.target)) hideChooser();
  });
  await refresh();
  if (state) {
    $("game").value = state.game;
    fitPlayers();
  }
}

main();
