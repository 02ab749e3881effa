// The play page of one seat: draws the seat's view, offers its actions, follows the table's events.
// Every action the seat may take now is a button with data-action-id (the engine's action number);
// the end of the game shows an element with data-game-over. The page builds no address itself: it
// reads them from the table's data-view-url, data-events-url, data-act-url (none for a spectator),
// data-name-url and data-trace-url. No game's name or rule lives here: the views send their rows.
// The board, the hand and the open rows are drawn again only when they differ from those drawn (a view
// that comes twice, as the act's answer and then for the event stream's news, is drawn once; a version
// number alone would not do: a table rebuilt from the store, or served by another process, counts its
// versions anew): the table's data-version is the version drawn last, data-drawn counts the views
// drawn, data-heard is the last version the event stream told, and
// data-asking counts the page's requests queued or on their way (the tests wait for it to be 0).
(function () {
  "use strict";
  const root = document.querySelector(".table[data-table]");
  if (!root) return;
  const seat = Number(root.dataset.seat);
  const urls = { view: root.dataset.viewUrl, events: root.dataset.eventsUrl, act: root.dataset.actUrl,
    name: root.dataset.nameUrl, trace: root.dataset.traceUrl };
  const part = (name) => root.querySelector("." + name);
  const SETTLE_MS = 450;       // buttons drawn this soon after a click wait so long: a double click is one move
  const RETRY_MS = [500, 1000, 2000, 4000, 8000];   // waits between two tries while the server answers nothing
  let since = 0;               // the events already in the log
  let noticed = 0;             // the table's notices already in the log
  let shown = null;            // the board, hand and open rows drawn last (as JSON)
  let racing = false;
  let sending = false;         // an action is on its way: every button waits for the new view
  let sentAt = -Infinity;
  let held = false;            // the choices wait (an action on its way, or a double click not over)
  let stopped = false;         // the table is gone: nothing more is asked
  let away = false;            // the server answers nothing: every choice waits for a fresh view
  let finished = false;        // the game is over: the event stream has nothing more to say
  let stream = null;
  let broken = 0;              // the event stream's breaks since its last message
  let reopening = null;        // the stream is opened again after a wait
  let tries = 0;
  let retry = null;
  let latest = null;           // the last view drawn
  let drawn = 0;               // views drawn so far (the page's data-drawn, for its tests)
  let queue = Promise.resolve();
  let asking = 0;              // the page's requests queued or on their way

  // the page's words, in the table's language, from the server's message catalogs (data-words)
  const words = JSON.parse(root.dataset.words);
  const fill = (template, facts) => template.replace(/\{(\w+)\}/g, (all, name) => (name in facts ? facts[name] : all));
  const W = {
    ...words,
    seat: (s) => fill(words.seat, { seat: s }),
  };
  const heading = root.querySelector("h1 .who");   // the seat's name over the page (a spectator's page names none)

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // ---- what the view says, drawn -----------------------------------------------------------------

  const seatName = (v, s) => {
    const info = (v.seats_info || []).find((i) => i.seat == s);
    return info ? info.name : W.seat(s);
  };

  function cardNode(c) {
    if (typeof c === "string") return el("li", {}, c);
    const text = c.text !== undefined ? `${c.card}${c.type ? ` (${c.type})` : ""}: ${c.text}` :
      (c.face || c.label || String(c.card)) + (c.names ? ` (=${c.names})` : "");
    const item = el("li", c.card !== undefined ? { "data-card": c.card } : {}, text);
    if (c.verdicts && c.verdicts.length) {
      const list = el("ul", { class: "verdicts" });
      for (const x of c.verdicts) {
        list.appendChild(el("li", { class: "verdict", "data-status": x.status || "" }, `${x.my ? x.my + ": " : ""}${x.text}`));
      }
      item.appendChild(list);
    }
    return item;
  }

  function drawHand(v) {
    const hand = part("hand");
    const h = v.hand;
    if (Array.isArray(h)) {
      const list = el("ul", { class: "cards" });
      for (const c of h) list.appendChild(cardNode(c));
      hand.replaceChildren(...(h.length ? [list] : []));
      return;
    }
    if (h && Array.isArray(h.lines)) {   // lines, and the cards beside them
      const list = el("ul", { class: "cards" });
      for (const c of h.cards || []) list.appendChild(cardNode(c));
      hand.replaceChildren(...h.lines.map((line) => el("p", {}, line)), ...(list.children.length ? [list] : []));
      return;
    }
    hand.replaceChildren();
  }

  function publicRows(v) {
    const p = v.public;
    if (Array.isArray(p)) return p;
    return p && Array.isArray(p.rows) ? p.rows : [];
  }

  function clockText(seconds) {
    const s = Math.max(0, Math.round(seconds));
    return fill(W.clock, { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` });
  }

  function drawSeats(v) {
    const list = part("seats");
    const clock = v.clock || null;
    const items = (v.seats_info || []).map((info) => {
      const item = el("li", { "data-seat": info.seat });
      if (info.to_move) item.setAttribute("data-to-move", "");
      if (info.you) item.setAttribute("data-you", "");
      item.appendChild(el("span", { class: "name" }, info.name + (info.you ? W.you : "")));
      if (info.who !== "person") {
        item.appendChild(el("span", { class: "bot", "data-level": info.level || "" },
          fill(W.bot, { bot: info.who, level: info.level_words || info.level || "" })));
      }
      if (v.thinking !== null && v.thinking !== undefined && v.thinking == info.seat) {
        item.setAttribute("data-thinking", "");
        item.appendChild(el("span", { class: "thinking" }, W.thinkingShort));
      }
      if (clock && clock.seconds && clock.seconds[info.seat] !== undefined) {
        const left = clock.seconds[info.seat];
        item.setAttribute("data-clock", String(Math.round(left)));
        item.appendChild(el("span", { class: "clock", "data-left": left }, clockText(left)));
      }
      if (clock && (clock.zombie || []).some((s) => s == info.seat)) {
        item.setAttribute("data-zombie", "");
        item.appendChild(el("span", { class: "zombie" }, W.zombie));
      }
      return item;
    });
    list.replaceChildren(...items);
  }

  function drawTurn(v) {
    const turn = part("turn");
    const thinking = v.thinking !== null && v.thinking !== undefined;
    const mover = thinking ? v.thinking : v.to_move;
    turn.removeAttribute("data-to-move");
    turn.removeAttribute("data-thinking");
    if (v.over || mover === null || mover === undefined) { turn.textContent = ""; return; }
    turn.setAttribute("data-to-move", mover);
    if (thinking) turn.setAttribute("data-thinking", "");
    turn.classList.toggle("yours", mover == seat && !thinking);
    turn.textContent = mover == seat && !thinking ? W.yourTurn :
      fill(thinking ? W.thinking : W.turnOf, { name: seatName(v, mover) });
  }

  function drawLog(v) {
    const log = part("log");
    const following = log.scrollHeight - log.scrollTop - log.clientHeight < 24;  // the newest entry was in view
    for (const e of v.events) {
      if (log.querySelector(`[data-event="${e.index}"]`)) continue;   // told already (two views crossed)
      log.appendChild(el("li", { "data-event": e.index }, e.text));
    }
    for (const text of (v.notices || []).slice(noticed)) log.appendChild(el("li", { class: "notice" }, text));
    noticed = Math.max(noticed, (v.notices || []).length);
    if (following && v.events.length) log.scrollTop = log.scrollHeight;
  }

  let offered = null;   // the choices drawn (kept as they are while a new view offers the same)

  function drawActions(v) {
    const actions = part("actions");
    const choices = urls.act && !stopped ? JSON.stringify([v.actions, v.compose || null]) : null;
    if (choices !== offered || !choices) {
      offered = choices;
      actions.replaceChildren();
      if (choices) drawChoices(v, actions);
    }
    const wait = sentAt + SETTLE_MS - performance.now();
    setButtons(!sending && !away && wait <= 0);   // an action is on its way, or its view came back at once
    if (wait > 0) setTimeout(() => { if (!sending && !away) setButtons(true); }, wait);   // until a double click is over
  }

  // The choices: the view's `compose` drawn by compose.js (its actions come `via` it), the actions a click
  // on the board plays (`via` the board: told once each, the board's marked elements take the click),
  // and a button for every other action.
  function drawChoices(v, actions) {
    const composed = new Set();
    if (v.compose && typeof window.clicktownCompose === "function") {
      for (const id of Object.values(v.compose.actions || {})) composed.add(Number(id));
      window.clicktownCompose(v, actions, act);
    }
    const told = new Set();
    for (const a of v.actions) {
      if (composed.has(Number(a.id))) continue;   // (without compose.js, a button of its own)
      if (a.via === "board") {
        if (!told.has(a.text)) actions.appendChild(el("p", { class: "via-board" }, a.text));
        told.add(a.text);
        continue;
      }
      const b = el("button", { type: "button", "data-action-id": a.id }, a.text);
      b.addEventListener("click", (ev) => { if (ev.detail < 2) act(a.id); });   // a double click's second click is none
      actions.appendChild(b);
    }
  }

  // a click on the board plays the action its element carries (a cell of Sequence Numbers)
  part("board").addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-action-id]");
    if (target && ev.detail < 2 && latest && latest.actions.some((a) => String(a.id) === target.dataset.actionId)) {
      act(Number(target.dataset.actionId));
    }
  });

  // Every button of the choices waits (or no longer waits); a button the chooser disabled stays so.
  function setButtons(on) {
    held = !on;
    for (const b of part("actions").querySelectorAll(on ? "button[data-waiting]" : "button:not(:disabled)")) {
      b.disabled = !on;
      b.toggleAttribute("data-waiting", !on);
    }
  }

  function drawOver(v) {
    if (!v.over) return;
    finished = true;
    for (const hidden of document.querySelectorAll("[data-when-over]")) hidden.hidden = false;
    const over = part("over");
    if (over.querySelector("[data-game-over]")) return;
    const box = el("div", { "data-game-over": v.over.result, class: "game-over" });
    box.appendChild(el("p", { class: "result" }, v.over.text));
    const list = el("ol", { class: "standings" });
    for (const line of v.over.lines || []) list.appendChild(el("li", {}, line));
    box.appendChild(list);
    if (urls.trace) box.appendChild(el("a", { href: urls.trace, download: "" }, W.trace));
    over.appendChild(box);
  }

  // A view whose board, hand and open rows differ from those drawn is drawn whole; the same again (it
  // came twice, or the race's countdown and the clocks are asked for anew) changes only what moves with
  // the time. The log takes each event once whatever view brings it.
  function render(v) {
    latest = v;
    racing = v.race_seconds !== undefined;  // a phase against the clock: its status and the seat's answer come with the view
    const face = JSON.stringify([v.svg, v.hand, v.public]);
    const fresh = face !== shown;
    if (fresh) {
      shown = face;
      part("board").innerHTML = v.svg;
      drawHand(v);
      part("public").replaceChildren(...publicRows(v).map((row) => el("p", {}, row)));
    }
    drawLog(v);
    drawTurn(v);
    part("status").textContent = [v.race_status, v.race_answer].filter(Boolean).join(" ");
    drawSeats(v);
    if (heading && Number.isInteger(seat)) heading.textContent = seatName(v, seat);
    since = Math.max(since, v.seen);
    drawActions(v);
    drawOver(v);
    root.dataset.version = v.version;
    if (fresh) root.dataset.drawn = ++drawn;
  }

  // ---- the connection: the view, the events, and what the page says when either fails ---------------

  function connection(state) {
    const banner = document.querySelector(".connection");
    if (!banner || banner.dataset.state === state) return;
    banner.dataset.state = state;
    banner.hidden = state === "ok";
    banner.querySelector(".connection-text").textContent = state === "ok" ? "" : W[state];
    banner.querySelector(".lobby-link").hidden = state !== "gone";
  }

  function gone() {
    stopped = true;
    sending = false;
    clearTimeout(retry);
    closeStream();
    offered = null;
    part("actions").replaceChildren();
    for (const cell of part("board").querySelectorAll("[data-action-id]")) cell.removeAttribute("data-action-id");
    part("turn").textContent = "";
    connection("gone");
  }

  function unreachable() {
    away = true;
    setButtons(false);   // no choice is sent while nobody answers: they wait for a fresh view
    closeStream();
    connection("unreachable");
    clearTimeout(retry);
    retry = setTimeout(refresh, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
    tries += 1;
  }

  function reached() {
    tries = 0;
    away = false;
    connection("ok");
    if (stream || reopening || finished || stopped) return;
    // a stream that broke again and again (refused, cut by a proxy) is opened again less and less often
    const delay = broken ? RETRY_MS[Math.min(broken - 1, RETRY_MS.length - 1)] : 0;
    reopening = setTimeout(() => { reopening = null; if (!stream && !finished && !stopped) openStream(); }, delay);
  }

  // One request of the page; null when the server answered nothing (then the page says so and tries again).
  async function ask(url, options) {
    try {
      return await fetch(url, options);
    } catch (failure) {
      unreachable();
      return null;
    }
  }

  function later(step) {
    root.dataset.asking = ++asking;
    queue = queue.then(step).catch(() => {}).then(() => { root.dataset.asking = --asking; });
    return queue;
  }

  function refresh() {
    return later(async () => {
      if (stopped) return;
      const answer = await ask(`${urls.view}&since=${since}`);
      if (!answer) return;
      if (answer.status === 404) { gone(); return; }
      if (!answer.ok) { part("message").textContent = (await answer.json().catch(() => ({}))).error || ""; return; }
      const v = await answer.json();
      if (stopped) return;
      reached();
      render(v);
    });
  }

  function act(id) {
    if (sending || held || stopped || away || !urls.act) return;
    sending = true;
    sentAt = performance.now();
    setButtons(false);
    part("message").textContent = "";
    later(async () => {
      const answer = await ask(`${urls.act}&since=${since}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: id }),
      });
      sending = false;
      if (!answer) return;
      if (answer.status === 404) { gone(); return; }
      const data = await answer.json().catch(() => ({}));
      if (answer.ok) { reached(); render(data); return; }
      part("message").textContent = data.error || "";
      if (latest) drawActions(latest);   // refused: the same choices again, with the reason beside them
    });
  }
  window.clicktownAct = act;

  function openStream() {
    stream = new EventSource(urls.events);
    stream.onmessage = (m) => {
      broken = 0;
      const data = JSON.parse(m.data);
      if (data.gone) { closeStream(); refresh(); return; }   // the table was deleted: its view says so
      refresh();                                             // the table changed: the view says how
      root.dataset.heard = data.version;
      if (data.over) { finished = true; closeStream(); }
    };
    stream.onerror = () => {   // the stream broke: the view tells whether the table is gone or the server away
      broken += 1;
      closeStream();
      if (!finished) refresh();
    };
  }

  function closeStream() {
    if (stream) stream.close();
    stream = null;
  }

  // ---- the name the person chose ----------------------------------------------------------------------

  const nameForm = root.querySelector(".name-form");
  if (nameForm && urls.name) {
    nameForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const name = nameForm.elements.name.value;
      later(async () => {
        const answer = await ask(urls.name, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: name }),
        });
        if (answer && answer.status === 404) gone();
        else if (answer && !answer.ok) part("message").textContent = (await answer.json().catch(() => ({}))).error || "";
      }).then(refresh);
    });
  }

  // the clock of the seat to move counts down on the page between two views (the server's count rules)
  setInterval(() => {
    const running = part("seats").querySelector("li[data-to-move] .clock");
    if (!running) return;
    const left = Number(running.dataset.left) - 1;
    running.dataset.left = left;
    running.textContent = clockText(left);
  }, 1000);

  refresh();
  setInterval(() => { if (racing && !stopped) refresh(); }, 1000);
})();
