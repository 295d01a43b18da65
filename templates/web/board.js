/* The board follows its game: it polls the board's JSON and, when that changed, fetches the page
   and brings the open one up to date in place (so CSS transitions play and nothing blinks).
   When the connection drops it keeps the last board, says "Reconnecting", and tries again. */
(function () {
  "use strict";
  var board = document.getElementById("board");
  var net = document.getElementById("net");
  if (!board || !window.fetch) return;
  var every = Number(board.getAttribute("data-poll")) || 2000;
  var last = null;
  var failures = 0;

  function keyed(node) { return node.nodeType === 1 && node.hasAttribute("data-keyed"); }

  function sameShape(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i].nodeName !== b[i].nodeName) return false;
    return true;
  }

  // Make `a` look like `b`, keeping a's nodes wherever the shape allows.
  function morph(a, b) {
    if (a.nodeType !== 1) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    Array.prototype.slice.call(a.attributes).forEach(function (at) {
      if (!b.hasAttribute(at.name)) a.removeAttribute(at.name);
    });
    Array.prototype.slice.call(b.attributes).forEach(function (at) {
      if (a.getAttribute(at.name) !== at.value) a.setAttribute(at.name, at.value);
    });
    if (keyed(a)) return morphKeyed(a, b);
    var ak = a.childNodes, bk = b.childNodes;
    if (!sameShape(ak, bk)) {
      a.replaceChildren.apply(a, Array.prototype.map.call(bk, function (n) {
        return document.importNode(n, true);
      }));
      return;
    }
    for (var i = 0; i < ak.length; i++) morph(ak[i], bk[i]);
  }

  // Children matched by id: new ones are inserted (and marked fresh), gone ones removed.
  function morphKeyed(a, b) {
    var old = {};
    Array.prototype.forEach.call(a.children, function (el) { old[el.id] = el; });
    var kids = Array.prototype.map.call(b.children, function (el) {
      var mine = old[el.id];
      if (mine) { morph(mine, el); return mine; }
      var fresh = document.importNode(el, true);
      fresh.classList.add("fresh");
      return fresh;
    });
    kids.forEach(function (kid, i) {
      if (a.children[i] !== kid) a.insertBefore(kid, a.children[i] || null);
    });
    while (a.children.length > kids.length) a.lastElementChild.remove();
  }

  // On the TV the latest events fill what is left of the screen: show only whole ones.
  function fit() {
    var list = document.getElementById("events");
    if (!list) return;
    var items = list.children, cut = false, bottom = list.getBoundingClientRect().bottom;
    for (var i = 0; i < items.length; i++) items[i].hidden = false;
    if (getComputedStyle(list).overflowY !== "hidden") return;
    for (i = 0; i < items.length; i++) {
      cut = cut || items[i].getBoundingClientRect().bottom > bottom + 1;
      items[i].hidden = cut;
    }
  }

  function connected(ok) {
    failures = ok ? 0 : failures + 1;
    if (net) net.hidden = failures < 1;
    board.classList.toggle("stale", failures > 0);
  }

  function text(response) {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.text();
  }

  function update(json) {
    if (json === last) return null;
    return fetch(board.getAttribute("data-page"), {cache: "no-store"}).then(text).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board");
      if (!fresh) throw new Error("no board in the page");
      morph(board, fresh);
      board.classList.add("fit");
      last = json;
      fit();
    });
  }

  function poll() {
    fetch(board.getAttribute("data-json"), {cache: "no-store"})
      .then(text)
      .then(update)
      .then(function () { connected(true); }, function () { connected(false); })
      .then(function () {
        setTimeout(poll, failures ? Math.min(every * Math.pow(2, failures - 1), 15000) : every);
      });
  }

  board.classList.add("fit");
  window.addEventListener("resize", fit);
  fit();
  setTimeout(poll, every);
})();
