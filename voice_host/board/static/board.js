// The live board: renders each state the server sends on /events. Read-only: it never sends anything back.
// Every text goes in with textContent, never as HTML; every label comes from the page's JSON block.
"use strict";

const WORDS = JSON.parse(document.getElementById("words").textContent);
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
let lastOutcome = -1;
let lastClaim = "";
let lastDice = "";
let announcedEnd = false;

// The live region: what happened since the last state (an outcome, a claim, dice, the end), said once.
let news = [];
function announce(text) {
  if (text) news.push(text);
}

function word(key, n, m) {
  return WORDS[key].replace("{n}", String(n)).replace("{m}", String(m));
}

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function replace(id, ...children) {
  $(id).replaceChildren(...children);
}

// Milella's sheet: an asterisk with a point for every penalty allowed, a dot on a point per penalty.
function asterisk(points, taken) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-50 -50 100 100");
  svg.setAttribute("class", "star");
  svg.setAttribute("aria-hidden", "true");
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points - Math.PI / 2;
    const x = Math.cos(angle), y = Math.sin(angle);
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", "0"); line.setAttribute("y1", "0");
    line.setAttribute("x2", (30 * x).toFixed(2)); line.setAttribute("y2", (30 * y).toFixed(2));
    svg.append(line);
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", (40 * x).toFixed(2)); dot.setAttribute("cy", (40 * y).toFixed(2));
    dot.setAttribute("r", "7");
    if (i < taken) dot.setAttribute("class", "taken");
    svg.append(dot);
  }
  return svg;
}

function livesRow(limit, left) {
  const row = make("div", "lives");
  row.setAttribute("aria-hidden", "true");
  for (let i = 0; i < limit; i++) row.append(make("span", i < left ? "left" : "lost"));
  return row;
}

function renderTokio(s) {
  const lives = s.rules.counting === "lives";
  const limit = s.rules.limit;
  replace("players", ...s.players.map((p) => {
    const item = make("li", "player" + (p.to_act ? " to-act" : "") + (p.out ? " out" : ""));
    item.dataset.name = p.name;
    item.dataset.penalties = String(p.penalties);
    item.append(make("p", "name", p.name));
    const count = lives ? word(p.lives === 1 ? "life_of" : "lives_of", p.lives, limit)
      : word("penalties_of", p.penalties, limit);
    const picture = lives ? livesRow(limit, p.lives) : asterisk(limit, Math.min(p.penalties, limit));
    item.append(picture, make("p", "count", p.out ? count + " · " + WORDS.out : count));
    return item;
  }));
  replace("cards");
  replace("dice");
  replace("roll");
  if (s.turn) replace("turn", document.createTextNode(WORDS.to_act + ": " + s.turn.player));
  else replace("turn");
  if (s.claim) {
    replace("claim", document.createTextNode(WORDS.claim + ": "), make("strong", "", s.claim.name),
      document.createTextNode(" (" + word("claim_by", s.claim.by, "") + ")"));
  } else {
    replace("claim", document.createTextNode(s.finished ? "" : WORDS.no_claim));
  }
}

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function die(face) {
  const node = make("div", "die");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", word("die", face, ""));
  node.dataset.face = String(face);
  for (let cell = 0; cell < 9; cell++) node.append(make("span", PIPS[face].includes(cell) ? "pip" : "pip off"));
  return node;
}

function cardRow(label, className, cells) {
  const row = make("tr", className);
  const head = make("th", "", label);
  head.setAttribute("scope", "row");
  row.append(head, ...cells);
  return row;
}

function renderYatzi(s) {
  replace("players");
  const table = make("table", "card");
  table.append(make("caption", "visually-hidden", WORDS.card));
  const head = make("tr");
  head.append(make("th", "", WORDS.box));
  for (const p of s.players) {
    const th = make("th", p.to_act ? "to-act" : "", p.computer ? p.name + " (" + WORDS.computer + ")" : p.name);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = make("thead");
  thead.append(head);
  const body = make("tbody");
  const cell = (p, value) => {
    const td = make("td", p.to_act ? "to-act" : "", value === null ? "" : value);
    return td;
  };
  const boxRow = (box) => {
    const row = cardRow(box.name, "box", s.players.map((p) => cell(p, p.scores[box.key])));
    row.dataset.box = box.key;
    return row;
  };
  s.boxes.filter((b) => b.upper).forEach((b) => body.append(boxRow(b)));
  body.append(cardRow(WORDS.upper, "sum", s.players.map((p) => cell(p, p.upper))));
  body.append(cardRow(word("bonus", s.rules.bonus_threshold, ""), "bonus", s.players.map((p) => {
    const td = cell(p, p.bonus || (p.bonus_missing ? null : 0));
    if (!p.bonus && p.bonus_missing) td.append(make("small", "", word("bonus_missing", p.bonus_missing, "")));
    return td;
  })));
  s.boxes.filter((b) => !b.upper).forEach((b) => body.append(boxRow(b)));
  body.append(cardRow(WORDS.lower, "sum", s.players.map((p) => cell(p, p.lower))));
  if (s.rules.yatzi_bonus) body.append(cardRow(WORDS.yatzi_bonus, "", s.players.map((p) => cell(p, p.yatzi_bonus))));
  body.append(cardRow(WORDS.total, "total", s.players.map((p) => cell(p, p.total))));
  table.append(thead, body);
  replace("cards", table);
  replace("claim");
  if (s.choosing_start) replace("turn", document.createTextNode(WORDS.choosing_start));
  else if (s.turn) {
    replace("turn", document.createTextNode(WORDS.to_act + ": " + s.turn.player));
  } else replace("turn");
  if (s.dice) {
    replace("dice", ...s.dice.map(die));
    $("dice").setAttribute("aria-label", WORDS.dice);
  } else replace("dice");
  const roll = s.turn ? word("round_of", s.turn.round, s.turn.rounds) +
    (s.dice ? " · " + word("roll_of", s.roll, s.rolls) : " · " + WORDS.no_dice) : "";
  replace("roll", document.createTextNode(roll));
}

function renderEnd(s) {
  $("end").hidden = !s.finished;
  if (!s.finished) return;
  $("end-title").textContent = s.stopped ? WORDS.stopped : WORDS.finished;
  const winner = s.stopped ? "" : (s.winner ? word("winner", s.winner, "") : WORDS.tie);
  $("winner").hidden = !winner;
  replace("winner", document.createTextNode(winner));
  const rows = s.standings.map((row) => row.name + ": " + row.value);
  replace("standings", ...rows.map((text, i) => make("li", s.standings[i].out ? "out" : "", text)));
  if (!announcedEnd) {
    announcedEnd = true;
    announce([s.stopped ? WORDS.stopped : WORDS.finished, winner, WORDS.standings + ": " + rows.join(", ")]
      .filter(Boolean).join(". ") + ".");
  }
}

function announceChanges(s) {
  const claim = s.claim ? s.claim.name + "|" + s.claim.by : "";
  if (claim && claim !== lastClaim) announce(word("announce_claim", s.claim.by, s.claim.name));
  lastClaim = claim;
  const dice = s.dice ? s.dice.join(" ") + "|" + s.roll : "";
  if (dice && dice !== lastDice) announce(word("announce_dice", s.dice.join(", "), ""));
  lastDice = dice;
}

// Between the games of an evening (serata --board): the evening's standings, its games, the question asked now.
function renderEvening(s) {
  const e = s.evening;
  $("evening").hidden = false;
  $("game").hidden = true;
  $("status").textContent = "";
  delete document.documentElement.dataset.game;
  announcedEnd = false;
  lastOutcome = -1;
  lastClaim = "";
  lastDice = "";
  $("evening-question").textContent = e.question;
  const title = (game) => game.charAt(0).toUpperCase() + game.slice(1);
  const head = make("tr");
  for (const label of [WORDS.evening_player, ...e.columns.map(title), WORDS.evening_total]) {
    const th = make("th", "", label);
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = make("thead");
  thead.append(head);
  const body = make("tbody");
  for (const row of e.standings) {
    const tr = make("tr");
    tr.dataset.name = row.name;
    tr.dataset.wins = String(row.wins);
    const name = make("th", "", row.name);
    name.setAttribute("scope", "row");
    tr.append(name, ...e.columns.map((g) => make("td", "", row.by_game[g] || 0)), make("td", "total", row.wins));
    body.append(tr);
  }
  const caption = make("caption", "visually-hidden", WORDS.evening);
  replace("evening-table", caption, thead, body);
  const games = e.games.map((g) => make("li", "", title(g.game) + ": " +
    (g.winner ? word("evening_winner", g.winner, "") : WORDS.evening_nobody)));
  replace("evening-games", ...(games.length ? games : [make("li", "", WORDS.evening_none)]));
  if (s.said.length) $("live").textContent = s.said.join(" ");
}

function render(s) {
  document.documentElement.dataset.seq = String(s.seq);
  if (s.evening) {
    renderEvening(s);
    return;
  }
  if (!s.game) return;
  $("evening").hidden = true;
  $("game").hidden = false;
  document.documentElement.dataset.game = s.game;
  $("status").textContent = "";
  if (s.game === "tokio") renderTokio(s);
  else if (s.game === "yatzi") renderYatzi(s);
  replace("rules", ...s.rules_text.map((line) => make("li", "", line)));
  $("said").textContent = s.said.join(" ");
  if (s.outcome_number !== lastOutcome) {
    lastOutcome = s.outcome_number;
    if (s.outcome.length) {
      $("outcome").textContent = s.outcome.join(" ");
      announce(s.outcome.join(" "));
    }
  }
  announceChanges(s);
  renderEnd(s);
  if (news.length) $("live").textContent = news.join(" ");
  news = [];
}

function connect() {
  const events = new EventSource("/events");
  let ended = false;
  events.onmessage = (event) => render(JSON.parse(event.data));
  // the host closed the board for good (the game is over, or it stopped): no more reconnecting
  events.addEventListener("end", () => {
    ended = true;
    events.close();
    $("status").textContent = WORDS.closed;
  });
  events.onerror = () => { if (!ended) $("status").textContent = WORDS.offline; };
}

connect();
