// The Old Town solo page: placing buildings, pencil marks, undo/redo, check, hint, solved screen.
// Plain JavaScript, no build step. The puzzle's progress lives in the browser (localStorage, one
// entry per puzzle); the server only answers check and hint from the placements sent with them.
"use strict";

(function () {
  const data = JSON.parse(document.getElementById("solo-data").textContent);
  const root = document.querySelector(".solo");
  const KEY = "clicktown.oldtown.solo." + data.id;
  const HISTORY = 500;
  const words = data.words;
  const shown = Object.fromEntries(data.buildings.map((b) => [b.name, b.shown]));
  const mine = new Set(data.mine || []);
  const plots = Array.from(root.querySelectorAll("button[data-plot]"));
  const plotButton = (n) => root.querySelector(`button[data-plot="${n}"]`);
  let st = load();
  let selected = null;
  let pencil = false;
  let typed = "";
  let typedAt = 0;
  let typedDone = null;  // the building the letters typed so far have placed

  // -- progress in local storage ------------------------------------------------------------------
  function fresh() {
    return { placement: {}, notes: {}, past: [], future: [], started: Date.now(), solvedIn: null, hintStep: 0 };
  }
  function load() {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY));
      if (saved && typeof saved.placement === "object") return Object.assign(fresh(), saved);
    } catch (e) { /* a broken entry starts the puzzle afresh */ }
    return fresh();
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(st)); } catch (e) { /* full or disabled: play on */ }
  }

  // -- changes (each one undoable) -----------------------------------------------------------------
  function snapshot() { return JSON.stringify({ placement: st.placement, notes: st.notes }); }
  function change(edit) {
    const before = snapshot();
    edit();
    if (snapshot() === before) return;
    st.past.push(before);
    if (st.past.length > HISTORY) st.past.shift();
    st.future = [];
    changed();
  }
  function restore(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    const back = JSON.parse(from.pop());
    st.placement = back.placement;
    st.notes = back.notes;
    changed();
  }
  function changed() {
    st.hintStep = 0;
    clearMarks();
    save();
    render();
    if (Object.keys(st.placement).length === 16 && st.solvedIn === null) check(false);
  }
  function place(plot, building) {
    change(() => {
      for (const [p, b] of Object.entries(st.placement)) if (b === building) delete st.placement[p];
      st.placement[plot] = building;
      delete st.notes[plot];
    });
  }
  function clearPlot(plot) {
    change(() => { delete st.placement[plot]; delete st.notes[plot]; });
  }
  function toggleNote(plot, building) {
    change(() => {
      const notes = new Set(st.notes[plot] || []);
      notes.has(building) ? notes.delete(building) : notes.add(building);
      if (notes.size) st.notes[plot] = Array.from(notes); else delete st.notes[plot];
    });
  }
  function choose(building) {
    if (selected === null) { say(words.pick_plot); return; }
    if (pencil) toggleNote(selected, building);
    else if (st.placement[selected] === building) clearPlot(selected);
    else place(selected, building);
  }
  function restart() {
    change(() => { st.placement = {}; st.notes = {}; });
    st.started = Date.now();
    st.solvedIn = null;
    save();
    render();
  }

  // -- drawing -------------------------------------------------------------------------------------
  function render() {
    for (const button of plots) {
      const n = button.dataset.plot;
      const b = st.placement[n];
      if (b) button.dataset.placed = b; else delete button.dataset.placed;
      button.classList.toggle("mine", Boolean(b) && mine.has(b));
      button.classList.toggle("selected", String(selected) === n);
      button.querySelector(".name").textContent = b ? shown[b] : "";
      const notes = b ? [] : (st.notes[n] || []);
      button.querySelector(".notes").textContent = notes.map((x) => shown[x]).sort().join(" · ");
      button.setAttribute("aria-label", `plot ${n}` + (b ? `: ${shown[b]}` : ""));
    }
    const used = new Set(Object.values(st.placement));
    for (const b of root.querySelectorAll("button[data-building]")) b.classList.toggle("used", used.has(b.dataset.building));
    root.querySelector('[data-action="undo"]').disabled = !st.past.length;
    root.querySelector('[data-action="redo"]').disabled = !st.future.length;
    root.querySelector('[data-action="pencil"]').setAttribute("aria-pressed", String(pencil));
    root.classList.toggle("pencil", pencil);
    const status = root.querySelector("[data-status]");
    status.dataset.status = st.solvedIn === null ? "playing" : "solved";
    if (st.solvedIn !== null) status.querySelector(".message").textContent = words.solved.replace("{t}", clock(st.solvedIn));
  }
  function clock(ms) {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (x) => String(x).padStart(2, "0");
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }
  function tick() {
    const el = root.querySelector("[data-clock]");
    el.textContent = st.solvedIn === null ? clock(Date.now() - st.started) : "";
  }
  function say(text) { root.querySelector("[data-status] .message").textContent = text; }
  function clearMarks() {
    for (const card of root.querySelectorAll("[data-card]")) { delete card.dataset.broken; card.classList.remove("hl"); }
    for (const button of plots) button.classList.remove("mistake", "hl");
  }

  // -- asking the server ---------------------------------------------------------------------------
  async function ask(what, body) {
    const answer = await fetch(`/api/oldtown/solo/${encodeURIComponent(data.id)}/${what}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const json = await answer.json();
    if (!answer.ok) throw new Error(json.error || answer.statusText);
    return json;
  }
  async function check(userAsked) {
    const mistakes = root.querySelector('[data-option="mistakes"]').checked;
    let answer;
    try { answer = await ask("check", { placement: st.placement, mistakes }); } catch (e) { say(words.offline); return; }
    clearMarks();
    for (const n of answer.broken) root.querySelector(`[data-card="${n}"]`).dataset.broken = "true";
    for (const n of answer.mistakes || []) plotButton(n).classList.add("mistake");
    if (answer.solved) {
      if (st.solvedIn === null) st.solvedIn = Date.now() - st.started;
      save();
      render();
      return;
    }
    if (!userAsked && !answer.broken.length) { say(words.complete_wrong); return; }
    const cards = answer.broken.join(", ");
    let text = !answer.broken.length ? words.unbroken : (answer.broken.length === 1 ? words.broken : words.brokens).replace("{cards}", cards);
    if (answer.mistakes) text += " " + (answer.mistakes.length ? words.mistakes.replace("{n}", answer.mistakes.length) : words.no_mistakes);
    if (answer.placed === 16) text += " " + words.complete_wrong;
    say(text);
  }
  async function hint() {
    let answer;
    try { answer = await ask("hint", { placement: st.placement, step: st.hintStep, lang: data.lang }); } catch (e) { say(words.offline); return; }
    clearMarks();
    const box = root.querySelector("[data-hint]");
    box.textContent = answer.text;
    box.dataset.status = answer.status;
    for (const n of answer.plots) plotButton(n).classList.add(answer.status === "wrong" ? "mistake" : "hl");
    if (answer.card !== null) root.querySelector(`[data-card="${answer.card}"]`).classList.add("hl");
    if (answer.status === "step") st.hintStep += 1;
    save();
  }

  // -- mouse and keyboard --------------------------------------------------------------------------
  function select(n, focus) {
    selected = n;
    typed = "";
    typedDone = null;
    render();
    if (focus && n !== null) plotButton(n).focus();
  }
  root.addEventListener("click", (event) => {
    const plot = event.target.closest("button[data-plot]");
    if (plot) { select(Number(plot.dataset.plot), false); return; }
    const building = event.target.closest("button[data-building]");
    if (building) { choose(building.dataset.building); return; }
    const action = event.target.closest("[data-action]");
    if (!action) return;
    const act = action.dataset.action;
    if (act === "undo") restore(st.past, st.future);
    else if (act === "redo") restore(st.future, st.past);
    else if (act === "restart") restart();
    else if (act === "pencil") { pencil = !pencil; render(); }
    else if (act === "check") check(true);
    else if (act === "hint") hint();
    else if (act === "remove" && selected !== null) clearPlot(selected);
  });
  const MOVES = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -4, ArrowDown: 4 };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const key = event.key;
    if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === "z") {
      event.preventDefault();
      event.shiftKey ? restore(st.future, st.past) : restore(st.past, st.future);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (key in MOVES) {
      event.preventDefault();
      const from = selected === null ? 1 - MOVES[key] : selected;
      const to = from + MOVES[key];
      const sameRow = Math.abs(MOVES[key]) === 4 || Math.ceil(to / 4) === Math.ceil(from / 4);
      if (to >= 1 && to <= 16 && (sameRow || selected === null)) select(to, true);
      return;
    }
    if (key === "Escape") { select(null, false); return; }
    if ((key === "Delete" || key === "Backspace") && selected !== null) { event.preventDefault(); clearPlot(selected); return; }
    if (key.length === 1 && /\S/.test(key) && selected !== null) typeName(key.toLowerCase());
  });
  function typeName(letter) {
    const now = Date.now();
    typed = now - typedAt > 1200 ? letter : typed + letter;
    typedAt = now;
    const match = (b) => [b.shown, b.name, b.de].some((x) => x.toLowerCase().startsWith(typed));
    if (typedDone && match(typedDone)) return;  // the rest of the name just placed
    if (typedDone || !data.buildings.some(match)) typed = letter;  // a letter no name goes on with starts a new name
    typedDone = null;
    const found = data.buildings.filter(match);
    if (found.length === 1) { choose(found[0].name); typedDone = found[0]; }
  }

  render();
  tick();
  setInterval(tick, 1000);
})();
