/* The replay's stepper: one step on screen, Previous/Next (or the arrow keys), the step in the URL. */
(function () {
  "use strict";
  var list = document.querySelector(".steps");
  var nav = document.querySelector(".stepper");
  if (!list || !nav) return;
  var steps = list.querySelectorAll(".step");
  var where = document.getElementById("where");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var at = 0;

  function show(i, push) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    steps.forEach(function (step, k) { step.classList.toggle("current", k === at); });
    var says = where.getAttribute("data-says") || "Step {n} of {of}";  // in the page's language
    where.textContent = says.replace("{n}", at + 1).replace("{of}", steps.length);
    prev.disabled = at === 0;
    next.disabled = at === steps.length - 1;
    if (push) history.replaceState(null, "", "#" + steps[at].id);
    window.scrollTo(0, 0);
  }

  function fromHash() {
    var m = /^#step-(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) - 1 : 0;
  }

  prev.addEventListener("click", function () { show(at - 1, true); });
  next.addEventListener("click", function () { show(at + 1, true); });
  document.addEventListener("keydown", function (e) {
    if (e.target.closest && e.target.closest("input, textarea, summary")) return;
    if (e.key === "ArrowRight") show(at + 1, true);
    if (e.key === "ArrowLeft") show(at - 1, true);
  });
  window.addEventListener("hashchange", function () { show(fromHash(), false); });
  list.classList.add("one");
  nav.hidden = false;
  show(fromHash(), false);
})();
