// What is wider than its column on a narrow screen. An equation is shrunk to fit, but never
// below 12 CSS px of text (smaller is hard to read on a phone); what is still too wide, every
// table too wide for its column, and every code output whose columns would not survive
// wrapping, scrolls sideways under a visible "scroll sideways" hint above it. Other code
// outputs (a printed sentence, a long repr) wrap instead. MathJax 3 cannot break lines,
// hence the scaling.
(function () {
  const SMALLEST_PX = 12;
  const named = {};  // how many scrolling tables, equations and outputs are named so far

  // A box that scrolls must be reachable by keyboard to scroll it; a formula
  // itself must not be a Tab stop, so a wide equation scrolls in a wrapper.
  function hint(box, what) {
    if (box.previousElementSibling && box.previousElementSibling.classList.contains("rml-scroll-hint")) return;
    if (box.tagName === "MJX-CONTAINER") {
      const wrapper = document.createElement("div");
      box.replaceWith(wrapper);
      wrapper.append(box);
      box.style.overflow = "visible"; // the wrapper scrolls, not the formula
      // The theme lays div.math out as a row: the hint gets a line of its own above.
      wrapper.parentElement.classList.add("rml-holds-scroller");
      box = wrapper;
    }
    box.classList.add("rml-scrolls");
    if (box.tabIndex < 0) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      // Each region its own name (axe: landmark-unique): its table's caption, or
      // its place among the page's scrolling tables, equations or outputs.
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
    const size = parseFloat(getComputedStyle(eq).fontSize);
    const smallest = Math.min(1, SMALLEST_PX / size);
    const scale = Math.max(smallest, Math.floor((room / eq.scrollWidth) * 100) / 100);
    eq.style.fontSize = scale * 100 + "%";
    if (display && eq.scrollWidth > room + 1) hint(eq, "equation");
  }

  // Lines aligned in columns (two spaces or more between values) scroll; other text wraps.
  function fitOutput(pre) {
    if (pre.scrollWidth <= pre.clientWidth + 1) return;
    if (!/\S {2,}\S/.test(pre.textContent)) {
      pre.classList.add("rml-wraps");
      if (pre.scrollWidth <= pre.clientWidth + 1) return;
    }
    hint(pre, "output");
  }

  function fitAll() {
    document.querySelectorAll(".bd-article mjx-container").forEach(fitEquation);
    document.querySelectorAll(".bd-article .pst-scrollable-table-container").forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) hint(box, "table");
    });
    document.querySelectorAll(".bd-article .cell_output pre").forEach(fitOutput);
  }

  function start() {
    const typeset = window.MathJax && MathJax.startup && MathJax.startup.promise;
    (typeset || Promise.resolve()).then(fitAll);
  }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
