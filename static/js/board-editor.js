/* The board editor: set up a game's final position on the variant's own board with its own pieces (issue 24).

   Used by the report page (/games/{id}/report/) and the director's result grid. No build step: a plain script that
   defines window.RVEditor. It never reads or writes a position string: GET {url} gives the board size, the pieces
   standing on it ({square, color, figure}), the side to move and the palette (the variant's figures: a Random
   Variant Chess game's rolled array); every change is POSTed to {url} as those pieces, and the server answers the
   engine's position string with each side's material and the points the scoring would give, or why the engine
   would not play that board (tournaments/board_editor.py). A variant with reserves (Twilight Chess) shows them
   under the board: tap a piece there to take it out, or put the chosen piece in its reserve.

     const editor = RVEditor.mount(element, {
       url: "/games/5/board-editor/",   // the JSON endpoint
       position: "",                    // a position the page already holds (what was typed), to start from
       claim: () => ({result, termination, side}),  // how the game ended, for the points (optional)
       onPosition: (position) => {},    // the engine's position string, or "" while the board is not playable
     });
     editor.check();                    // ask again (e.g. the page's ending changed)

   One hand on a phone: tap a piece of the palette, then tap squares to put it there (tap it again to take it
   off); with nothing chosen, tap a piece on the board, then the square it goes to. */
(function (root) {
  "use strict";
  const FILES = "abcdefghijklmnop";
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  const esc = function (text) { return String(text).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; }); };
  let counter = 0;

  function csrf() {
    const field = document.querySelector("[name=csrfmiddlewaretoken]");
    if (field) return field.value;
    const cookie = document.cookie.split("; ").find(function (c) { return c.indexOf("csrftoken=") === 0; });
    return cookie ? decodeURIComponent(cookie.split("=")[1]) : "";
  }

  function points(n) { return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100); }

  function mount(host, options) {
    const opts = Object.assign({ position: "", claim: null, onPosition: function () {} }, options);
    const id = "rve" + (counter += 1);
    const state = { setup: null, board: {}, reserve: null, turn: "white", flipped: false, tool: null, lifted: null, timer: null, asked: 0,
      readout: "", bad: false };
    host.classList.add("board-editor");
    host.innerHTML = '<p class="be-loading">Loading the board…</p>';

    function figureUrl(figure, color) {
      const found = state.setup.palette.find(function (p) { return p.figure === figure && p.color === color; });
      return found ? found.url : "";
    }

    function squareName(file, rank) { return FILES[file] + String(rank + 1); }

    function isLight(file, rank) { return (file + rank) % 2 === 1; }

    function rows() {
      const s = state.setup;
      const out = [];
      for (let r = 0; r < s.ranks; r += 1) {
        const rank = state.flipped ? r : s.ranks - 1 - r;
        const row = [];
        for (let c = 0; c < s.files; c += 1) row.push([state.flipped ? s.files - 1 - c : c, rank]);
        out.push(row);
      }
      return out;
    }

    function pieceHtml(piece) {
      const url = figureUrl(piece.figure, piece.color);
      return url ? '<img class="pc" src="' + esc(url) + '" alt="" draggable="false">' : '<span class="pc letter ' + piece.color + '">' + esc(piece.figure[0]) + "</span>";
    }

    function toolLabel(tool) { return tool === "erase" ? "Take pieces off" : tool.color + " " + tool.figure; }

    function render() {
      const s = state.setup;
      const palette = ["white", "black"].map(function (color) {
        return '<div class="be-row" role="group" aria-label="' + color + ' pieces">' + s.palette.filter(function (p) { return p.color === color; }).map(function (p) {
          const on = state.tool && state.tool !== "erase" && state.tool.figure === p.figure && state.tool.color === p.color;
          return '<button type="button" class="be-piece' + (on ? " on" : "") + '" aria-pressed="' + on + '" data-figure="' + esc(p.figure) + '" data-color="' + p.color + '" title="' + esc(color + " " + p.figure) + '"><img src="' + esc(p.url) + '" alt="' + esc(color + " " + p.figure) + '"></button>';
        }).join("") + "</div>";
      }).join("");
      const erase = state.tool === "erase";
      const squares = [];
      rows().forEach(function (row, r) {
        row.forEach(function (fr, c) {
          const name = squareName(fr[0], fr[1]);
          const here = state.board[name];
          const classes = ["sq", isLight(fr[0], fr[1]) ? "light" : "dark"];
          if (state.lifted === name) classes.push("selected");
          const label = name + (here ? ", " + here.color + " " + here.figure : ", empty");
          const coords = (c === 0 ? '<span class="coord rank">' + (fr[1] + 1) + "</span>" : "") + (r === rows().length - 1 ? '<span class="coord file">' + FILES[fr[0]] + "</span>" : "");
          squares.push('<button type="button" class="' + classes.join(" ") + '" data-square="' + name + '" aria-label="' + esc(label) + '">' + (here ? pieceHtml(here) : "") + coords + "</button>");
        });
      });
      const sideToMove = s.simultaneous ? "" :
        '<label class="be-turn">To move <select data-be="turn"><option value="white"' + (state.turn === "white" ? " selected" : "") + '>White</option><option value="black"' + (state.turn === "black" ? " selected" : "") + ">Black</option></select></label>";
      host.innerHTML = paletteHtml(palette, erase) +
        '<div class="be-board" role="group" aria-label="' + esc(s.variant) + ' board" style="--files:' + s.files + ";--ranks:" + s.ranks + '">' + squares.join("") + "</div>" +
        reserveHtml() +
        '<div class="be-tools"><button type="button" data-be="clear">Clear</button><button type="button" data-be="reset">Start again</button><button type="button" data-be="flip">Flip</button>' + sideToMove + "</div>" +
        '<div class="be-readout' + (state.bad ? " bad" : "") + '" id="' + id + '-readout" aria-live="polite" data-be="readout">' + state.readout + "</div>";
    }

    function paletteHtml(palette, erase) {
      return '<div class="be-palette" role="group" aria-label="Pieces: choose one, then tap squares">' + palette +
        '<div class="be-row"><button type="button" class="be-erase' + (erase ? " on" : "") + '" aria-pressed="' + erase + '" data-be="erase">Take off</button>' +
        '<span class="be-tool" data-be="tool" aria-live="polite">' + (state.tool ? "Placing: " + esc(toolLabel(state.tool)) : "Tap a piece on the board to move it") + "</span></div></div>";
    }

    /* Twilight Chess: the pieces waiting in each reserve; tap one to take it out, or put the chosen piece in. */
    function reserveHtml() {
      if (state.reserve === null) return "";
      const rows = ["white", "black"].map(function (color) {
        const held = state.reserve.map(function (p, i) { return [p, i]; }).filter(function (pi) { return pi[0].color === color; });
        const pieces = held.map(function (pi) {
          return '<button type="button" class="be-piece" data-reserve-index="' + pi[1] + '" title="Take the ' + esc(color + " " + pi[0].figure) + ' out of the reserve">' + pieceHtml(pi[0]).replace('class="pc"', 'class="pc-r"') + "</button>";
        }).join("");
        return '<div class="be-row" data-reserve="' + color + '"><span class="be-tool">' + (color === "white" ? "White" : "Black") + " reserve:</span>" + (pieces || '<span class="be-tool">empty</span>') + "</div>";
      }).join("");
      const can = state.tool && state.tool !== "erase" && state.tool.figure !== "King";
      return '<div class="be-reserve" role="group" aria-label="Reserves">' + rows +
        '<button type="button" class="be-erase" data-be="to-reserve"' + (can ? "" : " disabled") + ">Put the chosen piece in its reserve</button></div>";
    }

    function readout(html, bad) {
      state.readout = html;
      state.bad = !!bad;
      const box = host.querySelector("[data-be=readout]");
      if (box) { box.innerHTML = html; box.classList.toggle("bad", !!bad); }
    }

    function reserveList() { return state.reserve === null ? undefined : state.reserve.slice(); }

    function pieces() {
      return Object.keys(state.board).map(function (sq) { return { square: sq, color: state.board[sq].color, figure: state.board[sq].figure }; });
    }

    async function check() {
      clearTimeout(state.timer);
      const asked = (state.asked += 1);
      const claim = opts.claim ? opts.claim() : {};
      const body = Object.assign({ pieces: pieces(), turn: state.turn, reserve: reserveList() }, claim || {});
      let answer = null;
      let ok = false;
      try {
        const response = await fetch(opts.url, {
          method: "POST", credentials: "same-origin", body: JSON.stringify(body),
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf() },
        });
        ok = response.ok;
        answer = await response.json();
      } catch (e) {
        answer = { detail: "The server did not answer: try again." };
      }
      if (asked !== state.asked) return; // a later change was sent meanwhile
      if (!ok) {
        const reasons = answer && answer.errors ? Object.values(answer.errors).flat() : [answer && answer.detail];
        readout('<p><strong>Not a position to score yet:</strong> ' + esc(reasons.join("; ")) + "</p>", true);
        host.dataset.valid = "no";
        opts.onPosition("");
        return;
      }
      const m = answer.material;
      let html = '<p class="be-material">Material: White <strong data-be="white">' + points(m.white) + '</strong> · Black <strong data-be="black">' + points(m.black) + "</strong></p>";
      if (answer.points) {
        html += '<p class="be-points">The scoring gives White <strong data-be="points-white">' + points(answer.points.white) + '</strong> – Black <strong data-be="points-black">' + points(answer.points.black) + "</strong></p>";
      } else if (Object.keys(answer.problems || {}).length) {
        html += '<p class="be-points bad">' + esc(Object.values(answer.problems).join("; ")) + "</p>";
      } else {
        html += '<p class="be-points note">Choose how the game ended to see the points.</p>';
      }
      readout(html, false);
      host.dataset.valid = "yes";
      host.dataset.position = answer.position;
      opts.onPosition(answer.position);
    }

    function changed() {
      render();
      readout('<p class="note">Checking…</p>', false);
      clearTimeout(state.timer);
      state.timer = setTimeout(check, 250);
    }

    function clickSquare(name) {
      const here = state.board[name];
      const tool = state.tool;
      if (tool === "erase") {
        if (!here) return;
        delete state.board[name];
      } else if (tool) {
        if (here && here.figure === tool.figure && here.color === tool.color) delete state.board[name];
        else state.board[name] = { figure: tool.figure, color: tool.color };
      } else if (state.lifted) {
        if (state.lifted !== name) {
          state.board[name] = state.board[state.lifted];
          delete state.board[state.lifted];
        }
        state.lifted = null;
      } else if (here) {
        state.lifted = name;
        render();
        return;
      } else {
        return;
      }
      changed();
    }

    host.addEventListener("click", function (event) {
      const target = event.target.closest("button, select");
      if (!target || !host.contains(target) || target.tagName === "SELECT") return;
      if (target.dataset.square) { clickSquare(target.dataset.square); return; }
      if (target.dataset.reserveIndex) { state.reserve.splice(Number(target.dataset.reserveIndex), 1); changed(); return; }
      if (target.dataset.figure) {
        const same = state.tool && state.tool !== "erase" && state.tool.figure === target.dataset.figure && state.tool.color === target.dataset.color;
        state.tool = same ? null : { figure: target.dataset.figure, color: target.dataset.color };
        state.lifted = null;
        render();
        return;
      }
      const what = target.dataset.be;
      if (what === "erase") { state.tool = state.tool === "erase" ? null : "erase"; state.lifted = null; render(); }
      else if (what === "clear") { state.board = {}; state.lifted = null; if (state.reserve !== null) state.reserve = []; changed(); }
      else if (what === "reset") { load(""); }
      else if (what === "flip") { state.flipped = !state.flipped; render(); }
      else if (what === "to-reserve" && state.tool && state.tool !== "erase") {
        state.reserve.push({ color: state.tool.color, figure: state.tool.figure });
        changed();
      }
    });
    host.addEventListener("change", function (event) {
      if (event.target.dataset.be === "turn") { state.turn = event.target.value; changed(); }
    });

    async function load(position) {
      const url = opts.url + (position ? "?position=" + encodeURIComponent(position) : "");
      try {
        const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
        const setup = await response.json();
        if (!response.ok) throw new Error(setup.detail || "the board could not be loaded");
        state.setup = setup;
        state.board = {};
        setup.pieces.forEach(function (p) { state.board[p.square] = { figure: p.figure, color: p.color }; });
        state.turn = setup.turn;
        state.reserve = setup.reserve === null ? null : setup.reserve.slice();
        state.lifted = null;
        render();
        host.dataset.ready = "yes";
        check();
      } catch (e) {
        host.innerHTML = '<p class="errornote">' + esc(e.message) + "</p>";
      }
    }

    load(opts.position);
    return { check: check, element: host };
  }

  root.RVEditor = { mount: mount };
})(typeof self !== "undefined" ? self : this);
