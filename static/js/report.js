/* The report page (/games/{id}/report/): report a result, confirm or dispute the opponent's (issue 24).

   A client of the report API: the report goes to POST /api/games/{id}/report/, the answers to .../report/confirm/
   and .../report/dispute/, with the session login and its CSRF token; a refusal is shown next to the field it
   names. The side and the final position are asked only when the chosen ending needs them under the event's
   scoring (config.sides: the field each ending needs; config.material: the endings decided on material); the position comes from the board editor
   (static/js/board-editor.js). The game's socket (game-socket.js) pushes every change: the page reloads when the
   game's state or version moves on, so both players see a report, a confirmation, a dispute or the arbiter's
   decision at once. */
(function () {
  "use strict";
  const config = JSON.parse(document.getElementById("report-config").textContent);
  const $ = function (selector) { return document.querySelector(selector); };
  const form = $("#report-form");
  let editor = null;

  function csrf() { return document.querySelector("[name=csrfmiddlewaretoken]").value; }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body || {}),
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf() },
    });
    let answer = {};
    try { answer = await response.json(); } catch (e) { answer = { detail: "The server answered " + response.status }; }
    return { ok: response.ok, answer: answer };
  }

  function showErrors(answer, fallback) {
    document.querySelectorAll("[data-error]").forEach(function (p) { p.textContent = ""; });
    const errors = (answer && answer.errors) || {};
    let shown = false;
    Object.keys(errors).forEach(function (field) {
      const name = field === "forcing_side" || field === "checking_side" ? "side" : field;
      const box = document.querySelector('[data-error="' + name + '"]');
      if (box) { box.textContent = [].concat(errors[field]).join(" "); shown = true; }
    });
    if (!shown) {
      const box = document.querySelector('[data-error="' + fallback + '"]');
      if (box) box.textContent = (answer && answer.detail) || "Refused.";
    }
  }

  function sideField(termination) { return config.sides[termination] || ""; }
  function needsPosition(termination) { return config.material.indexOf(termination) >= 0; }

  function claim() {
    if (!form) return {};
    return { result: form.result.value, termination: form.termination.value, side: form.side.value };
  }

  function refresh() {
    if (!form) return;
    const t = form.termination;
    const side = !!sideField(t.value);
    const material = needsPosition(t.value);
    $('[data-needs="side"]').hidden = !side;
    $('[data-needs="position"]').hidden = !material;
    if (material && !editor) {
      editor = window.RVEditor.mount($("[data-editor]"), {
        url: config.editor, claim: claim, onPosition: function (position) { form.position.value = position; },
      });
    } else if (editor) {
      editor.check();
    }
  }

  if (form) {
    form.termination.addEventListener("change", refresh);
    form.result.addEventListener("change", refresh);
    form.side.addEventListener("change", refresh);
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      const t = form.termination.value;
      const body = { result: form.result.value, termination: t, comment: form.comment.value };
      if (needsPosition(t)) body.position = form.position.value;
      if (sideField(t) && form.side.value) body[sideField(t)] = form.side.value;
      const sent = await post(config.api + "report/", body);
      if (sent.ok) window.location.reload();
      else showErrors(sent.answer, "form");
    });
    refresh();
  }

  document.querySelectorAll("[data-answer]").forEach(function (button) {
    button.addEventListener("click", async function (event) {
      event.preventDefault(); // the API answers it here; the form posts the page only without this script
      const action = button.dataset.answer;
      const body = action === "dispute" ? { comment: $('[data-field="comment-dispute"]').value } : {};
      const sent = await post(config.api + "report/" + action + "/", body);
      if (sent.ok) window.location.reload();
      else showErrors(sent.answer, "answer");
    });
  });

  if (window.GameSocket) {
    window.GameSocket.watch(config.game, {
      onState: function (game) {
        if (game.state !== config.state || (game.version !== config.version && game.state !== "in-play")) window.location.reload();
      },
    }, { fallbackSeconds: 10 });
  }
})();
