// The dashboard's live cards (server-sent events) and idle timers. The project's own
// script: nothing is loaded from elsewhere.
"use strict";

function tickIdle() {
  const now = Date.now() / 1000;
  for (const el of document.querySelectorAll("[data-idle-since]")) {
    const since = parseFloat(el.dataset.idleSince);
    el.textContent = Number.isFinite(since) ? Math.max(0, Math.floor((now - since) / 60)) + " min" : "-";
  }
}

function follow(grid) {
  const source = new EventSource("/events?after=" + encodeURIComponent(grid.dataset.version || "0"));
  source.addEventListener("card", (event) => {
    const body = JSON.parse(event.data);
    const holder = document.createElement("div");
    holder.innerHTML = body.html.trim();
    const card = holder.firstElementChild;
    const old = document.getElementById("table-" + body.name);
    if (old) {
      old.replaceWith(card);
    } else {
      grid.appendChild(card);
      const empty = document.querySelector("p.empty");
      if (empty) empty.remove();
    }
    grid.dataset.version = String(body.version);
    tickIdle();
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const grid = document.getElementById("tables");
  if (grid && window.EventSource) follow(grid);
  tickIdle();
  setInterval(tickIdle, 15000);
});
