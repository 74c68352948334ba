// The dashboard's live cards (server-sent events) and idle timers. The project's own
// script: nothing is loaded from elsewhere.
"use strict";

// As companion.web.i18n.idle_text: "7 min", "2 h 05", "3 d" (days: "{days} j" in French).
function idleText(seconds, days) {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 60) return minutes + " min";
  if (minutes < 1440) return Math.floor(minutes / 60) + " h " + String(minutes % 60).padStart(2, "0");
  return (days || "{days} d").replace("{days}", String(Math.floor(minutes / 1440)));
}

function tickIdle() {
  const now = Date.now() / 1000;
  for (const el of document.querySelectorAll("[data-idle-since]")) {
    const since = parseFloat(el.dataset.idleSince);
    el.textContent = Number.isFinite(since) ? idleText(now - since, el.dataset.days) : "-";
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
      // In the order of the page (companion.web.pages.table_order): t2 before t10.
      const after = Array.from(grid.children).find(
        (other) => other.id.localeCompare(card.id, undefined, { numeric: true }) > 0,
      );
      grid.insertBefore(card, after || null);
      const empty = document.querySelector("p.empty");
      if (empty) empty.remove();
    }
    grid.dataset.version = String(body.version);
    tickIdle();
  });
  // The server stopped or started receiving (the broker down, say): the banner, live.
  source.addEventListener("receiving", (event) => {
    const receiving = JSON.parse(event.data).receiving;
    const banner = document.getElementById("not-receiving");
    if (receiving && banner) banner.remove();
    if (!receiving && !banner) {
      const said = document.createElement("p");
      said.className = "error";
      said.id = "not-receiving";
      said.setAttribute("role", "alert");
      said.textContent = grid.dataset.notReceiving;
      document.querySelector("h1").after(said);
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const grid = document.getElementById("tables");
  if (grid && window.EventSource) follow(grid);
  tickIdle();
  setInterval(tickIdle, 15000);
});
