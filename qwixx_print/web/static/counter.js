// The turned sheet (docs/web.md): the sheet a player taps is drawn as printed or turned a
// quarter for a phone held upright (the scene turned: its numbers stand upright). On an
// upright screen narrower than 600 px the turned drawing is the one the page needs, else the
// printed one (a small phone held sideways, 568 x 320, shows the printed sheet as tall as the
// screen: its fields half as large again as the turned sheet's). Every request of the page says which (the X-Sheet-View header; a cookie for the
// page's next load), and the server draws only that one. A page loaded without the cookie
// (a first visit) gets both, the second in a <template>, outside the document, so every
// data-* hook is in the page once; it swaps them itself. When the screen turns and the page
// holds only the other drawing, it asks for the board again ("sheetview" on #board).
var narrow = window.matchMedia("(max-width: 599px) and (orientation: portrait)");

function wanted() {
  return narrow.matches ? "turned" : "flat";
}

function remember() {
  document.cookie = "sheet_view=" + wanted() + "; path=/; max-age=31536000; SameSite=Strict";
}

function showView() {
  var want = wanted();
  document.querySelectorAll(".sheet-wrap > template[data-view]").forEach(function (kept) {
    var shown = kept.parentNode.querySelector(":scope > svg[data-view]");
    var other = kept.content.querySelector("svg[data-view]");
    if (!shown || !other || shown.dataset.view === want || other.dataset.view !== want) return;
    kept.parentNode.replaceChild(other, shown);
    kept.content.appendChild(shown);
    kept.dataset.view = shown.dataset.view;
    if (window.htmx) htmx.process(other);
  });
  var own = document.querySelector(".own .sheet-wrap > svg[data-view]");
  var board = document.getElementById("board");
  if (own && board && window.htmx && own.dataset.view !== want) htmx.trigger(board, "sheetview");
}
remember();
document.addEventListener("DOMContentLoaded", showView); // after htmx set up #board's triggers
narrow.addEventListener("change", function () { remember(); showView(); showMode(); });
document.addEventListener("htmx:afterSwap", showView);
document.addEventListener("htmx:configRequest", function (event) {
  event.detail.headers["X-Sheet-View"] = wanted();
});

// The counter page: htmx swaps the board on a refused move (409) too, so the engine's
// reason shows; any other error shows its one line in the message area.
document.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.xhr.status === 409) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
// A board answered after a newer one is shown is not swapped in: a poll sent before a move
// and answered after it would show the sheet as it was, and a tap on Undo in that moment
// would name a step that has passed. data-moves: the length of the game's log, which only
// grows (an undo is an entry too).
document.addEventListener("htmx:beforeSwap", function (event) {
  var board = document.getElementById("board");
  if (!board || event.detail.target !== board) return;
  var found = /data-moves="(\d+)"/.exec(String(event.detail.serverResponse || ""));
  if (found && Number(found[1]) < Number(board.dataset.moves)) event.detail.shouldSwap = false;
});
// The bar at the bottom (#message): a line shown there fades after 5 s (style.css); a new
// line shows it again.
function say(text) {
  var box = document.getElementById("message");
  if (!box) return;
  box.textContent = text;
  box.classList.remove("offline"); // a new line is no longer the offline one (it fades)
  box.style.animation = "none";
  void box.offsetWidth;
  box.style.animation = "";
}

function tapped(event) {
  // a request the player made (a tap), not the board's poll
  var config = event.detail.requestConfig;
  return !!config && String(config.verb).toLowerCase() !== "get";
}

document.addEventListener("htmx:responseError", function (event) {
  var page = new DOMParser().parseFromString(event.detail.xhr.responseText || "", "text/html");
  var found = page.querySelector("p.error"); // the server's one line (a 503: the database)
  var status = event.detail.xhr.status;
  if (found) say(found.textContent);
  else if (tapped(event)) say("Not saved: the server answered " + status + ". Try again.");
  else say("the server answered " + status);
});
// A tap the server never got (it is down, or the network) says so, and so does a poll that
// could not reach it: the line stays (it does not fade: class "offline") while the server
// cannot be reached, so nobody trusts a board that no longer follows the game; the board's
// polls go on, and the first request answered when the server is back takes the line away
// (a poll answered with a new board brings a new, empty bar; one answered 204, no change,
// leaves the old board and its line, taken away here).
function offline(text) {
  say(text);
  var box = document.getElementById("message");
  if (box) box.classList.add("offline");
}
document.addEventListener("htmx:sendError", function (event) {
  var box = document.getElementById("message");
  if (tapped(event)) offline("Not saved: the server cannot be reached. Try again.");
  else if (!(box && box.classList.contains("offline"))) {
    offline("Offline: the server cannot be reached; this board may be out of date.");
  }
});
document.addEventListener("htmx:afterRequest", function (event) {
  var box = document.getElementById("message");
  var xhr = event.detail.xhr;
  if (!box || !box.classList.contains("offline") || !xhr || xhr.status === 0) return;
  box.classList.remove("offline");
  box.textContent = "";
});
document.addEventListener("htmx:timeout", function (event) {
  if (tapped(event)) say("No answer from the server: the tap may not be saved. Try again.");
});

// One action per tap (docs/web.md): a button (data-action: Undo, Redo, Next player, Back,
// Roll, Penalty, ...) tapped again within REPEAT_MS of its first tap, or of that tap's
// answer, or while it is on its way, is not sent again: a human double tap lands on the
// board the first tap's answer swapped in, whose button names the new step or turn, so the
// server would take it as a new action. Kept here, outside the swapped board. A tap that
// was not taken (a refusal, an error, no server) does not count: it may be tapped again.
var REPEAT_MS = 1000;
var PENDING_MS = 10000; // a tap unanswered this long no longer holds its button back
var recent = {}; // data-action -> {label, until, xhr, answered}
var held = null; // an "already done" line said before the first tap's answer: said again after it

document.addEventListener("htmx:beforeRequest", function (event) {
  var el = event.detail.elt;
  var action = el && el.dataset ? el.dataset.action : null;
  if (!action || !tapped(event)) return;
  var now = Date.now();
  var last = recent[action];
  if (last && now < last.until) {
    event.preventDefault();
    var text = "already done: two quick taps on \u201c" + last.label + "\u201d count once; tap again to do it again";
    held = last.answered ? null : text; // else shown again on the answer's board
    say(text);
    return;
  }
  recent[action] = { label: el.textContent.trim(), until: now + PENDING_MS, xhr: event.detail.xhr };
});
document.addEventListener("htmx:afterRequest", function (event) {
  // told by its request: the button may be gone (swapped out), the event then on the page
  var xhr = event.detail.xhr;
  Object.keys(recent).forEach(function (action) {
    var last = recent[action];
    if (!xhr || last.xhr !== xhr) return;
    last.answered = true;
    if (xhr.status >= 200 && xhr.status < 300) last.until = Date.now() + REPEAT_MS;
    else delete recent[action];
  });
});
document.addEventListener("htmx:afterSwap", function () {
  var box = document.getElementById("message");
  if (held && box && !box.textContent.trim()) say(held);
  held = null;
});
document.addEventListener("keydown", function (event) {
  // a focused field taps with Enter or Space, as a button does
  var el = event.target;
  if ((event.key === "Enter" || event.key === " ") && el.getAttribute && el.getAttribute("role") === "button") {
    event.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
});

// Two-tap moves (docs/web.md): an X-Change swap (a diamond, then a field) and a Longo lucky
// cross (the "Lucky cross" button or a clover, then a field). The engine's marks say which
// fields may take them (data-swaps, data-lucky); the tap on the field posts the move, and a
// refused one comes back with the engine's reason as any other tap.
var mode = null; // null, {kind: "swap", diamond: "3"} or {kind: "lucky"}

function showMode() {
  var board = document.getElementById("board");
  if (!board) return;
  if (mode) board.dataset.mode = mode.kind; else delete board.dataset.mode;
  document.querySelectorAll(".own .diamond").forEach(function (d) {
    d.classList.toggle("selected", !!mode && mode.kind === "swap" && d.dataset.diamond === mode.diamond);
  });
  document.querySelectorAll(".own .field").forEach(function (f) {
    var target = false;
    if (mode && mode.kind === "lucky") target = f.dataset.lucky === "true";
    if (mode && mode.kind === "swap") target = (f.dataset.swaps || "").split(" ").indexOf(mode.diamond) >= 0;
    f.classList.toggle("target", target);
  });
  document.querySelectorAll('[data-action="lucky"]').forEach(function (b) {
    b.setAttribute("aria-pressed", mode && mode.kind === "lucky" ? "true" : "false");
  });
}

function choose(next) {
  var box = document.getElementById("message");
  if (box) box.textContent = ""; // a new choice: the last refusal is old news
  var same = mode && next && mode.kind === next.kind && mode.diamond === next.diamond;
  mode = same ? null : next;
  showMode();
}

document.addEventListener("click", function (event) {
  // a crossed diamond has no role=button: it is used and cannot be chosen again
  var el = event.target.closest ? event.target.closest('.own .diamond[role=button], .own .lucky, [data-action="lucky"]') : null;
  if (!el) return;
  event.preventDefault();
  if (el.classList.contains("diamond")) choose({ kind: "swap", diamond: el.dataset.diamond });
  else choose({ kind: "lucky" });
});

document.addEventListener("htmx:configRequest", function (event) {
  var el = event.detail.elt;
  if (!mode || !el.classList || !el.classList.contains("field")) return;
  event.detail.parameters["kind"] = mode.kind;
  if (mode.kind === "swap") event.detail.parameters["diamond"] = mode.diamond;
  mode = null; // one move per choice: the board that comes back shows no mode
});

document.addEventListener("htmx:afterSwap", showMode); // a refreshed board keeps a pending choice

document.addEventListener("click", function (event) {
  // a tap on the refusal at the bottom of the screen lets it go
  var box = event.target.closest ? event.target.closest("#message") : null;
  if (box) box.textContent = "";
});

document.addEventListener("click", function (event) {
  // a tap on another player's sheet says why nothing happens: it is theirs, read only
  var other = event.target.closest ? event.target.closest(".board.mine .player:not(.own)") : null;
  var box = document.getElementById("message");
  if (!other || !box) return;
  box.textContent = other.dataset.player + "'s sheet is read only: yours is at the top";
});

