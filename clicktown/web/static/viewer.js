// The trace viewer: reads a JSON Lines trace in the browser, follows the board from event to event,
// and asks the server for each step's picture (the games' SVG renderers) and words.
(function () {
  "use strict";
  const root = document.querySelector(".viewer");
  if (!root) return;
  const part = (name) => root.querySelector("." + name);
  let games = [];   // [{kind, events, boards}]
  let current = null;
  let index = 0;

  function kindOf(start) {
    if (start.mode !== undefined) return "patterns";
    if (start.game === "sequence" || start.game === "numbers") return start.game;
    return "oldtown";
  }

  function split(events) {
    const out = [];
    for (const e of events) {
      if (e.event === "game_start" || !out.length) out.push({ start: e, events: [] });
      out[out.length - 1].events.push(e);
    }
    return out.map((g) => ({ kind: kindOf(g.start), events: g.events }));
  }

  function sequenceBoards(events) {
    const cells = [];
    for (let i = 0; i < 100; i++) cells.push([0, 9, 90, 99].includes(i) ? "*" : ".");
    const rows = () => Array.from({ length: 10 }, (_, r) => cells.slice(r * 10, r * 10 + 10).join(""));
    return events.map((e) => {
      if (e.event === "play") {
        const at = e.cell[0] * 10 + e.cell[1];
        cells[at] = e.action === "remove" ? "." : e.team;
      } else if (e.event === "sequence") {
        for (const [r, c] of e.cells) if (cells[r * 10 + c] !== "*") cells[r * 10 + c] = e.team.toLowerCase();
      } else if (e.event === "game_end" && e.board) {
        return { rows: e.board };
      }
      return { rows: rows() };
    });
  }

  function oldtownBoards(events) {
    let board = { plots: {}, built: {} };
    return events.map((e) => {
      if (e.event === "turn_end") board = { plots: e.plots, built: e.built };
      else if (e.event === "game_end" && e.built) board = { plots: board.plots, built: e.built };
      return board;
    });
  }

  function wheelBoards(events) {
    let wheel = [null, null, null, null, null, null, null, null];
    return events.map((e) => {
      if (e.wheel) wheel = e.wheel.slice();
      else if (e.event === "place") wheel[e.position] = e.card;
      else if (e.event === "take" || (e.event === "steal" && e.owner === null)) {
        const at = wheel.indexOf(e.card);
        if (at >= 0) wheel[at] = null;
      }
      return { wheel: wheel.slice() };
    });
  }

  function choose(n) {
    const g = games[n];
    const boards = g.kind === "patterns" ? wheelBoards(g.events) : g.kind === "oldtown" ? oldtownBoards(g.events) : sequenceBoards(g.events);
    current = { kind: g.kind, events: g.events, boards };
    show(0);
  }

  async function show(i) {
    if (!current) return;
    index = Math.max(0, Math.min(current.events.length - 1, i));
    part("step-number").textContent = `step ${index + 1} of ${current.events.length}`;
    part("step-number").dataset.step = index;
    const body = { game: current.kind, event: current.events[index], ...current.boards[index] };
    const answer = await fetch("/api/viewer/step", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) { part("message").textContent = data.error; return; }
    part("message").textContent = "";
    part("board").innerHTML = data.svg;
    part("step-text").textContent = data.text;
  }

  part("trace-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const text = await file.text();
    try {
      const events = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
      games = split(events);
    } catch (err) {
      part("message").textContent = "not a JSON Lines trace: " + err.message;
      return;
    }
    const select = part("game-choice");
    select.replaceChildren(...games.map((g, n) => { const o = document.createElement("option"); o.value = n; o.textContent = `game ${n + 1} (${g.kind}, ${g.events.length} events)`; return o; }));
    choose(0);
  });
  part("game-choice").addEventListener("change", (ev) => choose(Number(ev.target.value)));
  part("first").addEventListener("click", () => show(0));
  part("back").addEventListener("click", () => show(index - 1));
  part("forward").addEventListener("click", () => show(index + 1));
  part("last").addEventListener("click", () => show(current ? current.events.length - 1 : 0));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") show(index + 1);
    if (ev.key === "ArrowLeft") show(index - 1);
  });
})();
