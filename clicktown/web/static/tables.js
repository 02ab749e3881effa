// The play page of one seat: draws the seat's view, offers its actions, follows the table's events.
// Every action the seat may take now is a button with data-action-id (the engine's action number);
// the end of the game shows an element with data-game-over.
(function () {
  "use strict";
  const root = document.querySelector(".table[data-table]");
  if (!root) return;
  const { table, seat, token } = root.dataset;
  const base = `/api/tables/${table}/${seat}`;
  const q = `token=${encodeURIComponent(token)}`;
  const part = (name) => root.querySelector("." + name);
  let since = 0;
  let busy = Promise.resolve();
  let version = -1;
  let racing = false;
  let noticed = 0;  // the table's notices already in the log
  // the page's words, in the table's language, from the server's message catalogs (data-words)
  const words = JSON.parse(root.dataset.words);
  const fill = (template, facts) => template.replace(/\{(\w+)\}/g, (all, name) => (name in facts ? facts[name] : all));
  const W = {
    ...words,
    toMove: (s) => fill(words.toMove, { seat: s }), seat: (s) => fill(words.seat, { seat: s }),
    points: (n) => fill(words.points[n === 1 ? 0 : 1], { n: n }),  // the catalogs' plural rule: n != 1
  };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // a card's name in the page's language (the view's `words`; the name itself when it has none)
  const say = (v, name) => (v.words && v.words[name]) || name;

  function handText(v) {
    const h = v.hand;
    if (Array.isArray(h)) {
      return h.map((c) => {
        if (c.text !== undefined) {
          const verdicts = (c.verdicts || []).map((x) => `\n    ${x.my ? x.my + ": " : ""}${x.text}`).join("");
          return `${c.card} (${c.type}): ${c.text}${verdicts}`;
        }
        return (c.face || c.card) + (c.names ? ` (=${c.names})` : "");
      }).join("\n");
    }
    const lines = [];
    if (h.card) lines.push(`${W.inHand}: ${say(v, h.card)}`);
    lines.push(`${W.won}: ${h.won.map((c) => say(v, c)).join(" ") || "-"}`);
    if (h.face_up.length) lines.push(`${W.faceUp}: ${h.face_up.map((c) => say(v, c)).join(" ")}`);
    if (h.payout_now) lines.push(`${W.bankNow}: $${(h.payout_now.cents / 100).toFixed(2)}`);
    return lines.join("\n");
  }

  function publicText(v) {
    const p = v.public;
    if (v.game === "patterns") {
      const rows = p.seats.map((s) => `${W.seat(s.seat)}${s.seat == seat ? W.you : ""}: $${(s.dollars_cents / 100).toFixed(2)}, ` +
        `${W.won} ${s.won.map((c) => say(v, c)).join(" ") || "-"}; ${s.target || W.noTarget}: ` +
        s.target_combinations.map((c) => `${c.name} ${c.wild ? "WILD" : "$" + (c.cents / 100).toFixed(2)}`).join(", "));
      rows.push(`${W.bank}: ` + p.bank.map((c) => `${c.name} ${c.wild ? "WILD" : "$" + (c.cents / 100).toFixed(2)}`).join(", "));
      return rows.join("\n");
    }
    if (v.game === "oldtown") {
      return p.points.map((pts, s) => `${W.seat(s)}${s == seat ? W.you : ""}: ${W.points(pts)}; ${p.buildings[s].join(", ") || "-"}`).join("\n");
    }
    return `${W.tally}: ${Object.entries(p.sequences).map(([t, n]) => `${t} ${n}/${p.needed}`).join(", ")}; ` +
      `${W.pile} ${p.draw_pile}; ${W.team} ${v.team}`;
  }

  function render(v) {
    part("board").innerHTML = v.svg;
    const toMove = v.to_move === null || v.to_move === undefined ? "" : (v.to_move == seat ? W.yourTurn : W.toMove(v.to_move));
    racing = v.race_seconds !== undefined;  // a phase against the clock: its status and the seat's answer come with the view
    part("status").textContent = [v.race_status, v.race_answer, toMove].filter(Boolean).join(" ");
    part("hand").textContent = handText(v);
    part("public").textContent = publicText(v);
    const log = part("log");
    const following = log.scrollHeight - log.scrollTop - log.clientHeight < 24;  // the newest entry was in view
    for (const e of v.events) log.appendChild(el("li", { "data-event": e.index }, e.text));
    for (const text of (v.notices || []).slice(noticed)) log.appendChild(el("li", { class: "notice" }, text));
    noticed = Math.max(noticed, (v.notices || []).length);
    if (following && v.events.length) log.scrollTop = log.scrollHeight;
    since = v.seen;
    const actions = part("actions");
    actions.replaceChildren();
    for (const a of v.actions) {
      const b = el("button", { type: "button", "data-action-id": a.id }, a.text);
      b.addEventListener("click", () => act(a.id));
      actions.appendChild(b);
    }
    const over = part("over");
    if (v.over && !over.querySelector("[data-game-over]")) {
      const box = el("div", { "data-game-over": v.over.result, class: "game-over" });
      box.appendChild(el("p", { class: "result" }, v.over.text));
      const list = el("ol", { class: "standings" });
      for (const line of v.over.lines) list.appendChild(el("li", {}, line));
      box.appendChild(list);
      box.appendChild(el("a", { href: `${base}/trace?${q}`, download: "" }, W.trace));
      over.appendChild(box);
    }
  }

  function refresh() {
    busy = busy.then(async () => {
      const answer = await fetch(`${base}/view?${q}&since=${since}`);
      if (answer.ok) render(await answer.json());
    }).catch(() => {});
    return busy;
  }

  function act(id) {
    part("actions").replaceChildren();
    part("message").textContent = "";
    busy = busy.then(async () => {
      const answer = await fetch(`${base}/act?${q}&since=${since}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: id }),
      });
      const data = await answer.json();
      if (answer.ok) render(data);
      else part("message").textContent = data.error;
    }).catch(() => {});
    busy.then(() => { if (!part("actions").children.length && !part("over").children.length) refresh(); });
  }

  const stream = new EventSource(`${base}/events?${q}`);
  stream.onmessage = (m) => {
    const data = JSON.parse(m.data);
    if (data.version !== version) { version = data.version; refresh(); }
    if (data.over) stream.close();
  };
  refresh();
  setInterval(() => { if (racing) refresh(); }, 1000);
})();
