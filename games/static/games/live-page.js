/* The live game page (templates/games/live.html): draws each state the game socket pushes (game-socket.js).
 *
 * The server renders the first state (the page is complete without JavaScript); this script then redraws the
 * clocks, the offer or claim, the result and the moves from each pushed state, moves the pieces on the board the
 * server drew, and ticks the running clock between states.
 */
(function () {
  "use strict";
  const box = document.getElementById("live-state");
  if (!box || !window.GameSocket) return;
  const status = document.getElementById("live-status");
  const announce = document.getElementById("live-announce");
  const names = JSON.parse(document.getElementById("piece-names").textContent);
  let receivedAt = Date.now();

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
  }

  function fmt(ms) {
    if (ms === null || ms === undefined) return "–";
    const s = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const pad = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
  }

  function points(value) {
    return String(Number(Number(value).toFixed(2)));
  }

  // --- the board -----------------------------------------------------------------------------------------------
  // The server draws the board once (tournaments/board_svg.py): a <g data-square="e2"> per square holding its
  // <rect> and the piece there, the figures of every piece the game can have defined once as <symbol>s. Each new
  // state only moves pieces: every square's piece is replaced by what the position's board text puts there
  // (a square Parity Chess shares, "(Pp)", holds two smaller pieces), and the description is rewritten.
  const SVG = "http://www.w3.org/2000/svg";

  function pieceOf(symbol) {
    const last = symbol.slice(-1);
    return { symbol: symbol, name: names[symbol.toUpperCase()] || symbol.toUpperCase(), color: last === last.toUpperCase() ? "white" : "black" };
  }

  function parseBoard(position) {
    const text = (position || "").trim().split(" ")[0].split("[")[0];
    const rows = text.split("/");
    const squares = {};
    rows.forEach(function (row, index) {
      const rank = rows.length - index;
      let file = 0, shared = null;
      for (let i = 0; i < row.length;) {
        const digits = row.slice(i).match(/^\d+/);
        if (digits) { file += Number(digits[0]); i += digits[0].length; continue; }
        const ch = row[i];
        if (ch === "~") { i += 1; continue; }
        if (ch === "(") { shared = []; i += 1; continue; }
        if (ch === ")") { squares[String.fromCharCode(97 + file) + rank] = shared; file += 1; shared = null; i += 1; continue; }
        const symbol = ch === "+" ? row.slice(i, i + 2) : ch;
        i += symbol.length;
        if (shared) shared.push(pieceOf(symbol));
        else { squares[String.fromCharCode(97 + file) + rank] = [pieceOf(symbol)]; file += 1; }
      }
    });
    return squares;
  }

  function describe(squares) {
    const placed = [];
    Object.keys(squares).forEach((square) => squares[square].forEach((p) => placed.push({ square: square, piece: p })));
    const key = (sq) => [Number(sq.slice(1)), sq.charCodeAt(0)];
    return ["white", "black"].map(function (color) {
      const listed = placed.filter((p) => p.piece.color === color).sort(function (a, b) {
        const [ra, fa] = key(a.square), [rb, fb] = key(b.square);
        return color === "white" ? ra - rb || fa - fb : rb - ra || fa - fb;
      });
      const text = listed.map((p) => `${p.piece.name} ${p.square}`).join(", ") || "no pieces";
      return `${color === "white" ? "White" : "Black"}: ${text}.`;
    }).join(" ");
  }

  function pieceNode(svg, piece, x, y, size) {
    const group = document.createElementNS(SVG, "g");
    group.setAttribute("class", "piece");
    group.dataset.piece = piece.name;
    group.dataset.color = piece.color;
    const figure = `${svg.id}-${piece.color}-${piece.name}`;
    if (svg.getElementById(figure)) {
      const use = document.createElementNS(SVG, "use");
      Object.entries({ href: `#${figure}`, x: x, y: y, width: size, height: size }).forEach(([k, v]) => use.setAttribute(k, v));
      group.appendChild(use);
      return group;
    }
    // A piece without a figure on this board: a letter in a disc, as the server draws it.
    const white = piece.color === "white", letter = piece.symbol.toUpperCase();
    group.innerHTML = `<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size * 0.4}" fill="${white ? "#ffffff" : "#222222"}" stroke="#111" stroke-width="1.5"/>`
      + `<text x="${x + size / 2}" y="${y + size / 2}" fill="${white ? "#111111" : "#ffffff"}" font-size="${size * (letter.length > 1 ? 0.375 : 0.475)}" font-weight="700" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">${esc(letter)}</text>`;
    return group;
  }

  function placePieces(svg, position) {
    const squares = parseBoard(position);
    svg.querySelectorAll("g[data-square]").forEach(function (group) {
      group.querySelectorAll("g.piece").forEach((node) => node.remove());
      const here = (squares[group.dataset.square] || []).slice().sort((a, b) => (a.color === "white" ? 0 : 1) - (b.color === "white" ? 0 : 1));
      const rect = group.querySelector("rect");
      const x = Number(rect.getAttribute("x")), y = Number(rect.getAttribute("y")), size = Number(rect.getAttribute("width"));
      if (here.length === 1) group.appendChild(pieceNode(svg, here[0], x, y, size));
      const small = size * 0.62;
      if (here.length === 2) here.forEach((piece, i) => group.appendChild(pieceNode(svg, piece, x + i * (size - small), y + i * (size - small), small)));
    });
    const desc = svg.querySelector("desc");
    if (desc) desc.textContent = describe(squares);
  }

  // --- the state fragment (templates/games/_live_state.html) ----------------------------------------------------
  function nameOf(game, seat) {
    return game[seat] ? game[seat].name : seat;
  }

  function notices(game) {
    const out = [];
    if (game.draw_offer) out.push(`<p class="notice">${esc(nameOf(game, game.draw_offer.by))} (${game.draw_offer.by}) offers a draw.</p>`);
    if (game.claim) {
      const waits = { opponent: "the opponent's answer", arbiter: "the arbiter's decision", turn: "the end of the turn" }[game.claim.awaiting];
      out.push(`<p class="notice">${esc(nameOf(game, game.claim.by))} (${game.claim.by}) claims ${esc(game.claim.kind)}; awaiting ${waits}.</p>`);
    }
    return out.join("");
  }

  // Twilight's reserves, as the engine lists them in the state (games/serializers_live.py): figure -> count.
  function reserves(game) {
    const armies = Object.keys(game.reserves || {});
    if (!armies.length) return "";
    return '<div class="reserves" data-reserves>' + armies.map(function (army) {
      const pieces = Object.entries(game.reserves[army]).map(([figure, count]) => esc(figure) + (count > 1 ? ` ×${count}` : ""));
      return `<p class="reserve">${army[0].toUpperCase() + army.slice(1)} army's reserve: ${pieces.length ? pieces.join(", ") : "empty"}</p>`;
    }).join("") + "</div>";
  }

  const SETTLING = {
    reported: "<p><strong>Result reported</strong>: it awaits the opponent's confirmation or dispute; no moves until then.</p>",
    disputed: "<p><strong>Result disputed</strong>: an arbiter decides it; no moves until then.</p>",
  };

  function render(game) {
    const live = game.status !== "finished";
    const clocks = ["white", "black"].map(function (army) {
      const clock = game.clocks[army];
      const sealed = game.simultaneous && live ? `<span>${game.sealed && game.sealed[army] ? "move sealed" : "thinking"}</span>` : "";
      const ms = clock.remaining_ms === null ? "" : ` data-ms="${clock.remaining_ms}"`;
      return `<div class="live-clock${clock.running ? " running" : ""}" data-army="${army}"><span>${army[0].toUpperCase() + army.slice(1)} army · ${esc(nameOf(game, game.controllers[army]))}</span><span class="time"${ms}>${fmt(clock.remaining_ms)}</span>${sealed}</div>`;
    }).join("\n");
    let state = "";
    if (SETTLING[game.state]) {  // docs/game-states.md: no play until the result is settled
      state = SETTLING[game.state];
    } else if (game.result) {
      const pts = game.white_points !== null ? ` · points ${points(game.white_points)}–${points(game.black_points)}` : "";
      state = `<p><strong>Result: ${esc(game.result)}</strong>${game.termination ? ` (${esc(game.termination)})` : ""}${pts}</p>`;
    } else if (live && game.to_move.length) {
      state = `<p>To move: ${game.to_move.map((m) => `${m.army} army`).join(" and ")}.</p>`;
    }
    const moves = game.moves;
    const numbered = game.simultaneous
      ? moves.map((m, i) => [i + 1, m])
      : moves.filter((_, i) => i % 2 === 0).map((m, i) => [i + 1, moves.slice(2 * i, 2 * i + 2).join(" ")]);
    const list = numbered.length
      ? `<ol class="moves">${numbered.map(([n, text]) => `<li value="${n}">${esc(text)}</li>`).join("")}</ol>`
      : '<p class="note">No moves yet.</p>';
    const figure = box.querySelector("figure.board-figure");  // kept: only its pieces move
    box.innerHTML = `<div data-live="${live}" data-version="${game.version}">`
      + `<div class="clocks" role="group" aria-label="Clocks">${clocks}</div>`
      + (game.clocks.paused ? "<p><strong>The clocks are paused by the arbiter.</strong></p>" : "")
      + `<figure class="board-figure"></figure>${reserves(game)}${state}${notices(game)}<h2>Moves</h2>${list}</div>`;
    box.querySelector("figure.board-figure").replaceWith(figure);
    const svg = figure.querySelector("svg");
    try {
      if (svg) placePieces(svg, game.position);
      else figure.innerHTML = `<p class="note">Position: <code>${esc(game.position)}</code></p>`;
    } catch (e) {
      figure.innerHTML = `<p class="note">Position: <code>${esc(game.position)}</code></p>`;
    }
    receivedAt = Date.now();
    if (announce) announce.textContent = summary(game);
  }

  // One short sentence for screen readers (the redrawn state itself is not read out on every change).
  function summary(game) {
    if (SETTLING[game.state]) return `Result ${game.state}.`;
    if (game.result) return `Result ${game.result}${game.termination ? `, ${game.termination}` : ""}.`;
    const parts = [];
    if (game.moves.length) parts.push(`Last move: ${game.moves[game.moves.length - 1]}.`);
    if (game.draw_offer) parts.push(`${nameOf(game, game.draw_offer.by)} offers a draw.`);
    if (game.claim) parts.push(`${nameOf(game, game.claim.by)} claims ${game.claim.kind}.`);
    return parts.join(" ");
  }

  function tick() {
    box.querySelectorAll(".live-clock.running .time[data-ms]").forEach(function (el) {
      el.textContent = fmt(Number(el.dataset.ms) - (Date.now() - receivedAt));
    });
  }

  const labels = {
    connecting: "connecting…",
    live: "live: changes appear as they happen",
    reconnecting: "connection lost: reconnecting, and checking every 30 s meanwhile",
    closed: "this game is no longer available",
  };
  setInterval(tick, 250);
  const gameId = Number(box.dataset.game);
  let first = true;
  window.liveGame = GameSocket.watch(gameId, {
    onState: function (game) {
      // The first pushed state is the one the server just rendered unless something changed in between.
      if (first && String(game.version) === box.firstElementChild.dataset.version) { first = false; return; }
      first = false;
      render(game);
    },
    onStatus: function (state) {
      if (status) status.textContent = labels[state] || state;
      box.dataset.socket = state;
    },
  });
})();
