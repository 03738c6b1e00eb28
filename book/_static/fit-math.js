// On a narrow screen, an equation wider than its column is shrunk to fit, down
// to 60 % of its size (below that it is hard to read); what is still too wide,
// and every table too wide for its column, scrolls sideways under a visible
// "scroll sideways" hint. MathJax 3 cannot break lines, hence the scaling.
(function () {
  const SMALLEST = 0.6;
  const named = {};  // how many scrolling tables and equations are named so far

  // A box that scrolls must be reachable by keyboard to scroll it; a formula
  // itself must not be a Tab stop, so a wide equation scrolls in a wrapper.
  function hint(box, what) {
    if (box.previousElementSibling && box.previousElementSibling.classList.contains("rml-scroll-hint")) return;
    if (box.tagName === "MJX-CONTAINER") {
      const wrapper = document.createElement("div");
      box.replaceWith(wrapper);
      wrapper.append(box);
      box.style.fontSize = SMALLEST * 100 + "%";
      box.style.overflow = "visible"; // the wrapper scrolls, not the formula
      box = wrapper;
    }
    box.classList.add("rml-scrolls");
    if (box.tabIndex < 0) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      // Each region its own name (axe: landmark-unique): its table's caption, or
      // its place among the page's scrolling tables or equations.
      const caption = box.querySelector("caption");
      const name = caption ? caption.textContent.replace(/\s+/g, " ").trim() : "";
      named[what] = (named[what] || 0) + 1;
      box.setAttribute("aria-label", `${what} ${named[what]}${name ? " (" + name + ")" : ""}, scrolls sideways`);
    }
    const note = document.createElement("p");
    note.className = "rml-scroll-hint";
    note.setAttribute("aria-hidden", "true");
    note.textContent = "⇆ " + what + " wider than the screen: scroll sideways";
    box.before(note);
  }

  function fitEquation(eq) {
    eq.style.fontSize = "";
    if (eq.closest("table")) return; // the table scrolls as a whole
    const display = eq.getAttribute("display") === "true";
    const room = (display ? eq.parentElement : eq.closest("p, li, dd, dt, div")).clientWidth;
    if (eq.scrollWidth <= room + 1) return;
    const scale = Math.max(SMALLEST, Math.floor((room / eq.scrollWidth) * 100) / 100);
    eq.style.fontSize = scale * 100 + "%";
    if (display && eq.scrollWidth > room + 1) hint(eq, "equation");
  }

  function fitAll() {
    document.querySelectorAll(".bd-article mjx-container").forEach(fitEquation);
    document.querySelectorAll(".bd-article .pst-scrollable-table-container").forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) hint(box, "table");
    });
  }

  function start() {
    const typeset = window.MathJax && MathJax.startup && MathJax.startup.promise;
    (typeset || Promise.resolve()).then(fitAll);
  }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
