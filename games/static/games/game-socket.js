/* GameSocket: the state of one game, pushed by the server over /ws/games/{id}/ (games/consumers.py).
 *
 * Usage (any page; no other script needed):
 *
 *   <script src="{% static 'games/game-socket.js' %}"></script>
 *   const watch = GameSocket.watch(gameId, {
 *     onState(game) { ... },    // the GET /api/games/{id}/ payload: first the current state, then the state after
 *                               // every change (move, clock change by the arbiter, offer, claim, end). Never an
 *                               // older state than the last one given: `game.version` only goes up.
 *     onStatus(status) { ... }, // "connecting", "live" (socket open), "reconnecting" (socket dropped: the state
 *                               // is polled every `fallbackSeconds` until it is back), "closed" (code 4403 or 4404:
 *                               // no such game, or not visible to this user; nothing more will come)
 *   }, { fallbackSeconds: 30 });
 *   watch.refresh();            // fetch the state now (e.g. after this page posted a move and wants no wait)
 *   watch.close();
 *
 * The socket listens only: moves and actions go to the REST API (POST /api/games/{id}/moves/, resign/, draw/,
 * claim/), whose answer is the new state too; pass it to watch.offer(game) so both paths go through one place.
 * A logged-in player's socket (session cookie) also carries their own sealed Parity move, as the API does.
 * Delivery over a channel layer is at most once: a jump in versions makes one GET to resync, and a socket that
 * reconnects starts with the current state. It reconnects by itself (1, 2, 4 ... 30 s) and pings every 25 s.
 */
(function (global) {
  "use strict";

  function watch(gameId, handlers, options) {
    const opts = Object.assign({ fallbackSeconds: 30, apiBase: "/api/games/" }, options || {});
    const onState = handlers.onState || function () {};
    const onStatus = handlers.onStatus || function () {};
    const scheme = global.location.protocol === "https:" ? "wss:" : "ws:";
    const socketUrl = `${scheme}//${global.location.host}/ws/games/${gameId}/`;
    const apiUrl = `${opts.apiBase}${gameId}/`;
    let version = -1;
    let socket = null;
    let closed = false;
    let backoff = 1000;
    let pollTimer = null;
    let pingTimer = null;
    let retryTimer = null;

    function offer(game) {
      if (!game || typeof game.version !== "number" || game.version < version) return false;
      version = game.version;
      onState(game);
      return true;
    }

    async function refresh() {
      try {
        const response = await fetch(apiUrl, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "same-origin" });
        if (response.ok) offer(await response.json());
      } catch (e) { /* offline for a moment: the socket or the next poll will catch up */ }
    }

    function startPolling() {
      if (pollTimer === null) pollTimer = setInterval(refresh, opts.fallbackSeconds * 1000);
    }

    function stopPolling() {
      if (pollTimer !== null) clearInterval(pollTimer);
      pollTimer = null;
    }

    function connect() {
      if (closed) return;
      onStatus(version < 0 ? "connecting" : "reconnecting");
      socket = new WebSocket(socketUrl);
      socket.onopen = function () {
        backoff = 1000;
        stopPolling();
        onStatus("live");
        pingTimer = setInterval(function () {
          if (socket && socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
        }, 25000);
      };
      socket.onmessage = function (event) {
        let message;
        try { message = JSON.parse(event.data); } catch (e) { return; }
        if (message.type !== "state") return;
        const gap = version >= 0 && message.game.version > version + 1;
        offer(message.game);
        if (gap) refresh(); // a message may have been dropped: make sure nothing newer was missed
      };
      socket.onclose = function (event) {
        clearInterval(pingTimer);
        socket = null;
        if (closed) return;
        if (event.code === 4403 || event.code === 4404) {
          closed = true;
          onStatus("closed");
          return;
        }
        onStatus("reconnecting");
        startPolling();
        retryTimer = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, 30000);
      };
    }

    connect();
    return {
      offer: offer,
      refresh: refresh,
      close: function () {
        closed = true;
        stopPolling();
        clearTimeout(retryTimer);
        clearInterval(pingTimer);
        if (socket) socket.close();
      },
    };
  }

  global.GameSocket = { watch: watch };
})(window);
