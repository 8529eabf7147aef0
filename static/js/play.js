/* The play page (/games/{id}/play/): the board a player clicks, the clocks, the move list and the game actions.

   A client of the API and nothing more: the state is GET /api/games/{id}/ (pushed by the game's socket through
   game-socket.js, polled while the socket is down), moves and actions are POSTed to the API with the session
   login and its CSRF token, and where each legal move goes on the board comes from /games/{id}/play/data/.
   The board is redrawn only from what the server answered: a refused move leaves it as the server says, with
   the reason shown. Pure logic lives in board.js (window.RVBoard). */
(function () {
  "use strict";
  const B = window.RVBoard;
  const read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  const config = read("play-config");
  const page = {
    state: read("play-state"), // the API's game state
    data: read("play-data"), // {version, moves: {army: [entry]}, history: [{position, changed}]}
    receivedAt: performance.now(),
    selected: null, // {square} or {drop: name, army}
    viewing: null, // the ply shown while reviewing the move list; null: the game now
    busy: false,
    choosing: null, // the entries offered by the chooser (promotion, switch)
    claimKind: "", // a claim to send with the next move
    confirmResign: false,
  };
  const $ = function (selector) { return document.querySelector(selector); };
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  const esc = function (text) { return String(text).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; }); };
  const boardEl = $("[data-board]");
  const TERMS = config.claimNames; // what each claim is called, by its kind

  // --- what the state says ------------------------------------------------------------------------------------
  function finished() { return page.state.status === "finished" || !!page.state.result; }
  // A reported or disputed game takes no move until its result is settled (docs/game-states.md).
  const SETTLING = {
    reported: "A result has been reported: it awaits the opponent's confirmation or dispute. No moves until then.",
    disputed: "The result is disputed: an arbiter decides it. No moves until then.",
  };
  function settling() { return SETTLING[page.state.state] || ""; }
  function closed() { return finished() || !!settling(); }
  function movable() { return closed() ? [] : B.movableArmies(page.state.to_move, config.seats); }
  function mine() { return B.viewerArmies(page.state.controllers, config.seats); }
  function dataCurrent() { return page.data.version === page.state.version; }
  function entries() { return dataCurrent() ? B.entriesFor(page.data.moves, movable()) : []; }
  function shownPosition() { return page.viewing === null ? page.state.position : page.data.history[page.viewing].position; }
  function playerOf(army) { return page.state[page.state.controllers[army]] || { name: "" }; }

  function sealedMove(army) {
    const own = page.state.your_sealed_move || {};
    return own[army];
  }

  /* Why no move can be made now ("" when one can). */
  function blockedReason() {
    if (page.viewing !== null) return "You are looking at an earlier position: press » (or End) to return to the game.";
    if (settling()) return settling();
    if (finished()) return "The game is over.";
    if (page.busy) return "Sending…";
    if (!dataCurrent()) return "Loading the moves of this position…";
    if (movable().length) return "";
    const armies = mine();
    if (config.simultaneous && armies.some(function (a) { return page.state.sealed && page.state.sealed[a]; })) {
      return "Your move is sealed; the turn is played when your opponent has sealed theirs.";
    }
    const turn = page.state.turn;
    return "It is the " + turn + " army's move: wait for your opponent.";
  }

  // --- drawing ------------------------------------------------------------------------------------------------
  function render() {
    renderBoard();
    renderBars();
    renderMoves();
    renderStatus();
    renderActions();
    renderChooser();
  }

  function highlights() {
    const marks = { target: {}, capture: {}, chain: {}, selected: "" };
    if (page.selected && page.selected.square) {
      marks.selected = page.selected.square;
      const targets = B.targetsFrom(entries(), page.selected.square);
      Object.keys(targets).forEach(function (sq) { marks.target[sq] = true; marks.capture[sq] = targets[sq]; });
    } else if (page.selected && page.selected.drop) {
      Object.keys(B.dropTargets(entries(), page.selected.drop, page.selected.army)).forEach(function (sq) { marks.target[sq] = true; });
    }
    (page.choosing || []).forEach(function (e) { (e.chain || []).forEach(function (sq) { marks.chain[sq] = true; }); });
    marks.sealed = {};
    if (page.viewing === null && dataCurrent()) {
      mine().forEach(function (army) { // Parity Chess: where the viewer's own sealed move goes, seen by nobody else
        const san = sealedMove(army);
        (page.data.moves[army] || []).forEach(function (e) {
          if (e.san === san) [e.from, e.to].forEach(function (sq) { if (sq) marks.sealed[sq] = true; });
        });
      });
    }
    return marks;
  }

  function lastChanged() {
    const history = page.data.history;
    if (page.viewing !== null) return history[page.viewing].changed;
    return dataCurrent() && history.length ? history[history.length - 1].changed : [];
  }

  function renderBoard() {
    const parsed = B.parsePosition(shownPosition(), config.symbols);
    const orientation = B.orientationFor(page.state.controllers, config.seats, movable());
    const rows = B.displayRows(config.files, config.ranks, orientation);
    const changed = new Set(lastChanged());
    const marks = highlights();
    boardEl.dataset.orientation = orientation;
    boardEl.dataset.ready = blockedReason() ? "no" : "yes"; // "yes": a click on a piece can start a move
    boardEl.dataset.synced = dataCurrent() ? "yes" : "no"; // the board data is that of the state shown
    boardEl.style.setProperty("--files", config.files);
    boardEl.style.setProperty("--ranks", config.ranks);
    const cells = [];
    rows.forEach(function (row, r) {
      row.forEach(function (square, c) {
        cells.push(squareHtml(square, parsed.pieces[square] || [], { first: c === 0, last: r === rows.length - 1, changed: changed, marks: marks }));
      });
    });
    boardEl.innerHTML = cells.join("");
  }

  function squareHtml(square, pieces, at) {
    const classes = ["sq", B.isLight(square) ? "light" : "dark"];
    if (at.changed.has(square)) classes.push("last");
    if (at.marks.selected === square) classes.push("selected");
    if (at.marks.target[square]) classes.push(pieces.length || at.marks.capture[square] ? "capture" : "target");
    if (at.marks.chain[square]) classes.push("chain");
    if (at.marks.sealed[square]) classes.push("sealed");
    if (pieces.length > 1) classes.push("shared");
    const label = square + (pieces.length ? ", " + pieces.map(function (p) { return p.color + " " + p.name; }).join(" and ") : "");
    const imgs = pieces.map(function (p) {
      const url = (config.figures[p.name] || {})[p.color];
      return url
        ? '<img class="pc" src="' + esc(url) + '" alt="" draggable="false" data-piece="' + esc(p.name) + '" data-color="' + p.color + '">'
        : '<span class="pc letter ' + p.color + '" data-piece="' + esc(p.name) + '" data-color="' + p.color + '">' + esc(p.symbol.toUpperCase()) + "</span>";
    }).join("");
    const coords = (at.first ? '<span class="coord rank">' + square.slice(1) + "</span>" : "") +
      (at.last ? '<span class="coord file">' + square[0] + "</span>" : "");
    return '<button type="button" class="' + classes.join(" ") + '" data-square="' + square + '" aria-label="' + esc(label) + '">' + imgs + coords + "</button>";
  }

  function renderBars() {
    const orientation = boardEl.dataset.orientation;
    [["top", B.other(orientation)], ["bottom", orientation]].forEach(function (pair) {
      const bar = $('[data-bar="' + pair[0] + '"]');
      const army = pair[1];
      const side = page.state.clocks[army] || {};
      bar.dataset.army = army;
      bar.querySelector("[data-name]").textContent = playerOf(army).name;
      bar.querySelector("[data-army-label]").textContent = army === "white" ? "White" : "Black";
      bar.querySelector("[data-army-label]").className = "army " + army;
      const clock = bar.querySelector(".clock");
      clock.dataset.clock = army;
      clock.classList.toggle("running", !!side.running && !closed());
      const sealed = config.simultaneous && page.state.sealed && page.state.sealed[army] && !finished();
      bar.querySelector("[data-sealed]").hidden = !sealed;
      renderReserve(bar.querySelector("[data-reserve]"), army);
    });
    tick();
  }

  function renderReserve(box, army) {
    const reserve = B.parseReserve(shownPosition(), config.symbols);
    box.hidden = !reserve;
    if (!reserve) return;
    const names = Object.keys(reserve[army]);
    box.dataset.reserve = army;
    box.innerHTML = '<span class="reserve-label">Reserve:</span> ' + (names.length ? names.map(function (name) {
      const chosen = page.selected && page.selected.drop === name && page.selected.army === army;
      const figure = (config.figures[name] || {})[army] || "";
      return '<button type="button" class="reserve-piece' + (chosen ? " selected" : "") + '" data-reserve-piece="' + esc(name) + '" data-color="' + army + '" aria-label="' + esc(army + " " + name + " in reserve, " + reserve[army][name]) + '">' +
        '<img src="' + esc(figure) + '" alt="" data-piece="' + esc(name) + '" data-color="' + army + '"><span class="count">' + (reserve[army][name] > 1 ? "×" + reserve[army][name] : "") + "</span></button>";
    }).join("") : '<span class="empty">empty</span>');
  }

  function tick() {
    const elapsed = performance.now() - page.receivedAt;
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      const side = page.state.clocks[clock.dataset.clock];
      const ms = closed() ? (side || {}).remaining_ms : B.shownMs(side, elapsed);
      clock.textContent = B.formatClock(ms);
      clock.classList.toggle("low", ms !== null && ms !== undefined && ms < 30000);
    });
  }

  function renderMoves() {
    const list = $("[data-moves]");
    const rows = B.numberedMoves(page.state.moves, config.simultaneous);
    const current = page.viewing === null ? page.state.moves.length : page.viewing;
    list.innerHTML = rows.map(function (row) {
      return '<li value="' + row.number + '">' + row.plies.map(function (p) {
        const here = p.ply === current ? ' aria-current="step"' : "";
        return '<button type="button" data-ply="' + p.ply + '"' + here + ">" + esc(p.text) + "</button>";
      }).join(" ") + "</li>";
    }).join("");
    $("[data-no-moves]").hidden = rows.length > 0;
    const active = list.querySelector("[aria-current]");
    if (active && page.viewing === null) list.scrollTop = list.scrollHeight;
  }

  function renderStatus() {
    const box = $("[data-status]");
    const s = page.state;
    let text;
    if (settling()) {
      text = settling();
    } else if (finished()) {
      text = "Game over: " + (s.result || "") + (s.termination ? " (" + s.termination.replace(/-/g, " ") + ")" : "") + ".";
    } else if (config.simultaneous) {
      text = parityStatus();
    } else {
      const armies = movable();
      text = armies.length ? "Your move: you play " + armies.join(" and ") + "." : "The " + s.turn + " army is to move: your opponent's turn.";
    }
    if (s.clocks && s.clocks.paused) text += " The arbiter has paused the clocks.";
    if (s.draw_offer && !closed()) {
      text += config.seats.indexOf(s.draw_offer.by) >= 0 ? " You have offered a draw." : " Your opponent offers a draw.";
    }
    if (s.claim && !closed()) text += " A claim of " + (TERMS[s.claim.kind] || s.claim.kind) + " waits for the " + s.claim.awaiting + ".";
    box.textContent = text;
    if (settling() && config.urls.report) { // the claimed result, and the buttons to answer it, are on the report page
      const link = document.createElement("a");
      link.href = config.urls.report;
      link.dataset.reportLink = "status";
      link.textContent = s.state === "reported" ? "See the reported result: confirm or dispute it" : "See the reports";
      box.append(" ", link);
    }
  }

  function parityStatus() {
    const s = page.state;
    const parts = [];
    const last = s.moves[s.moves.length - 1];
    if (last) {
      const both = last.split(" ");
      parts.push("Last turn: White " + both[0] + ", Black " + both[1] + ".");
    }
    mine().forEach(function (army) {
      const sealed = sealedMove(army);
      if (sealed) parts.push("Your move " + sealed + " is sealed; waiting for your opponent.");
      else if (movable().indexOf(army) >= 0) parts.push("Your move (" + army + "): it stays sealed until both are in.");
    });
    if (!mine().some(function (a) { return sealedMove(a); }) && s.sealed && mine().some(function (a) { return s.sealed[B.other(a)]; })) {
      parts.push("Your opponent has sealed their move.");
    }
    return parts.join(" ");
  }

  function show(text, kind) {
    const box = $("[data-message]");
    box.textContent = text || "";
    box.className = "message" + (kind ? " " + kind : "");
  }

  // --- actions ------------------------------------------------------------------------------------------------
  function renderActions() {
    const live = !closed() && page.viewing === null;
    const s = page.state;
    const all = entries();
    const passes = all.filter(function (e) { return e.kind === "pass"; });
    setButton("pass", live && passes.length > 0 && passes.length === all.length, passes[0]);
    const warp = page.selected && page.selected.square ? all.filter(function (e) { return e.kind === "warp" && e.from === page.selected.square; })[0] : null;
    setButton("warp", live && !!warp, warp);
    if (warp) $('[data-action="warp"]').textContent = "Warp the " + warp.piece + " on " + warp.from + " to the reserve";
    const others = all.filter(function (e) { return e.kind === "other"; });
    const otherBox = $("[data-other-moves]");
    otherBox.hidden = !live || others.length === 0;
    otherBox.querySelector("select").innerHTML = others.map(function (e) { return '<option value="' + esc(e.san) + '">' + esc(e.san) + "</option>"; }).join("");
    const offer = s.draw_offer;
    const mineOffer = offer && config.seats.indexOf(offer.by) >= 0;
    setButton("draw-offer", live && !offer);
    setButton("draw-accept", live && offer && !mineOffer);
    setButton("draw-decline", live && offer && !mineOffer);
    const theirClaim = s.claim && config.seats.indexOf(s.claim.by) < 0 && s.claim.awaiting === "opponent";
    setButton("claim-concede", live && theirClaim);
    setButton("claim-refuse", live && theirClaim);
    $("[data-claim-box]").hidden = !live || config.claims.length === 0;
    $("[data-claim-pending]").hidden = !page.claimKind;
    setButton("resign", live && !page.confirmResign);
    $("[data-resign-confirm]").hidden = !(live && page.confirmResign);
    document.querySelectorAll("[data-nav]").forEach(function (b) { b.disabled = page.state.moves.length === 0; });
  }

  function setButton(name, visible, entry) {
    const button = $('[data-action="' + name + '"]');
    if (!button) return;
    button.hidden = !visible;
    button.disabled = page.busy;
    button.entry = entry || null;
  }

  function renderChooser() {
    const box = $("[data-chooser]");
    if (!page.choosing) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    const all = page.choosing;
    const first = all[0];
    const chain = all.filter(function (e) { return e.chain && e.chain.length; })[0];
    let intro = first.promotion ? "Promote the pawn to:" : "Choose:";
    if (chain) intro = (first.san.replace("/S", "")) + " forms a chain of " + chain.chain.length + " pieces (" + chain.chain.join(", ") + "): switch sides?";
    box.hidden = false;
    box.innerHTML = '<p class="chooser-title">' + esc(intro) + '</p><div class="choices">' + all.map(function (e, i) {
      const figure = e.promotion && config.figures[e.promotion] ? '<img src="' + esc(config.figures[e.promotion][e.army]) + '" alt="" data-piece="' + esc(e.promotion) + '" data-color="' + e.army + '">' : "";
      return '<button type="button" data-choice="' + i + '">' + figure + "<span>" + esc(B.choiceLabel(e, all)) + "</span></button>";
    }).join("") + '<button type="button" data-choice="cancel" class="secondary">Cancel</button></div>';
    const button = box.querySelector("button");
    if (button) button.focus();
  }

  // --- talking to the server ----------------------------------------------------------------------------------
  function csrfToken() {
    const field = document.querySelector('[name="csrfmiddlewaretoken"]');
    return field ? field.value : "";
  }

  function reasonOf(body, status) {
    if (body && body.errors) {
      const fields = Object.keys(body.errors);
      if (fields.length) return [].concat(body.errors[fields[0]]).join(" ");
    }
    if (body && body.detail) return String(body.detail);
    return "The server refused (" + status + ").";
  }

  async function post(url, body, done) {
    page.busy = true;
    renderActions();
    try {
      const response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify(body),
      });
      let answer = null;
      try { answer = await response.json(); } catch (e) { answer = null; }
      page.busy = false;
      if (response.ok && answer) {
        accept(response.status === 202 ? answer.game : answer);
        show(response.status === 202 ? "Your claim waits for the " + answer.awaiting + "." : done || "");
        return true;
      }
      show(reasonOf(answer, response.status), "error");
    } catch (e) {
      page.busy = false;
      show("The server could not be reached; nothing was played. Try again.", "error");
    }
    await refresh(); // the board as the server has it
    return false;
  }

  function clientId() {
    return "p" + Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
  }

  async function play(entry) {
    page.selected = null;
    page.choosing = null;
    if (page.claimKind) {
      const kind = page.claimKind;
      page.claimKind = "";
      return post(config.urls.claim, { kind: kind, move: entry.san, client_id: clientId() });
    }
    show("Sending " + entry.san + "…");
    renderBoard();
    return post(config.urls.move, { move: entry.san, client_id: clientId() }, ""); // the status line tells the rest
  }

  function applyState(game) {
    if (!game || typeof game.version !== "number") return;
    if (game.version < page.state.version) return; // an older state arriving late
    const changed = game.version !== page.state.version || game.status !== page.state.status;
    page.state = game;
    page.receivedAt = performance.now();
    if (changed) {
      page.selected = null;
      page.choosing = null;
      page.confirmResign = false;
      show(""); // a reason shown for the position before no longer applies
    }
    if (!dataCurrent()) loadData();
    render();
  }

  let loading = 0;
  async function loadData() {
    const wanted = page.state.version;
    if (loading === wanted) return;
    loading = wanted;
    try {
      const response = await fetch(config.urls.data, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        const data = await response.json();
        if (data.version >= page.data.version) page.data = data;
      }
    } catch (e) { /* offline for a moment: the next state retries */ }
    loading = 0;
    if (!dataCurrent() && page.data.version < page.state.version) setTimeout(loadData, 1000);
    render();
  }

  // The game's socket (games/static/games/game-socket.js) brings every new state, polling while it is down.
  const watch = window.GameSocket
    ? window.GameSocket.watch(config.game, { onState: applyState }, { fallbackSeconds: config.poll })
    : null;

  async function refresh() {
    if (watch) return watch.refresh();
    try {
      const response = await fetch(config.urls.state, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
      if (response.ok) applyState(await response.json());
    } catch (e) { /* the next poll tries again */ }
  }

  function accept(game) {
    if (watch) watch.offer(game);
    else applyState(game);
  }

  // --- input --------------------------------------------------------------------------------------------------
  function clickSquare(square) {
    if (page.choosing) {
      page.choosing = null;
      page.selected = null;
      show("");
      render();
      return;
    }
    const ctx = {
      selected: page.selected,
      pieces: B.parsePosition(shownPosition(), config.symbols).pieces,
      mine: mine(),
      entries: entries(),
      blocked: blockedReason(),
    };
    const decision = B.decideClick(ctx, square);
    if (decision.type === "select") {
      page.selected = { square: decision.square };
      const count = Object.keys(B.targetsFrom(ctx.entries, decision.square)).length;
      show(count ? "" : "This piece can only be warped.");
    } else if (decision.type === "deselect") {
      page.selected = null;
      show("");
    } else if (decision.type === "play") {
      play(decision.entry);
      return;
    } else if (decision.type === "choose") {
      page.choosing = decision.entries;
      show("");
    } else {
      show(decision.text, "why");
    }
    render();
  }

  boardEl.addEventListener("click", function (event) {
    const square = event.target.closest("[data-square]");
    if (square) clickSquare(square.dataset.square);
  });

  document.addEventListener("click", function (event) {
    const reserve = event.target.closest("[data-reserve-piece]");
    if (reserve) return clickReserve(reserve.dataset.reservePiece, reserve.dataset.color);
    const choice = event.target.closest("[data-choice]");
    if (choice) return choose(choice.dataset.choice);
    const ply = event.target.closest("[data-ply]");
    if (ply) return review(parseInt(ply.dataset.ply, 10));
    const nav = event.target.closest("[data-nav]");
    if (nav) return navigate(nav.dataset.nav);
    const action = event.target.closest("[data-action]");
    if (action) return act(action.dataset.action, action);
  });

  function clickReserve(name, army) {
    const blocked = blockedReason();
    if (blocked) return show(blocked, "why");
    if (mine().indexOf(army) < 0) return show("That is your opponent's reserve.", "why");
    if (movable().indexOf(army) < 0) return show("It is not your move.", "why");
    const drops = entries().filter(function (e) { return e.kind === "drop" && e.piece === name && e.army === army; });
    if (!drops.length) return show("The " + name + " cannot be dropped anywhere now.", "why");
    page.selected = page.selected && page.selected.drop === name ? null : { drop: name, army: army };
    show(page.selected ? "Now click the empty square to drop the " + name + " on." : "");
    render();
  }

  function choose(which) {
    const offered = page.choosing || [];
    if (which === "cancel" || !offered[parseInt(which, 10)]) {
      page.choosing = null;
      page.selected = null;
      show("");
      render();
      return;
    }
    play(offered[parseInt(which, 10)]);
  }

  function review(ply) {
    page.viewing = ply >= page.state.moves.length ? null : ply;
    page.selected = null;
    show(page.viewing === null ? "" : "Showing the position after move " + ply + ".");
    render();
  }

  function navigate(where) {
    const last = page.state.moves.length;
    const at = page.viewing === null ? last : page.viewing;
    const to = { first: 0, back: Math.max(0, at - 1), forward: Math.min(last, at + 1), last: last }[where];
    if (to === undefined) return;
    if (!dataCurrent() && to !== last) return show("Loading the positions…", "why");
    review(to);
  }

  async function act(name, button) {
    const urls = config.urls;
    if (name === "pass" || name === "warp") return button.entry && play(button.entry);
    if (name === "other-move") {
      const san = $("[data-other-moves] select").value;
      const entry = entries().filter(function (e) { return e.san === san; })[0];
      return entry && play(entry);
    }
    if (name === "draw-offer") return post(urls.draw, { action: "offer" }, "Your draw offer stands until your opponent answers or moves.");
    if (name === "draw-accept") return post(urls.draw, { action: "accept" });
    if (name === "draw-decline") return post(urls.draw, { action: "decline" }, "You declined the draw.");
    if (name === "claim-concede") return post(urls.claim, { kind: page.state.claim.kind, action: "concede" });
    if (name === "claim-refuse") return post(urls.claim, { kind: page.state.claim.kind, action: "refuse" }, "The claim goes to the arbiter.");
    if (name === "claim") return startClaim($("[data-claim-box] select").value);
    if (name === "claim-cancel") {
      page.claimKind = "";
      show("");
      return renderActions();
    }
    if (name === "resign") page.confirmResign = true;
    if (name === "resign-no") page.confirmResign = false;
    if (name === "resign-yes") {
      page.confirmResign = false;
      return post(urls.resign, {}, "You resigned.");
    }
    renderActions();
  }

  function startClaim(kind) {
    const claim = config.claims.filter(function (c) { return c.kind === kind; })[0];
    if (!claim) return;
    if (!claim.withMove) return post(config.urls.claim, { kind: kind }, "");
    page.claimKind = kind;
    show("Now make the move that completes " + (TERMS[kind] || kind) + ": it is sent with your claim.");
    renderActions();
  }

  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
    if (keys[event.key]) {
      navigate(keys[event.key]);
      event.preventDefault();
    } else if (event.key === "Escape") {
      page.selected = null;
      page.choosing = null;
      show("");
      render();
    }
  });

  render();
  setInterval(tick, 100);
  if (!watch) setInterval(function () { if (!finished() && !document.hidden) refresh(); }, config.poll * 1000);
})();
