/* An event's public pages, kept current by the event socket /ws/events/{slug}/ (games/consumers.py).
 *
 * Included by templates/games/_event_socket.html as <script src=".../event-live.js" data-event="SLUG" defer>.
 * Reusable part:
 *
 *   const watch = EventSocket.watch(slug, {
 *     onMessage(news) { ... },  // {type: "round-published" | "result-final" | "standings-updated" | "round-corrected"
 *                               //  | "your-game" | "your-game-changed", ...}
 *     onStatus(status) { ... }, // "live", "reconnecting" (socket dropped), "closed" (4403/4404)
 *   });
 *   watch.close();
 *
 * Page part: after round-published, result-final or standings-updated the page's <main> is fetched again and
 * swapped in, once per burst of news and after a random wait of up to 3 s (so that a room full of watchers does
 * not ask at the same instant); "your-game" shows the logged-in player a link to their game, "your-game-changed"
 * where they play after a correction (swapped colours, a new opponent, a bye, the round withdrawn). While the socket is
 * down the page is refreshed every 60 s instead; nothing is polled while it is up.
 *
 * Games in play (issue 29): a page part marked data-live-games="ID,ID,..." (the provisional standings, a round's
 * verdicts) also listens to each of those games' sockets /ws/games/{id}/ (at most 64), and is fetched again after
 * each move it hears of, so the standings "if the games ended now" follow the boards.
 */
(function (global) {
  "use strict";

  function watch(slug, handlers) {
    const onMessage = handlers.onMessage || function () {};
    const onStatus = handlers.onStatus || function () {};
    const scheme = global.location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${global.location.host}/ws/events/${encodeURIComponent(slug)}/`;
    let socket = null, closed = false, backoff = 1000, retry = null, ping = null;

    function connect() {
      if (closed) return;
      socket = new WebSocket(url);
      socket.onopen = function () {
        backoff = 1000;
        onStatus("live");
        ping = setInterval(function () { if (socket && socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}'); }, 25000);
      };
      socket.onmessage = function (event) {
        let news;
        try { news = JSON.parse(event.data); } catch (e) { return; }
        if (news.type !== "pong" && news.type !== "error") onMessage(news);
      };
      socket.onclose = function (event) {
        clearInterval(ping);
        socket = null;
        if (closed) return;
        if (event.code === 4403 || event.code === 4404) { closed = true; onStatus("closed"); return; }
        onStatus("reconnecting");
        retry = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, 30000);
      };
    }

    connect();
    return { close: function () { closed = true; clearTimeout(retry); clearInterval(ping); if (socket) socket.close(); } };
  }

  global.EventSocket = { watch: watch };

  // --- the page ----------------------------------------------------------------------------------------------
  const script = document.currentScript;
  const slug = script && script.dataset.event;
  const main = document.getElementById("main");
  if (!slug || !main) return;
  // The news line goes under the page, the player's notice above it: both outside <main>, which is swapped.
  const status = document.createElement("p");
  status.className = "note";
  status.id = "event-live";
  status.setAttribute("aria-live", "polite");
  main.after(status);
  const banner = document.createElement("div");
  banner.id = "your-game";
  main.before(banner);
  let pending = null, fallback = null;

  async function reload(reason) {
    pending = null;
    try {
      const response = await fetch(global.location.href, { headers: { Accept: "text/html" }, cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("main");
      if (!fresh) return;
      main.replaceChildren(...Array.from(fresh.childNodes).map((node) => document.adoptNode(node)));
      followGames();
      status.textContent = `Updated ${new Date().toLocaleTimeString()}${reason ? ": " + reason : ""}.`;
    } catch (e) { /* offline for a moment: the next news or the fallback refresh will catch up */ }
  }

  function soon(reason) {
    if (pending) return;
    pending = setTimeout(function () { reload(reason); }, 1000 + Math.random() * 2000);
  }

  // --- the games in play that the page counts (data-live-games) ---------------------------------------------------
  const gameSockets = new Map();  // id -> {socket, version}
  const MAX_GAME_SOCKETS = 64;
  const scheme = global.location.protocol === "https:" ? "wss:" : "ws:";

  function followGame(id) {
    const entry = { socket: null, version: null, closed: false };
    function connect() {
      if (entry.closed) return;
      entry.socket = new WebSocket(`${scheme}//${global.location.host}/ws/games/${id}/`);
      entry.socket.onmessage = function (event) {
        let message;
        try { message = JSON.parse(event.data); } catch (e) { return; }
        const state = message.type === "state" && message.game;
        if (!state || typeof state.version !== "number") return;
        const seen = entry.version;
        entry.version = Math.max(seen === null ? -1 : seen, state.version);
        if (seen !== null && state.version > seen) soon("a move was played");
      };
      entry.socket.onclose = function (event) {
        if (entry.closed || event.code === 4403 || event.code === 4404) return;
        setTimeout(connect, 5000 + Math.random() * 5000);
      };
    }
    connect();
    entry.close = function () { entry.closed = true; if (entry.socket) entry.socket.close(); };
    gameSockets.set(id, entry);
  }

  function followGames() {
    const marked = main.querySelector("[data-live-games]");
    const wanted = new Set(((marked && marked.dataset.liveGames) || "").split(",").filter(Boolean).slice(0, MAX_GAME_SOCKETS));
    for (const [id, entry] of gameSockets) if (!wanted.has(id)) { entry.close(); gameSockets.delete(id); }
    for (const id of wanted) if (!gameSockets.has(id)) followGame(id);
  }
  followGames();

  const words = {
    "round-published": (n) => `round ${n.round} published`,
    "result-final": (n) => `board ${n.board} of round ${n.round}: ${n.result}`,
    "standings-updated": () => "standings updated",
    "round-corrected": (n) => `round ${n.round} corrected`,
  };

  function changed(news) {
    if (news.game) return `Your game of round ${news.round} changed: board ${news.board}, you play ${news.seat === "white" ? "White" : "Black"} against ${news.opponent}. `;
    if (news.bye) return `Your pairing in round ${news.round} changed: you have a bye. `;
    return `Round ${news.round} changed: ${news.text} `;
  }
  watch(slug, {
    onMessage: function (news) {
      if (news.type === "your-game" || news.type === "your-game-changed") {
        banner.innerHTML = '<p role="status" style="border-left: 4px solid #0a7d27; background: #eef8f0; padding: .5rem .8rem; max-width: 40rem"></p>';
        const line = banner.firstChild;
        line.textContent = news.type === "your-game"
          ? `Your game of round ${news.round} is ready: board ${news.board} against ${news.opponent}. `
          : changed(news);
        const link = document.createElement("a");
        link.href = news.url;
        link.textContent = "Open it";
        line.appendChild(link);
        return;
      }
      if (words[news.type]) soon(words[news.type](news));
    },
    onStatus: function (state) {
      status.dataset.socket = state;
      if (state === "live") {
        if (fallback) { clearInterval(fallback); fallback = null; reload(""); }
        status.textContent = status.textContent || "Live: this page updates itself when results and rounds come in.";
      } else if (state === "reconnecting" && !fallback) {
        status.textContent = "Connection lost: reconnecting, and refreshing this page every minute meanwhile.";
        fallback = setInterval(function () { reload(""); }, 60000);
      }
    },
  });
})(window);
