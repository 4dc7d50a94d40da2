// Starledger's pages: live updates over server-sent events, commands posted without a reload,
// arrow keys through a replay. Everything is fetched from this server; no page needs it to work.
"use strict";

const main = document.querySelector("main[data-stream]");
const rulings = new Map(); // decision id -> its list item, once sent from this page
// While a decision sent from this page waits for its ruling, and until the page shows what it
// caused, the options are disabled: a second click would be judged on a position not shown.
let pending = null; // its decision id, "" until the post answers
let shownFrom = 0; // the entry the page must show before offering options again
const FOLLOWED = ["messages", "orders"]; // lists beside #live that move with it (their forms don't)

function liveSeq() {
  const live = document.getElementById("live");
  return live ? Number(live.dataset.seq) : -1;
}

async function refresh() {
  const reply = await fetch(main.dataset.live, { headers: { accept: "text/html" } });
  if (!reply.ok) return;
  const holder = document.createElement("template");
  holder.innerHTML = (await reply.text()).trim();
  const fresh = holder.content.firstElementChild;
  const old = document.getElementById("live");
  if (!fresh || !old || Number(fresh.dataset.seq) < liveSeq()) return; // an older answer
  const help = document.getElementById("help");
  if (help && Number(fresh.dataset.seq) > liveSeq()) help.hidden = true; // told for a past entry
  keepTicks(old, fresh);
  old.replaceWith(fresh);
  for (const id of FOLLOWED) {
    const list = holder.content.getElementById(id);
    if (list) document.getElementById(id)?.replaceWith(list);
  }
  settle();
  const icon = document.querySelector('link[rel="icon"]');
  const waiting = fresh.dataset.turn === "must" ? "favicon-waiting.svg" : "favicon.svg";
  if (icon) icon.href = `/web/static/${waiting}`; // the tab tells when the seat must act
  if (fresh.dataset.behind) setTimeout(refresh, 300); // the lobby row is on its way
}

// Cards ticked stay ticked when the page moves under them (another seat's sealed choice) and
// the same cards are still offered.
function keepTicks(old, fresh) {
  const ticked = new Set(
    [...old.querySelectorAll("#picks input[name=card]:checked")].map((box) => box.value),
  );
  for (const box of fresh.querySelectorAll("#picks input[name=card]"))
    if (ticked.has(box.value)) box.checked = true;
}

function settle() {
  const live = document.getElementById("live");
  const waiting = pending !== null || liveSeq() < shownFrom;
  live.toggleAttribute("data-pending", waiting);
  for (const button of live.querySelectorAll("form.options button")) button.disabled = waiting;
}

function tell(item, ruling) {
  item.dataset.verdict = ruling.accepted ? "accepted" : "rejected";
  const said = ruling.accepted ? "accepted" : `refused (${ruling.rule}): ${ruling.reason}`;
  // an answer to a sealed window: the others hear of it once it closes (SL-28)
  item.querySelector(".verdict").textContent = ruling.held
    ? `${said}; held: the others hear of it once every seat the window asks has answered`
    : said;
}

function noteSent(text) {
  const list = document.getElementById("rulings");
  const item = document.createElement("li");
  const said = document.createElement("span");
  const verdict = document.createElement("span");
  said.textContent = `${text}: `;
  verdict.className = "verdict";
  verdict.textContent = "sent";
  item.dataset.verdict = "sent"; // until its ruling comes
  item.append(said, verdict);
  list.prepend(item);
  return item;
}

function onRuling(event) {
  takeRuling(JSON.parse(event.data));
}

// After a reconnect, a ruling pushed while the stream was down is asked for once.
async function askRuling() {
  if (!pending) return;
  const reply = await fetch(`${main.dataset.stream.replace(/\/stream$/, "")}/rulings/${pending}`, {
    headers: { accept: "application/json" },
  });
  const ruling = reply.ok ? await reply.json() : null;
  if (ruling && !ruling.pending) takeRuling(ruling);
}

function takeRuling(ruling) {
  let item = rulings.get(ruling.decision_id);
  if (!item) {
    item = noteSent("a decision of your seat");
    rulings.set(ruling.decision_id, item);
  }
  item.dataset.decision = ruling.decision_id;
  item.dataset.lastSeq = String(ruling.last_seq || 0);
  tell(item, ruling);
  if (ruling.decision_id === pending) {
    pending = null;
    if (ruling.accepted) shownFrom = ruling.last_seq || 0;
    settle();
  }
}

async function post(form, submitter) {
  const data = new FormData(form, submitter);
  const talking = form.classList.contains("talk"); // a message: its ruling comes, no option waits
  if (!data.get("seen_seq")) data.set("seen_seq", String(liveSeq()));
  const ticked = [...form.querySelectorAll("input[name=card]:checked")].map((box) =>
    box.closest(".tile").querySelector(".name").textContent,
  );
  const label = submitter ? submitter.textContent : "";
  const said = talking
    ? `message: ${data.get("text")}`
    : data.get("text") || (ticked.length ? `${label}: ${ticked.join(", ")}` : label);
  const item = noteSent(said);
  const deciding =
    !talking && !["help", "?"].includes(String(data.get("text") || "").trim().toLowerCase());
  if (deciding) {
    pending = "";
    settle();
  }
  const reply = await fetch(form.action, {
    method: "POST",
    body: new URLSearchParams(data),
    headers: { accept: "application/json" },
  });
  const answer = await reply.json();
  if (reply.status === 200 && "help" in answer) {
    item.remove();
    const help = document.getElementById("help");
    help.textContent = answer.help || "Nothing to say now.";
    help.hidden = false;
  } else if (reply.ok) {
    const known = rulings.get(answer.decision_id); // the ruling may have come first
    rulings.set(answer.decision_id, item);
    item.dataset.decision = answer.decision_id;
    if (known) {
      item.dataset.verdict = known.dataset.verdict;
      item.querySelector(".verdict").textContent = known.querySelector(".verdict").textContent;
      known.remove();
      pending = null;
      if (known.dataset.verdict === "accepted") shownFrom = Number(known.dataset.lastSeq);
    } else if (deciding) {
      pending = answer.decision_id;
    }
  } else {
    item.dataset.verdict = "refused";
    item.querySelector(".verdict").textContent = `refused: ${answer.detail}`;
    pending = null;
  }
  settle();
  if ((form.id === "say" || talking) && reply.ok) form.reset();
}

if (main) {
  const source = new EventSource(main.dataset.stream);
  source.addEventListener("view", (event) => {
    if (Number(event.data) > liveSeq() || document.getElementById("live").dataset.behind)
      refresh();
  });
  source.addEventListener("ruling", onRuling);
  source.addEventListener("open", () => askRuling().catch(() => {}));
  // a command is taken on the entry the page showed when its typing began: if the match has
  // moved since, the ruling says to look again rather than read it against another position
  const command = document.getElementById("command");
  const typedAt = document.querySelector('#say [name="seen_seq"]');
  if (command && typedAt)
    command.addEventListener("input", () => {
      if (!command.value) typedAt.value = "";
      else if (!typedAt.value) typedAt.value = String(liveSeq());
    });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.classList.contains("say") && !form.classList.contains("talk")) return;
    event.preventDefault();
    post(form, event.submitter).catch((error) => noteSent(`not sent (${error})`));
  });
}

document.addEventListener("keydown", (event) => {
  if (!document.querySelector("main.replay") || event.target.closest("input, textarea, select"))
    return;
  const rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  const link = rel && document.querySelector(`nav.steps a[rel="${rel}"]`);
  if (link) link.click();
});

// A card's powers are in sight on its tile; its details (copies, where it starts) open with a
// tap, Enter or Space (they are a <details>), and Escape closes the one the focus is in.
document.addEventListener("keydown", (event) => {
  const card = event.key === "Escape" && document.activeElement?.closest("details.card");
  if (card) card.open = false;
});

// The new match form follows the game chosen at once (without a script, its button does).
const chooser = document.querySelector("form.choose-game select");
if (chooser) chooser.addEventListener("change", () => chooser.form.submit());

// A deadline's "in 5 h 12 min" counts down while the page stays open.
function span(ms) {
  const s = Math.floor(ms / 1000);
  for (const [big, small, size, unit] of [
    [86400, 3600, "d", "h"],
    [3600, 60, "h", "min"],
  ]) {
    if (s >= big) {
      const rest = Math.floor((s % big) / small);
      return `${Math.floor(s / big)} ${size}${rest ? ` ${rest} ${unit}` : ""}`;
    }
  }
  if (s >= 60) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 60)} min`;
  return `${s} s`;
}

function countDown() {
  for (const left of document.querySelectorAll("p.deadline .left")) {
    const due = Date.parse(left.parentElement.querySelector("time").dateTime);
    left.textContent = due > Date.now() ? `in ${span(due - Date.now())}` : "past";
  }
}
setInterval(countDown, 1000);
