(function () {
  "use strict";
  var box = document.getElementById("live");
  if (box && window.EventSource) {
    var feed = new EventSource(box.getAttribute("data-events"));
    feed.addEventListener("view", function (e) {
      var data = JSON.parse(e.data);
      box.innerHTML = data.html;
      box.setAttribute("data-version", data.version);
      var names = document.querySelector("details.names");
      // An old game's page, or the game over (its result shown): no names to send.
      if ((!data.live || box.querySelector("#result")) && names) { names.parentNode.removeChild(names); }
      var form = document.querySelector("form.names");
      var asked = form ? Number(form.getAttribute("data-seats")) : 0;
      var active = form && form.contains(document.activeElement);
      // The game chosen or started: the names asked changed (set-up to the game's seats).
      if (form && data.live && data.seats !== asked && !active) { location.reload(); }
    });
    feed.addEventListener("gone", function () { feed.close(); location.reload(); });
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.classList.contains("names") || !window.fetch) { return; }
    e.preventDefault();
    var said = form.querySelector(".said");
    fetch(form.action, {method: "POST", body: new FormData(form), headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (answer) { said.textContent = answer.said || form.getAttribute("data-refused"); })
      .catch(function () { said.textContent = form.getAttribute("data-refused"); });
  });
  document.addEventListener("click", function (e) {
    var lang = e.target.getAttribute && e.target.getAttribute("data-lang");
    if (!lang) { return; }
    e.preventDefault();
    document.cookie = "lang=" + lang + "; path=/; max-age=31536000; samesite=strict";
    location.reload();
  });
})();
