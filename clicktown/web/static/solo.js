// The Old Town solo page: placing buildings, pencil notes, undo/redo, check, the hint ladder and
// "fill in", solve (after asking once), the code to copy, the clock, the solved screen.
// Plain JavaScript, no build step. The puzzle's progress lives in the browser (localStorage, one
// entry per puzzle); the server only answers check, hint and solution from what is sent with them.
// Every sentence comes from the page's data (`words`, the server's message catalogs).
"use strict";

(function () {
  const data = JSON.parse(document.getElementById("solo-data").textContent);
  const root = document.querySelector(".solo");
  const KEY = "clicktown.oldtown.solo." + data.id;
  const HISTORY = 500;
  const RUNGS = ["nudge", "where", "text"];
  const words = data.words;
  const shown = Object.fromEntries(data.buildings.map((b) => [b.name, b.shown]));
  const mine = new Set(data.mine || []);
  const plots = Array.from(root.querySelectorAll("button[data-plot]"));
  const plotButton = (n) => root.querySelector(`button[data-plot="${n}"]`);
  const hintBox = root.querySelector("[data-hint]");
  const confirmBox = root.querySelector('[data-confirm="solve"]');
  let st = load();
  let selected = null;
  let pencil = false;
  let typed = "";
  let typedAt = 0;
  let typedDone = null;  // the building the letters typed so far have placed
  let ladder = null;     // the hint of this board: {answer, rung} (rung: index in RUNGS)
  let runningSince = null;  // when the clock last started counting (the page visible, not solved)

  // -- progress in local storage ------------------------------------------------------------------
  function fresh() {
    return { placement: {}, notes: {}, past: [], future: [], elapsed: 0, solvedIn: null, shown: 0 };
  }
  function load() {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY));
      if (saved && typeof saved.placement === "object") {
        const back = Object.assign(fresh(), saved);
        if (typeof back.elapsed !== "number") back.elapsed = 0;
        return back;
      }
    } catch (e) { /* a broken entry starts the puzzle afresh */ }
    return fresh();
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(Object.assign({}, st, { elapsed: elapsed() }))); }
    catch (e) { /* full or disabled: play on */ }
  }

  // -- the clock: it counts only while the page is visible and the town not solved ----------------
  function elapsed() { return st.elapsed + (runningSince === null ? 0 : Date.now() - runningSince); }
  function pauseClock() {
    if (runningSince === null) return;
    st.elapsed += Date.now() - runningSince;
    runningSince = null;
  }
  function runClock() {
    if (runningSince === null && st.solvedIn === null && document.visibilityState === "visible") runningSince = Date.now();
  }
  function clock(ms) {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (x) => String(x).padStart(2, "0");
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }
  function tick() {
    root.querySelector("[data-clock]").textContent = st.solvedIn === null ? clock(elapsed()) : "";
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") runClock(); else { pauseClock(); save(); }
    tick();
  });
  window.addEventListener("pagehide", save);

  // -- changes (each one undoable) -----------------------------------------------------------------
  function snapshot() { return JSON.stringify({ placement: st.placement, notes: st.notes }); }
  function change(edit) {
    const before = snapshot();
    edit();
    if (snapshot() === before) return false;
    st.past.push(before);
    if (st.past.length > HISTORY) st.past.shift();
    st.future = [];
    changed();
    return true;
  }
  function restore(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    const back = JSON.parse(from.pop());
    st.placement = back.placement;
    st.notes = back.notes;
    changed();
  }
  // After every change of the board: the marks, the hint and the message of the last action go,
  // and "solved" is asked again of the board as it now is.
  function changed() {
    ladder = null;
    clearMarks();
    showHint(null);
    say(idle());
    settle();
    save();
    render();
  }
  function settle() {
    if (Object.keys(st.placement).length === 16) { check(false); return; }
    unsolve();
  }
  function unsolve() {
    if (st.solvedIn === null) return;
    st.solvedIn = null;
    runClock();
  }
  function solve() {
    if (st.solvedIn !== null) return;
    pauseClock();
    st.solvedIn = st.elapsed;
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
    pauseClock();
    st.elapsed = 0;
    st.solvedIn = null;
    st.shown = 0;
    runClock();
    say(idle());
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
      button.setAttribute("aria-label", b ? fill(words.plot_built, { n, building: shown[b] }) : fill(words.plot, { n }));
    }
    const used = new Set(Object.values(st.placement));
    for (const b of root.querySelectorAll("button[data-building]")) b.classList.toggle("used", used.has(b.dataset.building));
    button("undo").disabled = !st.past.length;
    button("redo").disabled = !st.future.length;
    button("pencil").setAttribute("aria-pressed", String(pencil));
    button("fill").disabled = !fillable();
    button("solve").disabled = st.solvedIn !== null;
    root.classList.toggle("pencil", pencil);
    const status = root.querySelector("[data-status]");
    const now = st.solvedIn === null ? "playing" : (st.shown ? "shown" : "solved");
    if (status.dataset.status !== now) { status.dataset.status = now; say(idle()); }
    tick();
  }
  function button(action) { return root.querySelector(`[data-action="${action}"]`); }
  function fill(template, facts) { return template.replace(/\{(\w+)\}/g, (all, name) => (name in facts ? facts[name] : all)); }
  function counted(forms, n, facts) { return fill(forms[n === 1 ? 0 : 1], Object.assign({ n }, facts)); }
  // The message of a board no action has spoken of: solved, shown, or what there is to do.
  function idle() {
    if (st.solvedIn !== null && st.shown) return st.shown > 1 ? fill(words.shown_one_of, { n: st.shown }) : words.shown;
    if (st.solvedIn !== null) return fill(words.solved, { t: clock(st.solvedIn) });
    return data.solutions === 0 ? words.no_solution : words.playing;
  }
  function say(text) { root.querySelector("[data-status] .message").textContent = text; }
  function clearMarks() {
    for (const card of root.querySelectorAll("[data-card]")) { delete card.dataset.broken; delete card.dataset.lit; }
    for (const b of root.querySelectorAll("[data-building]")) delete b.dataset.lit;
    for (const b of plots) { b.classList.remove("mistake"); delete b.dataset.lit; }
  }

  // -- asking the server ---------------------------------------------------------------------------
  async function ask(what, body) {
    const url = `/api/oldtown/solo/${encodeURIComponent(data.id)}/${what}`;
    const answer = await fetch(url, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const json = await answer.json();
    if (!answer.ok) throw new Error(json.error || answer.statusText);
    return json;
  }
  async function check(userAsked) {
    const mistakes = root.querySelector('[data-option="mistakes"]').checked;
    const asked = snapshot();
    let answer;
    try { answer = await ask("check", { placement: st.placement, mistakes }); } catch (e) { say(words.offline); return; }
    if (snapshot() !== asked) return;  // the board changed meanwhile: this answer is of another board
    clearMarks();
    for (const n of answer.broken) root.querySelector(`[data-card="${n}"]`).dataset.broken = "true";
    for (const n of answer.mistakes || []) plotButton(n).classList.add("mistake");
    if (answer.solved) { solve(); save(); render(); return; }
    unsolve();
    render();
    if (!userAsked && !answer.broken.length) { say(words.complete_wrong); return; }
    let text = answer.broken.length ? counted(words.broken, answer.broken.length, { cards: answer.broken.join(", ") }) : words.unbroken;
    if (answer.mistakes) text += " " + (answer.mistakes.length ? counted(words.mistakes_found, answer.mistakes.length, {}) : words.no_mistakes);
    if (answer.placed === 16) text += " " + words.complete_wrong;
    say(text);
  }

  // -- the hint ladder: nudge (the cards), where (plots and buildings), the whole deduction --------
  function notesSent() {
    const notes = {};
    for (const [plot, buildings] of Object.entries(st.notes)) if (!st.placement[plot] && buildings.length) notes[plot] = buildings;
    return notes;
  }
  async function hint() {
    say(idle());
    if (ladder) {
      ladder.rung = Math.min(ladder.rung + 1, RUNGS.length - 1);
    } else {
      const asked = snapshot();
      let answer;
      try { answer = await ask("hint", { placement: st.placement, notes: notesSent(), lang: data.lang }); }
      catch (e) { say(words.offline); return; }
      if (snapshot() !== asked) return;
      ladder = { answer, rung: answer.kind === "step" ? 0 : RUNGS.length - 1 };
    }
    showHint(ladder);
    render();
  }
  function showHint(at) {
    clearLit();
    hintBox.replaceChildren();
    if (!at) {
      hintBox.textContent = words.hint_none;
      delete hintBox.dataset.kind;
      delete hintBox.dataset.rung;
      return;
    }
    const a = at.answer;
    const rung = RUNGS[at.rung];
    hintBox.dataset.kind = a.kind;
    hintBox.dataset.rung = rung;
    if (a.kind !== "step") {
      line(a.text, "text");
      for (const n of a.wrong || []) plotButton(n).classList.add("mistake");
      lightPlots(a.focus ? a.focus.plots : []);
      return;
    }
    if (rung === "text") {
      const [before, after] = ownWords(a);
      line(before, "text");
      if (a.chain && a.chain.length) hintBox.append(chainList(a.chain));
      if (after) line(after, "conclusion");
    } else {
      line(a.nudge, "nudge");
      if (rung === "where") line(a.where, "where");
    }
    for (const n of a.cards) { const card = root.querySelector(`[data-card="${n}"]`); if (card) card.dataset.lit = "true"; }
    if (rung !== "nudge") {
      lightPlots(a.focus.plots);
      for (const b of a.focus.buildings) { const el = root.querySelector(`button[data-building="${CSS.escape(b)}"]`); if (el) el.dataset.lit = "true"; }
    }
  }
  function line(text, part) {
    const p = document.createElement("p");
    p.dataset.part = part;
    p.textContent = text;
    hintBox.append(p);
  }
  // A hard step's text holds its links' texts word for word: the words before them and after them
  // are the step's own (when they are not found there, the whole text, and the links after it).
  function ownWords(step) {
    const inner = (step.chain || []).map((link) => link.text).join(" ");
    const at = inner ? step.text.indexOf(inner) : -1;
    if (at < 0) return [step.text, ""];
    return [step.text.slice(0, at).trim(), step.text.slice(at + inner.length).trim()];
  }
  function chainList(links) {
    const list = document.createElement("ol");
    list.className = "chain";
    for (const link of links) {
      const item = document.createElement("li");
      item.dataset.link = "";
      const [before, after] = ownWords(link);
      const head = document.createElement("span");
      head.textContent = before;
      item.append(head);
      if (link.chain && link.chain.length) item.append(chainList(link.chain));
      if (after) { const tail = document.createElement("span"); tail.textContent = after; item.append(tail); }
      list.append(item);
    }
    return list;
  }
  function lightPlots(numbers) { for (const n of numbers) { const b = plotButton(n); if (b) b.dataset.lit = "true"; } }
  function clearLit() {
    for (const el of root.querySelectorAll("[data-lit]")) delete el.dataset.lit;
    for (const b of plots) b.classList.remove("mistake");
  }
  function fillable() {
    if (!ladder || ladder.answer.kind !== "step") return false;
    return Object.keys(ladder.answer.places || {}).length + Object.keys(ladder.answer.notes || {}).length > 0;
  }
  // "Fill in": the step's placements and pencil notes written on the board as ONE undoable change.
  function fillIn() {
    if (!fillable()) return;
    const a = ladder.answer;
    change(() => {
      for (const [plot, building] of Object.entries(a.places || {})) {
        for (const [p, b] of Object.entries(st.placement)) if (b === building) delete st.placement[p];
        st.placement[plot] = building;
        delete st.notes[plot];
      }
      for (const [plot, buildings] of Object.entries(a.notes || {})) {
        if (!st.placement[plot]) st.notes[plot] = buildings.slice();
      }
    });
    hintBox.replaceChildren();
    hintBox.dataset.kind = a.kind;
    hintBox.dataset.rung = "filled";
    line(words.filled, "filled");
    line(a.text, "text");
  }

  // -- solve (after asking once), copy the code ----------------------------------------------------
  function askSolve(open) {
    confirmBox.hidden = !open;
    say(idle());
  }
  async function showSolution() {
    confirmBox.hidden = true;
    let answer;
    try { answer = await ask("solution"); } catch (e) { say(words.offline); return; }
    if (!answer.town) { say(words.no_solution); return; }
    st.shown = answer.solutions;
    const town = answer.town;
    if (!change(() => { st.placement = Object.assign({}, town); st.notes = {}; })) settle();
  }
  async function copyCode() {
    const code = root.querySelector("[data-code]");
    try {
      await navigator.clipboard.writeText(data.code);
      say(words.copied);
    } catch (e) {
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      say(words.copy_by_hand);
    }
  }

  // -- mouse and keyboard --------------------------------------------------------------------------
  function select(n, focus) {
    selected = n;
    typed = "";
    typedDone = null;
    say(idle());
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
    else if (act === "pencil") { pencil = !pencil; say(idle()); render(); }
    else if (act === "check") check(true);
    else if (act === "hint") hint();
    else if (act === "fill") fillIn();
    else if (act === "solve") askSolve(true);
    else if (act === "solve-yes") showSolution();
    else if (act === "solve-no") askSolve(false);
    else if (act === "copy") copyCode();
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

  say(idle());
  if (Object.keys(st.placement).length === 16) check(false); else st.solvedIn = null;
  runClock();
  render();
  setInterval(tick, 1000);
})();
