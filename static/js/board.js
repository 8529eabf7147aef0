/* The board logic of the play page (static/js/play.js): pure functions, no page access, so that the same file is
   tested under Node (tests/games/test_play_script_logic.py) and runs in the browser as a plain script (no build
   step): it defines window.RVBoard there and module.exports under Node.

   The server's words are used throughout: positions are the engines' position strings, moves are the entries of
   /games/{id}/play/data/ ({san, from, to, kind: move|drop|warp|pass|other, piece, promotion, capture, switch,
   chain}), armies are "white" and "black", seats are the people ("white" started with White). */
(function (root, factory) {
  "use strict";
  const api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.RVBoard = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  const FILES = "abcdefghijklmnop";
  const ARMIES = ["white", "black"];

  function squareName(file, rank) {
    return FILES[file] + String(rank + 1); // file and rank count from 0 (a1 is 0, 0)
  }

  function other(army) {
    return army === "white" ? "black" : "white";
  }

  function capital(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  function pieceOf(symbol, symbols) {
    const upper = symbol.toUpperCase();
    const last = symbol[symbol.length - 1];
    return { name: symbols[upper] || upper, color: last === last.toUpperCase() ? "white" : "black", symbol: symbol };
  }

  /* The board part of a position string (what stands before the first space, without a [reserve]):
     {files, ranks, pieces: {square: [piece, ...]}}; a square Parity Chess shares, "(Pp)", holds two pieces. */
  function parsePosition(position, symbols) {
    const text = String(position || "").trim().split(" ")[0].split("[")[0];
    const rows = text ? text.split("/") : [];
    const pieces = {};
    let files = 0;
    rows.forEach(function (row, index) {
      const rank = rows.length - 1 - index;
      let file = 0;
      let shared = null;
      let i = 0;
      const place = function (list) {
        pieces[squareName(file, rank)] = list.map(function (s) { return pieceOf(s, symbols); });
        file += 1;
      };
      while (i < row.length) {
        const ch = row[i];
        if (ch >= "0" && ch <= "9") {
          let j = i;
          while (j < row.length && row[j] >= "0" && row[j] <= "9") j += 1;
          file += parseInt(row.slice(i, j), 10);
          i = j;
        } else if (ch === "~") {
          i += 1; // Twilight's mark of a pawn that may not double-step
        } else if (ch === "(") {
          shared = [];
          i += 1;
        } else if (ch === ")") {
          if (shared && shared.length) place(shared);
          shared = null;
          i += 1;
        } else {
          const symbol = ch === "+" ? row.slice(i, i + 2) : ch;
          i += symbol.length;
          if (shared) shared.push(symbol);
          else place([symbol]);
        }
      }
      files = Math.max(files, file);
    });
    return { files: files, ranks: rows.length, pieces: pieces };
  }

  /* Twilight Chess's reserves, written after the board as "[Nq]": {white: {Knight: 1}, black: {Queen: 1}};
     null for a variant without reserves. */
  function parseReserve(position, symbols) {
    const field = String(position || "").trim().split(" ")[0];
    const found = /\[([^\]]*)\]/.exec(field);
    if (!found) return null;
    const reserve = { white: {}, black: {} };
    for (const letter of found[1]) {
      if (!/[A-Za-z]/.test(letter)) continue;
      const piece = pieceOf(letter, symbols);
      reserve[piece.color][piece.name] = (reserve[piece.color][piece.name] || 0) + 1;
    }
    return reserve;
  }

  /* The squares row by row as the viewer sees them: White's side at the bottom unless the orientation is black. */
  function displayRows(files, ranks, orientation) {
    const rows = [];
    for (let r = 0; r < ranks; r += 1) {
      const rank = orientation === "black" ? r : ranks - 1 - r;
      const row = [];
      for (let c = 0; c < files; c += 1) row.push(squareName(orientation === "black" ? files - 1 - c : c, rank));
      rows.push(row);
    }
    return rows;
  }

  function isLight(square) {
    return (FILES.indexOf(square[0]) + parseInt(square.slice(1), 10) - 1) % 2 === 1; // a1 is dark
  }

  /* The armies the viewer (holding `seats`) plays now; in Switch-Side Chain-Chess this changes with a switch. */
  function viewerArmies(controllers, seats) {
    return ARMIES.filter(function (army) { return seats.indexOf(controllers[army]) >= 0; });
  }

  /* The army drawn at the bottom: the one the viewer controls (one account playing both: the army to move). */
  function orientationFor(controllers, seats, movable) {
    const mine = viewerArmies(controllers, seats);
    if (mine.length === 1) return mine[0];
    if (movable && movable.length) return movable[0];
    return "white";
  }

  /* The armies the viewer may move now: to move, controlled by one of the viewer's seats. */
  function movableArmies(toMove, seats) {
    return (toMove || []).filter(function (t) { return seats.indexOf(t.seat) >= 0; }).map(function (t) { return t.army; });
  }

  /* The entries of the armies that may move, each with its army. */
  function entriesFor(moves, armies) {
    const out = [];
    armies.forEach(function (army) {
      (moves[army] || []).forEach(function (entry) { out.push(Object.assign({ army: army }, entry)); });
    });
    return out;
  }

  function targetsFrom(entries, square) {
    const targets = {};
    entries.forEach(function (e) {
      if (e.from === square && e.to) targets[e.to] = targets[e.to] || e.capture;
    });
    return targets;
  }

  function dropTargets(entries, name, army) {
    const targets = {};
    entries.forEach(function (e) {
      if (e.kind === "drop" && e.piece === name && e.army === army) targets[e.to] = false;
    });
    return targets;
  }

  function describePiece(piece, square) {
    return "the " + piece.color + " " + piece.name + (square ? " on " + square : "");
  }

  /* What a click on `square` does. ctx: {selected: null | {square} | {drop: name, army}, pieces (parsePosition),
     mine (the viewer's armies), entries (entriesFor the movable armies), blocked (a reason no move can be made
     now, or "")}. Answers {type: "explain", text} | {type: "select", square} | {type: "deselect"} |
     {type: "play", entry} | {type: "choose", entries}. A click that is no legal move only explains why. */
  function decideClick(ctx, square) {
    const here = (ctx.pieces[square] || []).filter(function (p) { return ctx.mine.indexOf(p.color) >= 0; })[0];
    const selected = ctx.selected;
    if (ctx.blocked) return { type: "explain", text: ctx.blocked };
    if (selected && selected.drop) {
      const drops = ctx.entries.filter(function (e) {
        return e.kind === "drop" && e.piece === selected.drop && e.army === selected.army && e.to === square;
      });
      if (drops.length === 1) return { type: "play", entry: drops[0] };
      if (drops.length > 1) return { type: "choose", entries: drops };
      if (!here) return { type: "explain", text: "The " + selected.drop + " cannot be dropped on " + square + "." };
    }
    if (selected && selected.square && selected.square !== square) {
      const candidates = between(ctx.entries, selected.square, square); // castling may land on an own rook
      if (candidates.length === 1) return { type: "play", entry: candidates[0] };
      if (candidates.length > 1) return { type: "choose", entries: candidates };
    }
    if (here) {
      if (selected && selected.square === square) return { type: "deselect" };
      const own = ctx.entries.filter(function (e) { return e.from === square && e.army === here.color; });
      if (own.length) return { type: "select", square: square };
      return { type: "explain", text: capital(describePiece(here, square)) + " has no legal move now." };
    }
    if (selected && selected.square) {
      const mover = (ctx.pieces[selected.square] || []).filter(function (p) { return ctx.mine.indexOf(p.color) >= 0; })[0];
      const target = (ctx.pieces[square] || [])[0];
      const what = mover ? capital(describePiece(mover, selected.square)) : "That piece";
      return { type: "explain", text: what + (target ? " cannot capture on " : " cannot go to ") + square + "." };
    }
    const theirs = (ctx.pieces[square] || [])[0];
    if (theirs) return { type: "explain", text: "That is " + describePiece(theirs) + ": you play " + ctx.mine.join(" and ") + "." };
    return { type: "explain", text: "Choose one of your pieces first, then the square it goes to." };
  }

  function between(entries, from, to) {
    return entries.filter(function (e) { return e.from === from && e.to === to; });
  }

  /* The words of one choice among moves between the same squares (promotion pieces, switch or not). */
  function choiceLabel(entry, all) {
    const base = entry.san.replace(/\/S$/, "");
    if (all.some(function (e) { return e.switch; })) {
      return (entry.promotion ? entry.promotion + ": " : "") + (entry.switch ? "play " + base + " and switch sides" : "play " + base + ", keep your army");
    }
    return entry.promotion || entry.san;
  }

  /* The clock as shown `elapsed` ms after the state was received: a running clock loses what passed beyond
     its delay. */
  function shownMs(side, elapsed) {
    if (!side || side.remaining_ms === null || side.remaining_ms === undefined) return null;
    if (!side.running) return side.remaining_ms;
    const delay = side.delay_ms || 0;
    return Math.max(0, side.remaining_ms - Math.max(0, elapsed - delay));
  }

  function formatClock(ms) {
    if (ms === null || ms === undefined) return "–";
    const pad = function (n) { return String(n).padStart(2, "0"); };
    if (ms < 10000) return "0:" + pad(Math.floor(ms / 1000)) + "." + Math.floor((ms % 1000) / 100);
    const seconds = Math.floor(ms / 1000);
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  /* The move list in numbered rows: two plies a row, or one turn of both sealed moves (simultaneous). */
  function numberedMoves(moves, simultaneous) {
    const rows = [];
    const step = simultaneous ? 1 : 2;
    for (let i = 0; i < moves.length; i += step) {
      const plies = [];
      for (let k = i; k < Math.min(i + step, moves.length); k += 1) plies.push({ ply: k + 1, text: moves[k] });
      rows.push({ number: i / step + 1, plies: plies });
    }
    return rows;
  }

  return {
    ARMIES: ARMIES,
    choiceLabel: choiceLabel,
    decideClick: decideClick,
    displayRows: displayRows,
    dropTargets: dropTargets,
    entriesFor: entriesFor,
    formatClock: formatClock,
    isLight: isLight,
    movableArmies: movableArmies,
    numberedMoves: numberedMoves,
    orientationFor: orientationFor,
    other: other,
    parsePosition: parsePosition,
    parseReserve: parseReserve,
    shownMs: shownMs,
    squareName: squareName,
    targetsFrom: targetsFrom,
    viewerArmies: viewerArmies,
  };
});
