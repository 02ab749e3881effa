// An action built from parts: a seat view's `compose` (steps of choices, and the action each whole choice
// makes) drawn as a row of buttons per step. A choice that leads to no action, given those already made,
// is disabled; the finished action is shown in the view's words before it is sent (unless `confirm` is
// false: then the last choice sends it at once, as a race needs). It knows no game: the view brings every
// word. tables.js calls `window.clicktownCompose(view, container, act)` and `act(action)` sends it.
//
// The page redraws the view often (every second during a race): the choices made so far are kept while
// the same choice is open (the same steps and actions at the same point of the game). A race (`race`)
// marks the container with `data-race` and is scrolled to the top of the screen once, its countdown
// (the title) first, so a phone shows it before the board.
(function () {
  "use strict";
  let open = null;      // the choice being built: {key, chosen}
  let shown = null;     // the race last scrolled into view
  const MARGIN = 8;     // pixels above a race scrolled to the top

  const STYLE = `
.compose { display: flex; flex-direction: column; gap: .4rem; }
.compose .compose-title { font-weight: bold; margin: 0; }
.compose[data-race] .compose-title { font-size: 1.15em; }
.compose .compose-step { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem; }
.compose .compose-label { min-width: 8em; font-style: italic; }
.compose button[aria-pressed="true"] { outline: 3px solid currentColor; outline-offset: 1px; font-weight: bold; }
.compose button:disabled { opacity: .4; text-decoration: line-through; }
.compose .compose-said { margin: 0; font-weight: bold; }
.compose .compose-said:empty { display: none; }`;

  function style() {
    if (document.getElementById("compose-style")) return;
    const node = document.createElement("style");
    node.id = "compose-style";
    node.textContent = STYLE;
    document.head.appendChild(node);
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // the whole key of a choice ("after|red|gun"), or null while a step is still open
  const whole = (steps, chosen) => (steps.every((s) => chosen[s.name] !== undefined)
    ? steps.map((s) => chosen[s.name]).join("|") : null);

  // whether some action agrees with the choices made and `key` at `step`
  function possible(compose, chosen, step, key) {
    const parts = compose.steps.map((s) => (s.name === step ? key : chosen[s.name]));
    return Object.keys(compose.actions).some((k) => k.split("|").every((part, i) => parts[i] === undefined || parts[i] === part));
  }

  function draw(view, container, act) {
    const compose = view.compose;
    const key = [view.seen, compose.steps.map((s) => s.name).join(","), Object.keys(compose.actions).join(",")].join("/");
    if (!open || open.key !== key) open = { key, chosen: {} };
    const chosen = open.chosen;
    const box = el("div", { class: "compose" });
    if (compose.race) { box.setAttribute("data-race", ""); container.setAttribute("data-race", ""); }
    else container.removeAttribute("data-race");
    if (compose.title) box.appendChild(el("p", { class: "compose-title" }, compose.title));
    const buttons = [];
    const send = (action) => { buttons.forEach((b) => { b.disabled = true; }); open = null; act(action); };
    for (const step of compose.steps) {
      const row = el("div", { class: "compose-step", "data-step": step.name, role: "group", "aria-label": step.label });
      row.appendChild(el("span", { class: "compose-label" }, step.label));
      for (const choice of step.choices) {
        const picked = chosen[step.name] === choice.key;
        const b = el("button", { type: "button", "data-choice": choice.key, "aria-pressed": picked ? "true" : "false" }, choice.label);
        b.disabled = !possible(compose, chosen, step.name, choice.key);
        const last = compose.confirm === false && compose.steps.every((s) => s === step || chosen[s.name] !== undefined);
        const action = last ? compose.actions[whole(compose.steps, { ...chosen, [step.name]: choice.key })] : undefined;
        if (action !== undefined) b.setAttribute("data-action-id", action);
        b.addEventListener("click", () => {
          if (picked) delete chosen[step.name]; else chosen[step.name] = choice.key;
          if (action !== undefined) { send(action); return; }
          box.replaceWith(draw(view, container, act));
        });
        buttons.push(b);
        row.appendChild(b);
      }
      box.appendChild(row);
    }
    const done = whole(compose.steps, chosen);
    const action = done === null ? undefined : compose.actions[done];
    const words = action === undefined ? "" : ((view.actions || []).find((a) => a.id === action) || { text: done }).text;
    box.appendChild(el("p", { class: "compose-said", "aria-live": "polite" }, words));
    if (compose.confirm !== false) {
      const attrs = { type: "button", class: "compose-send" };
      if (action !== undefined) attrs["data-action-id"] = action;
      const b = el("button", attrs, compose.send || "OK");
      b.disabled = action === undefined;
      b.addEventListener("click", () => { if (action !== undefined) send(action); });
      buttons.push(b);
      box.appendChild(b);
    }
    return box;
  }

  window.clicktownCompose = function (view, container, act) {
    style();
    const box = draw(view, container, act);
    container.appendChild(box);
    if (view.compose.race && shown !== open.key) {
      shown = open.key;
      box.scrollIntoView({ block: "start" });
      window.scrollBy(0, -MARGIN);   // the countdown a little below the screen's edge, never cut by it
    }
  };
})();
