// The trace viewer: sends a JSON Lines trace to the server, which replays it through the game's engine,
// and asks for each step's picture and words, for a seat or as a spectator. No game rule lives here.
(function () {
  "use strict";
  const root = document.querySelector(".viewer");
  if (!root) return;
  const part = (name) => root.querySelector("." + name);
  const lang = document.documentElement.lang || "en";   // the page's language, as the server wrote it
  let trace = null;   // {id, games: [{game, seats, steps, label, note}]}
  let game = 0;
  let index = 0;

  function option(value, text) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    return o;
  }

  function steps() {
    return trace ? trace.games[game].steps : 0;
  }

  function choose(n) {
    game = n;
    const g = trace.games[game];
    part("note").textContent = g.note || "";
    const seats = g.seats.map((who, s) => option(s, `${trace.seat_words[s]} (${who})`));
    part("seat-choice").replaceChildren(option(-1, trace.spectator), ...seats);
    show(0);
  }

  let asked = 0;   // the last step asked for: an answer to an earlier question, come late, is not drawn

  async function show(i) {
    if (!trace) return;
    index = Math.max(0, Math.min(steps() - 1, i));
    const seat = part("seat-choice").value || -1;
    const question = ++asked;
    const answer = await fetch(`/api/viewer/traces/${trace.id}/${game}/${index}?seat=${seat}&lang=${lang}`);
    const data = await answer.json();
    if (question !== asked) return;
    if (!answer.ok) { part("message").textContent = data.error || data.detail; return; }
    part("message").textContent = "";
    part("step-number").textContent = data.label;
    part("step-number").dataset.step = index;
    part("board").innerHTML = data.svg;
    part("step-text").textContent = data.text;
  }

  part("trace-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const answer = await fetch(`/api/viewer/traces?lang=${lang}`, {
      method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body: await file.text(),
    });
    const data = await answer.json();
    if (!answer.ok) { part("message").textContent = data.error || data.detail; return; }
    trace = data;
    part("game-choice").replaceChildren(...trace.games.map((g, n) => option(n, g.label)));
    choose(0);
  });
  part("game-choice").addEventListener("change", (ev) => choose(Number(ev.target.value)));
  part("seat-choice").addEventListener("change", () => show(index));
  part("first").addEventListener("click", () => show(0));
  part("back").addEventListener("click", () => show(index - 1));
  part("forward").addEventListener("click", () => show(index + 1));
  part("last").addEventListener("click", () => show(steps() - 1));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") show(index + 1);
    if (ev.key === "ArrowLeft") show(index - 1);
  });
})();
